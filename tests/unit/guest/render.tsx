// Renders the guest app at a URL of the test's window, with stand-ins for the sign-in calls. Tests mock
// src/routing/page-load.ts to see the page loads (jsdom cannot navigate).
import { render } from "@testing-library/react";
import { GuestApp } from "../../../src/guest/guest-app";
import type { GuestAuth } from "../../../src/guest/guest-auth";

/** Sign-in calls that succeed as the real ones would; override what the test needs. */
export function fakeGuestAuth(overrides: Partial<GuestAuth> = {}): GuestAuth {
  return {
    login: async () => ({ success: true, redirectTo: "/" }),
    register: async () => ({ success: true, redirectTo: "/" }),
    forgotPassword: async () => ({ success: true }),
    updatePassword: async () => ({ success: true, redirectTo: "/login" }),
    ssoAvailability: async () => true,
    ...overrides,
  };
}

export function renderGuest(url: string, auth: Partial<GuestAuth> = {}) {
  window.history.replaceState(null, "", url);
  return render(<GuestApp auth={fakeGuestAuth(auth)} mode="develop" />);
}

/** Where the guest app is: the window's path and query. */
export function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}
