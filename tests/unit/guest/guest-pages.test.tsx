import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { assignPage } from "../../../src/routing/page-load";
import { currentUrl, renderGuest } from "./render";

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => vi.mocked(assignPage).mockReset());
afterEach(() => window.history.replaceState(null, "", "/"));

describe("RegisterPage", () => {
  async function fill(password: string, confirm: string) {
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.test");
    await user.type(screen.getByLabelText("Password"), password);
    await user.type(screen.getByLabelText("Confirm password"), confirm);
    await user.click(screen.getByRole("button", { name: "Create account" }));
  }

  it("registers with the invitation token and opens the app at home", async () => {
    const register = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderGuest("/register?token=invite-1", { register });
    await fill("0123456789", "0123456789");
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith({
        name: "Ada",
        email: "ada@example.test",
        password: "0123456789",
        token: "invite-1",
      }),
    );
    await waitFor(() => expect(assignPage).toHaveBeenCalledWith("/"));
  });

  it("requires 10 characters and a matching confirmation", async () => {
    const register = vi.fn(async () => ({ success: true }));
    renderGuest("/register?token=t", { register });
    await fill("short", "other");
    expect(await screen.findByText("Use at least 10 characters")).toBeTruthy();
    expect(await screen.findByText("The passwords do not match")).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it("shows the server's error", async () => {
    const register = vi.fn(async () => ({
      success: false,
      error: { name: "x", message: "Invitation expired" },
    }));
    renderGuest("/register?token=t", { register });
    await fill("0123456789", "0123456789");
    expect(await screen.findByText("Invitation expired")).toBeTruthy();
    expect(assignPage).not.toHaveBeenCalled();
  });

  it("explains that an invitation is needed when the link has no token", () => {
    renderGuest("/register");
    expect(screen.getByText(/Registration needs an invitation/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create account" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Sign up with Google" })).toBeDisabled();
  });

  it("signs up through SSO with the invitation token and opens the app at home", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderGuest("/register?token=invite-2", { login });
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign up with Google" }));
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({ providerName: "google", token: "invite-2", redirect: "/" }),
    );
    await waitFor(() => expect(assignPage).toHaveBeenCalledWith("/"));
  });

  it("shows the SSO error in the same place", async () => {
    const login = vi.fn(async () => ({ success: false, error: { name: "x", message: "No such shop" } }));
    renderGuest("/register?token=t", { login });
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign up with Google" }));
    expect(await screen.findByText("No such shop")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create account" })).toBeEnabled();
  });

  it("links to the sign-in page", () => {
    renderGuest("/register?token=t");
    expect(screen.getByRole("link", { name: "Already have an account? Sign in" })).toHaveAttribute(
      "href",
      "/login",
    );
  });
});

describe("ForgotPasswordPage", () => {
  it("asks for the link with the typed email and confirms", async () => {
    const forgotPassword = vi.fn(async () => ({ success: true }));
    renderGuest("/forgot-password", { forgotPassword });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Email"), "ada@example.test");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(forgotPassword).toHaveBeenCalledWith({ email: "ada@example.test" }));
    expect(await screen.findByText(/Check the inbox of ada@example.test/)).toBeTruthy();
    expect(currentUrl()).toBe("/forgot-password");
    expect(assignPage).not.toHaveBeenCalled();
  });

  it("shows the error and keeps the form", async () => {
    const forgotPassword = vi.fn(async () => ({
      success: false,
      error: { name: "x", message: "Try later" },
    }));
    renderGuest("/forgot-password", { forgotPassword });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Email"), "ada@example.test");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Try later")).toBeTruthy();
    expect(screen.getByLabelText("Email")).toBeTruthy();
  });
});

describe("ResetPasswordPage", () => {
  it("sends the token and the new password, then shows /login without a page load", async () => {
    const updatePassword = vi.fn(async () => ({ success: true, redirectTo: "/login" }));
    renderGuest("/reset-password?token=reset-1", { updatePassword });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("New password"), "0123456789");
    await user.type(screen.getByLabelText("Confirm new password"), "0123456789");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    await waitFor(() =>
      expect(updatePassword).toHaveBeenCalledWith({ token: "reset-1", password: "0123456789" }),
    );
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
    expect(currentUrl()).toBe("/login");
    expect(assignPage).not.toHaveBeenCalled();
  });

  it("refuses passwords that differ", async () => {
    const updatePassword = vi.fn(async () => ({ success: true }));
    renderGuest("/reset-password?token=t", { updatePassword });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("New password"), "0123456789");
    await user.type(screen.getByLabelText("Confirm new password"), "0123456788");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("The passwords do not match")).toBeTruthy();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it("explains an incomplete link and offers a new one", () => {
    renderGuest("/reset-password");
    expect(screen.getByText(/This link is incomplete/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reset password" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });
});
