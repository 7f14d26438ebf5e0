// The guest app taking over a pre-rendered page (main.tsx hydrates when the root holds the page's markup): no
// mismatch, the same elements, and what the visited URL's query says shown and used right after.
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, startTransition } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GuestApp } from "../../../src/guest/guest-app";
import type { GuestAuth } from "../../../src/guest/guest-auth";
import { PRERENDER_URLS, type PrerenderedPath } from "../../../src/prerender/prerendered-pages";
import { renderGuestPage } from "../../../src/prerender/render-guest-page";
import { fakeGuestAuth } from "../guest/render";

vi.setConfig({ testTimeout: 30_000 });

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = container = undefined;
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

/** Pre-renders `page`, opens `visitedUrl` and hydrates; answers what React and the console reported. */
async function hydrate(page: PrerenderedPath, visitedUrl: string, auth: Partial<GuestAuth> = {}) {
  const rendered = renderGuestPage(PRERENDER_URLS[page], "develop");
  window.history.replaceState(null, "", visitedUrl);
  const target = document.createElement("div");
  container = target;
  target.innerHTML = rendered.markup;
  document.body.append(target);
  const before = [...target.querySelectorAll("input, button")];
  expect(target.querySelector("fieldset")).toBeDisabled();
  const reported: unknown[] = [];
  vi.spyOn(console, "error").mockImplementation((...args) => reported.push(args));
  // As main.tsx does it: a transition.
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(
        target,
        <StrictMode>
          <GuestApp auth={fakeGuestAuth(auth)} mode="develop" serverUrl={rendered.url} />
        </StrictMode>,
        { onRecoverableError: (error) => reported.push(error) },
      );
    });
  });
  return { reported, before, after: [...target.querySelectorAll("input, button")] };
}

describe("hydrating a pre-rendered guest page", () => {
  it("takes over /login's elements and signs in to the redirect of the visited URL", async () => {
    const login = vi.fn(async () => ({ success: true, redirectTo: "/orders" }));
    const { reported, before, after } = await hydrate("/login", "/login?redirect=%2Forders", { login });
    expect(reported).toEqual([]);
    // Disabled as pre-rendered, enabled once taken over.
    expect(container?.querySelector("fieldset")).not.toBeDisabled();
    expect(after.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
    for (let i = 0; i < before.length; i++) expect(after[i]).toBe(before[i]);
    // The autofocus the browser could not give the disabled field.
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Email"), "ada@example.test");
    await user.type(screen.getByLabelText("Password"), "secret-password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({
        email: "ada@example.test",
        password: "secret-password",
        redirect: "/orders",
      }),
    );
  });

  it("uses the invitation token of the visited URL", async () => {
    const register = vi.fn(async () => ({ success: false, error: { name: "x", message: "stop here" } }));
    const { reported } = await hydrate("/register", "/register?token=invite-1", { register });
    expect(reported).toEqual([]);
    expect(screen.queryByText(/Registration needs an invitation/)).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.test");
    await user.type(screen.getByLabelText("Password"), "0123456789");
    await user.type(screen.getByLabelText("Confirm password"), "0123456789");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith(expect.objectContaining({ token: "invite-1" })),
    );
  });

  it("shows the warning of a link without a token once hydrated", async () => {
    const { reported } = await hydrate("/register", "/register");
    expect(reported).toEqual([]);
    expect(screen.getByText(/Registration needs an invitation/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create account" })).toBeDisabled();
  });

  it("hydrates the reset page with and without a token", async () => {
    const first = await hydrate("/reset-password", "/reset-password?token=abc");
    expect(first.reported).toEqual([]);
    expect(screen.getByRole("button", { name: "Reset password" })).toBeEnabled();
    act(() => root?.unmount());
    container?.remove();

    const second = await hydrate("/reset-password", "/reset-password/");
    expect(second.reported).toEqual([]);
    expect(screen.getByText(/This link is incomplete/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reset password" })).toBeDisabled();
  });

  it("hydrates /forgot-password", async () => {
    const { reported } = await hydrate("/forgot-password", "/forgot-password");
    expect(reported).toEqual([]);
    expect(screen.getByRole("button", { name: "Send reset link" })).toBeEnabled();
  });
});
