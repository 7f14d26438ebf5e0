import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import LoginPage from "../../../src/pages/auth/login-page";
import { fakeAuthProvider, renderAt } from "./render";

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

async function signIn(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("LoginPage", () => {
  it("submits the typed values with the redirect query value and goes there", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/orders/5" }));
    renderAt("/login?redirect=%2Forders%2F5", <LoginPage />, fakeAuthProvider({ login }));
    await signIn("ada@example.test", "secret-pass");
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(login).toHaveBeenCalledWith({
      email: "ada@example.test",
      password: "secret-pass",
      redirect: "/orders/5",
    });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/orders/5"));
  });

  it("shows the login error under the form and stays on the page", async () => {
    const login = vi.fn(async () => ({
      success: false,
      error: { name: "Login failed", message: "Invalid email or password" },
    }));
    renderAt("/login", <LoginPage />, fakeAuthProvider({ login }));
    await signIn("ada@example.test", "wrong-pass");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Invalid email or password");
    expect(screen.getAllByText("Invalid email or password")).toHaveLength(1);
    expect(screen.getByTestId("location").textContent).toBe("/login");
  });

  it("clears the previous error when signing in again", async () => {
    const login = vi
      .fn()
      .mockResolvedValueOnce({ success: false, error: { name: "Login failed", message: "Nope" } })
      .mockResolvedValueOnce({ success: true, redirectTo: "/" });
    renderAt("/login", <LoginPage />, fakeAuthProvider({ login }));
    await signIn("ada@example.test", "wrong");
    await screen.findByText("Nope");
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.queryByText("Nope")).toBeNull());
  });

  it("does not call login while the fields are invalid", async () => {
    const login = vi.fn(async () => ({ success: true }));
    renderAt("/login", <LoginPage />, fakeAuthProvider({ login }));
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter your email address")).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it("starts Google sign-in with the redirect value", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/runs" }));
    renderAt("/login?redirect=%2Fruns", <LoginPage />, fakeAuthProvider({ login }));
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign in with Google" }));
    await waitFor(() => expect(login).toHaveBeenCalledWith({ providerName: "google", redirect: "/runs" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/runs"));
  });

  it("ignores Refine's unchecked `to` parameter and follows the provider's answer", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderAt("/login?to=%2F%2Fevil.com", <LoginPage />, fakeAuthProvider({ login }));
    await signIn("ada@example.test", "secret-pass");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
  });

  it("links to the forgot-password page and can be used from the keyboard", async () => {
    renderAt("/login", <LoginPage />, fakeAuthProvider());
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    const user = userEvent.setup({ delay: null });
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
  });
});
