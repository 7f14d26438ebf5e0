// Refine's auth provider over the v1 auth endpoints (spec §1–§4, §7, §8).
// Every method resolves with an object; none throws (Refine 5 contract).
// The sign-in calls themselves live in auth-actions.ts, which the guest app uses without Refine;
// this file adds what only the full app needs: the profile, the session check, logout.
import type { AuthProvider } from "@refinedev/core";
import type { QueryClient } from "@tanstack/react-query";
import {
  clearProfile,
  getProfile,
  loadProfile,
  type ProfileUser,
  reloadProfile,
} from "../auth/profile-store";
import { loginPathFor } from "../auth/redirect";
import { isPublicPath } from "../routing/public-paths";
import {
  type AuthOutcome,
  forgotPassword,
  type LoginParams,
  login,
  type RegisterParams,
  register,
  updatePassword,
} from "./auth-actions";
import { signOutOfFirebase } from "./firebase";
import { httpClient, request } from "./http-client";
import { start, stop } from "./loader-store";
import { clearSession, getSessionToken } from "./session";

// Logout must empty every cached query; the app hands over its QueryClient at startup.
let queryClient: Pick<QueryClient, "clear"> | null = null;

export function setQueryClient(client: Pick<QueryClient, "clear"> | null): void {
  queryClient = client;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Where to send a user whose session ended while on `path`: keep the way back (spec §2). */
function loginTargetFrom(path: string): string {
  const pathname = path.split("?")[0];
  // Already on the login page (the http client may have gone there on the 401): stay, query kept.
  if (pathname === "/login") return path;
  return isPublicPath(pathname) ? "/login" : loginPathFor(path);
}

/** A new session: a previous user's profile must never outlive theirs. */
function forgetPreviousProfile(outcome: AuthOutcome): AuthOutcome {
  if (outcome.success) clearProfile();
  return outcome;
}

export const authProvider: AuthProvider = {
  login: async (params: LoginParams = {}) => forgetPreviousProfile(await login(params)),
  register: async (params: RegisterParams) => forgetPreviousProfile(await register(params)),
  forgotPassword,
  updatePassword,

  check: async () => {
    // Read before any call: a 401 inside loadProfile may already navigate away.
    const path = currentPath();
    if (!getSessionToken()) {
      clearProfile();
      return { authenticated: false, redirectTo: loginPathFor(path) };
    }
    try {
      await loadProfile();
      return { authenticated: true };
    } catch (error) {
      clearSession();
      clearProfile();
      return {
        authenticated: false,
        logout: true,
        redirectTo: loginTargetFrom(path),
        error: error instanceof Error ? error : undefined,
      };
    }
  },

  onError: async (error: unknown) => {
    const { statusCode, status, response } = (error ?? {}) as {
      statusCode?: number;
      status?: number;
      response?: { status?: number };
    };
    if ((statusCode ?? status ?? response?.status) === 401) {
      return { logout: true, redirectTo: loginTargetFrom(currentPath()) };
    }
    return {};
  },

  logout: async () => {
    // Without a session (e.g. after a 401) the server has nothing to revoke.
    if (getSessionToken()) {
      try {
        await httpClient.post("auth/logout", {});
      } catch {
        // The session is dropped locally either way.
      }
    }
    try {
      await signOutOfFirebase();
    } catch (error) {
      console.warn("Identity provider sign-out failed.", error);
    }
    clearSession();
    clearProfile();
    queryClient?.clear();
    return { success: true, redirectTo: "/login" };
  },

  getIdentity: async () => {
    if (getProfile()) return getProfile();
    if (!getSessionToken()) return null;
    return loadProfile().catch(() => null);
  },

  getPermissions: async () => {
    const user = getProfile() ?? (getSessionToken() ? await loadProfile().catch(() => null) : null);
    return user?.UserGroups ?? null;
  },
};

export type ProfileUpdateResult = { success: true; user: ProfileUser } | { success: false; error: unknown };

/**
 * PUT auth/profile with the loader on, then the profile is fetched again (spec §4).
 * Failures were already shown by the http client; the result only tells the page.
 */
export async function updateProfile(values: Record<string, unknown>): Promise<ProfileUpdateResult> {
  start();
  try {
    const answer = await request<{ data?: unknown }>({
      method: "PUT",
      resource: "auth/profile",
      data: values,
    });
    // `request` resolves undefined on 403 (after its message): not a success.
    if (answer === undefined) return { success: false, error: new Error("Forbidden") };
    const user = await reloadProfile();
    return { success: true, user };
  } catch (error) {
    return { success: false, error };
  } finally {
    stop();
  }
}
