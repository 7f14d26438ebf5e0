import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { assignPage, replacePage } from "../../../src/routing/page-load";
import { currentUrl, renderGuest } from "./render";

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => vi.mocked(assignPage).mockReset());
afterEach(() => window.history.replaceState(null, "", "/"));

async function signIn(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("LoginPage", () => {
  it("submits the typed values with the redirect query value and opens the app there", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/orders/5" }));
    renderGuest("/login?redirect=%2Forders%2F5", { login });
    await signIn("ada@example.test", "secret-pass");
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(login).toHaveBeenCalledWith({
      email: "ada@example.test",
      password: "secret-pass",
      redirect: "/orders/5",
    });
    // A page load: main.tsx then starts the full app, now that there is a session.
    await waitFor(() => expect(assignPage).toHaveBeenCalledWith("/orders/5"));
    expect(replacePage).not.toHaveBeenCalled();
  });

  it("passes no redirect value when the URL has none", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderGuest("/login", { login });
    await signIn("ada@example.test", "secret-pass");
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({
        email: "ada@example.test",
        password: "secret-pass",
        redirect: null,
      }),
    );
    await waitFor(() => expect(assignPage).toHaveBeenCalledWith("/"));
  });

  it("shows the login error under the form and stays on the page", async () => {
    const login = vi.fn(async () => ({
      success: false,
      error: { name: "Login failed", message: "Invalid email or password" },
    }));
    renderGuest("/login", { login });
    await signIn("ada@example.test", "wrong-pass");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Invalid email or password");
    expect(screen.getAllByText("Invalid email or password")).toHaveLength(1);
    expect(currentUrl()).toBe("/login");
    expect(assignPage).not.toHaveBeenCalled();
    // The form is usable again.
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("clears the previous error when signing in again", async () => {
    const login = vi
      .fn()
      .mockResolvedValueOnce({ success: false, error: { name: "Login failed", message: "Nope" } })
      .mockResolvedValueOnce({ success: true, redirectTo: "/" });
    renderGuest("/login", { login });
    await signIn("ada@example.test", "wrong");
    await screen.findByText("Nope");
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.queryByText("Nope")).toBeNull());
  });

  it("does not call login while the fields are invalid", async () => {
    const login = vi.fn(async () => ({ success: true }));
    renderGuest("/login", { login });
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter your email address")).toBeTruthy();
    expect(await screen.findByText("Enter your password")).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it("starts Google sign-in with the redirect value", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/runs" }));
    renderGuest("/login?redirect=%2Fruns", { login });
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign in with Google" }));
    await waitFor(() => expect(login).toHaveBeenCalledWith({ providerName: "google", redirect: "/runs" }));
    await waitFor(() => expect(assignPage).toHaveBeenCalledWith("/runs"));
  });

  it("while Google sign-in runs, the form waits; after it, the buttons stay busy while the app loads", async () => {
    let finish: (value: { success: boolean; redirectTo: string }) => void = () => {};
    const login = vi.fn(() => new Promise<{ success: boolean; redirectTo: string }>((r) => (finish = r)));
    renderGuest("/login", { login });
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign in with Google" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /Sign in with Google/ })).toHaveClass("ant-btn-loading"),
    );
    expect(screen.getByRole("button", { name: "Sign in" })).toBeDisabled();
    finish({ success: true, redirectTo: "/" });
    await waitFor(() => expect(assignPage).toHaveBeenCalledWith("/"));
    expect(screen.getByRole("button", { name: "Sign in" })).toBeDisabled();
  });

  it("follows the answer of the sign-in call, never a query parameter of its own", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderGuest("/login?to=%2F%2Fevil.com", { login });
    await signIn("ada@example.test", "secret-pass");
    await waitFor(() => expect(assignPage).toHaveBeenCalledWith("/"));
  });

  it("links to the forgot-password page and can be used from the keyboard", async () => {
    renderGuest("/login");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    const user = userEvent.setup({ delay: null });
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
  });
});
