// The guest app as a whole: its frame, the page for each path, moving between pages without a page load.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import getDesignToken from "antd/es/theme/getDesignToken";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getConfig } from "../../../src/config/config";
import { GuestErrorBoundary } from "../../../src/guest/guest-error-boundary";
import { clear, push } from "../../../src/providers/feedback-store";
import { start, stop } from "../../../src/providers/loader-store";
import { assignPage, replacePage } from "../../../src/routing/page-load";
import { createTheme } from "../../../src/theme/theme";
import { currentUrl, renderGuest } from "./render";

vi.mock("../../../src/routing/page-load", () => ({ assignPage: vi.fn(), replacePage: vi.fn() }));
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  clear();
  stop();
  vi.mocked(assignPage).mockReset();
  vi.mocked(replacePage).mockReset();
  window.history.replaceState(null, "", "/");
});

describe("guest app", () => {
  it("frames the sign-in pages with the brand, the alerts area and the loader, without the app chrome", async () => {
    renderGuest("/login");
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByText("Pressroom", { selector: ".guest-brand span" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    act(() => {
      push({ text: "Password reset link sent to your email", type: "info" });
      start("Logging in... Please wait");
    });
    expect(screen.getByText("Password reset link sent to your email")).toBeInTheDocument();
    expect(await screen.findByText("Logging in... Please wait")).toBeInTheDocument();
  });

  it.each([
    ["/login", "Sign in"],
    ["/register?token=t", "Create your account"],
    ["/forgot-password", "Forgot password"],
    ["/reset-password?token=t", "Choose a new password"],
    ["/login/", "Sign in"],
  ])("%s shows its page", (url, heading) => {
    renderGuest(url);
    expect(screen.getByRole("heading", { name: heading })).toBeInTheDocument();
  });

  it("draws its links in antd's link colour, as the app's are (not the browser's visited purple)", () => {
    renderGuest("/login");
    const link = screen.getByRole("link", { name: "Forgot password?" });
    const { colorLink } = getDesignToken(createTheme(getConfig().mode));
    expect(colorLink).toBeTruthy();
    const probe = document.createElement("span");
    probe.style.color = colorLink;
    expect(link.style.color).toBe(probe.style.color);
  });

  it("follows its links without a page load; back and forward work", async () => {
    renderGuest("/login");
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Forgot password" })).toBeInTheDocument();
    expect(currentUrl()).toBe("/forgot-password");
    await user.click(screen.getByRole("link", { name: "Back to sign in" }));
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();

    act(() => window.history.back());
    expect(await screen.findByRole("heading", { name: "Forgot password" })).toBeInTheDocument();
    act(() => window.history.forward());
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(assignPage).not.toHaveBeenCalled();
    expect(replacePage).not.toHaveBeenCalled();
  });

  it("leaves a modified click (new tab) to the browser", () => {
    renderGuest("/login");
    let leftToBrowser: boolean | undefined;
    // Runs after the app's handler; then stops jsdom, which cannot open tabs.
    const watch = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", watch, { once: true });
    fireEvent.click(screen.getByRole("link", { name: "Forgot password?" }), { ctrlKey: true });
    expect(leftToBrowser).toBe(true);
    expect(screen.getByRole("heading", { name: "Sign in" })).toBeInTheDocument();
  });

  it("keeps an info message across its pages (reset link → sign in)", async () => {
    const updatePassword = vi.fn(async () => {
      push({ text: "Your password has been reset. Please sign in with your new password", type: "info" });
      return { success: true, redirectTo: "/login" };
    });
    renderGuest("/reset-password?token=r", { updatePassword });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("New password"), "0123456789");
    await user.type(screen.getByLabelText("Confirm new password"), "0123456789");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(
      screen.getByText("Your password has been reset. Please sign in with your new password"),
    ).toBeInTheDocument();
  });

  it("hands any other path to the full app with a page load", async () => {
    renderGuest("/orders?page=2");
    await waitFor(() => expect(replacePage).toHaveBeenCalledWith("/orders?page=2"));
  });

  it("a sign-in call that throws (a bug) shows its message under the form", async () => {
    renderGuest("/login", {
      login: () => {
        throw new Error("boom");
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Email"), "ada@example.test");
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("boom")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  it("a page that fails to render shows a message with a reload, not a blank frame", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    function Broken(): never {
      throw new Error("render failed");
    }
    render(
      <GuestErrorBoundary>
        <Broken />
      </GuestErrorBoundary>,
    );
    expect(screen.getByText("Something went wrong! Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    logged.mockRestore();
  });
});
