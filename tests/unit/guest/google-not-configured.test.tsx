// "Sign in with Google" where single sign-on is not configured: the button is disabled with the
// plain reason, and a click made before the answer arrived gets that reason, not Firebase's error.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderGuest } from "./render";

vi.setConfig({ testTimeout: 30_000 });

const MESSAGE = "Google sign-in is not configured on this server";

afterEach(() => window.history.replaceState(null, "", "/"));

describe("Google sign-in without a configured provider", () => {
  it("/login: the Google button is disabled and says why; password sign-in is untouched", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderGuest("/login", { login, ssoAvailability: async () => false });
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    const google = screen.getByRole("button", { name: "Sign in with Google" });
    expect(google).toBeDisabled();
    expect(google).toHaveAccessibleDescription(MESSAGE);
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("/register: the same for Sign up with Google", async () => {
    renderGuest("/register?token=abc", { ssoAvailability: async () => false });
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign up with Google" })).toBeDisabled();
  });

  it("a click before the answer: the message under the form, and Google is never started", async () => {
    let answer: (configured: boolean) => void = () => {};
    const pending = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    const login = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderGuest("/login", { login, ssoAvailability: () => pending });
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Sign in with Google" }));
    answer(false);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MESSAGE);
    expect(login).not.toHaveBeenCalled();
  });

  it("configured: the button works and no message shows", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/" }));
    renderGuest("/login", { login, ssoAvailability: async () => true });
    const google = screen.getByRole("button", { name: "Sign in with Google" });
    await userEvent.setup({ delay: null }).click(google);
    await waitFor(() => expect(login).toHaveBeenCalledWith({ providerName: "google", redirect: null }));
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });
});
