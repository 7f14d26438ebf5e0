import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RedirectIfAuthenticated } from "../../../src/auth/redirect-if-authenticated";
import ForgotPasswordPage from "../../../src/pages/auth/forgot-password-page";
import RegisterPage from "../../../src/pages/auth/register-page";
import ResetPasswordPage from "../../../src/pages/auth/reset-password-page";
import { clearSession, setSessionToken } from "../../../src/providers/session";
import { fakeAuthProvider, renderAt } from "./render";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  clearSession();
});

const location = () => screen.getByTestId("location").textContent;

describe("RedirectIfAuthenticated", () => {
  const guarded = (
    <RedirectIfAuthenticated>
      <p>guest form</p>
    </RedirectIfAuthenticated>
  );

  it("sends a signed-in visitor to the redirect value", async () => {
    setSessionToken("s");
    renderAt(
      "/login?redirect=%2Forders%3Fpage%3D2",
      guarded,
      fakeAuthProvider({ check: async () => ({ authenticated: true }) }),
    );
    await waitFor(() => expect(location()).toBe("/orders?page=2"));
  });

  it("sends a signed-in visitor home without a redirect value", async () => {
    setSessionToken("s");
    renderAt(
      "/register?token=t",
      guarded,
      fakeAuthProvider({ check: async () => ({ authenticated: true }) }),
    );
    await waitFor(() => expect(location()).toBe("/"));
  });

  it.each(["%2F%2Fevil.com", "https%3A%2F%2Fevil.com", "%2F%5Cevil"])(
    "refuses the redirect %s",
    async (value) => {
      setSessionToken("s");
      renderAt(
        `/login?redirect=${value}`,
        guarded,
        fakeAuthProvider({ check: async () => ({ authenticated: true }) }),
      );
      await waitFor(() => expect(location()).toBe("/"));
    },
  );

  it("shows the page at once to a visitor without a session", async () => {
    const check = vi.fn(async () => ({ authenticated: false, redirectTo: "/login" }));
    renderAt("/login", guarded, fakeAuthProvider({ check }));
    expect(screen.getByText("guest form")).toBeTruthy();
    await waitFor(() => expect(check).toHaveBeenCalled());
    expect(location()).toBe("/login");
  });

  it("shows the page when the stored session turns out to be invalid", async () => {
    setSessionToken("stale");
    renderAt(
      "/login",
      guarded,
      fakeAuthProvider({ check: async () => ({ authenticated: false, logout: true }) }),
    );
    expect(await screen.findByText("guest form")).toBeTruthy();
  });
});

describe("RegisterPage", () => {
  async function fill(password: string, confirm: string) {
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.test");
    await user.type(screen.getByLabelText("Password"), password);
    await user.type(screen.getByLabelText("Confirm password"), confirm);
    await user.click(screen.getByRole("button", { name: "Create account" }));
  }

  it("registers with the invitation token and goes home", async () => {
    const register = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderAt("/register?token=invite-1", <RegisterPage />, fakeAuthProvider({ register }));
    await fill("0123456789", "0123456789");
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith({
        name: "Ada",
        email: "ada@example.test",
        password: "0123456789",
        token: "invite-1",
      }),
    );
    await waitFor(() => expect(location()).toBe("/"));
  });

  it("requires 10 characters and a matching confirmation", async () => {
    const register = vi.fn(async () => ({ success: true }));
    renderAt("/register?token=t", <RegisterPage />, fakeAuthProvider({ register }));
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
    renderAt("/register?token=t", <RegisterPage />, fakeAuthProvider({ register }));
    await fill("0123456789", "0123456789");
    expect(await screen.findByText("Invitation expired")).toBeTruthy();
  });

  it("explains that an invitation is needed when the link has no token", () => {
    renderAt("/register", <RegisterPage />, fakeAuthProvider());
    expect(screen.getByText(/Registration needs an invitation/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create account" }).hasAttribute("disabled")).toBe(true);
  });
});

describe("ForgotPasswordPage", () => {
  it("asks for the link with the typed email and confirms", async () => {
    const forgotPassword = vi.fn(async () => ({ success: true }));
    renderAt("/forgot-password", <ForgotPasswordPage />, fakeAuthProvider({ forgotPassword }));
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Email"), "ada@example.test");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(forgotPassword).toHaveBeenCalledWith({ email: "ada@example.test" }));
    expect(await screen.findByText(/Check the inbox of ada@example.test/)).toBeTruthy();
    expect(location()).toBe("/forgot-password");
  });

  it("shows the error and keeps the form", async () => {
    const forgotPassword = vi.fn(async () => ({
      success: false,
      error: { name: "x", message: "Try later" },
    }));
    renderAt("/forgot-password", <ForgotPasswordPage />, fakeAuthProvider({ forgotPassword }));
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Email"), "ada@example.test");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Try later")).toBeTruthy();
    expect(screen.getByLabelText("Email")).toBeTruthy();
  });
});

describe("ResetPasswordPage", () => {
  it("sends the token and the new password, then goes to /login", async () => {
    const updatePassword = vi.fn(async () => ({ success: true, redirectTo: "/login" }));
    renderAt("/reset-password?token=reset-1", <ResetPasswordPage />, fakeAuthProvider({ updatePassword }));
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("New password"), "0123456789");
    await user.type(screen.getByLabelText("Confirm new password"), "0123456789");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    await waitFor(() =>
      expect(updatePassword).toHaveBeenCalledWith(
        expect.objectContaining({ token: "reset-1", password: "0123456789" }),
      ),
    );
    await waitFor(() => expect(location()).toBe("/login"));
  });

  it("refuses passwords that differ", async () => {
    const updatePassword = vi.fn(async () => ({ success: true }));
    renderAt("/reset-password?token=t", <ResetPasswordPage />, fakeAuthProvider({ updatePassword }));
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("New password"), "0123456789");
    await user.type(screen.getByLabelText("Confirm new password"), "0123456788");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("The passwords do not match")).toBeTruthy();
    expect(updatePassword).not.toHaveBeenCalled();
  });
});

describe("RegisterPage with Google", () => {
  it("signs up through SSO with the invitation token and goes home", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderAt("/register?token=invite-2", <RegisterPage />, fakeAuthProvider({ login }));
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign up with Google" }));
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({ providerName: "google", token: "invite-2", redirect: "/" }),
    );
    await waitFor(() => expect(location()).toBe("/"));
  });
});
