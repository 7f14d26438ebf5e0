// Refine's auth provider over the v1 auth endpoints (spec §1–§4, §7, §8).
// Every method resolves with an object; none throws (Refine 5 contract).
//
// Error display, decided once: the sign-in, register and password calls go through the shared
// axios instance directly (same base URL and Bearer header) instead of `request`, which would
// also push every failure to the feedback area. Their pages show the error under the form and
// silence Refine's own notification, so each failure is shown exactly once.
import type { AuthProvider } from "@refinedev/core";
import type { QueryClient } from "@tanstack/react-query";
import { isAxiosError } from "axios";
import {
  clearProfile,
  getProfile,
  loadProfile,
  type ProfileUser,
  reloadProfile,
} from "../auth/profile-store";
import { loginPathFor, safeRedirect } from "../auth/redirect";
import { getConfig } from "../config/config";
import { isPublicPath } from "../routing/public-paths";
import { push } from "./feedback-store";
import { signInWithGoogle, signOutOfFirebase, trySignInWithCustomToken } from "./firebase";
import { httpClient, request } from "./http-client";
import { start, stop } from "./loader-store";
import { clearSession, getSessionToken, setSessionToken } from "./session";

export const LOGIN_FAILED = "Login failed";
export const LOGIN_FALLBACK_MESSAGE = "Something went wrong while trying to login. Please try again";
export const REGISTER_FALLBACK_MESSAGE = "Something went wrong while trying to register. Please try again";
export const RESET_FALLBACK_MESSAGE =
  "Something went wrong while trying to reset your password. Please try again";
export const SSO_LOADER_MESSAGE = "Logging in... Please wait";
export const RESET_LINK_SENT_MESSAGE = "Password reset link sent to your email";
export const PASSWORD_RESET_MESSAGE = "Your password has been reset. Please sign in with your new password";

type SessionAnswer = { data?: { customToken?: string | null; sessionCookie?: string } };

export interface LoginParams {
  email?: string;
  password?: string;
  providerName?: string;
  /** The `redirect` query value of the login page; read from the URL when absent. */
  redirect?: string | null;
  /** Invitation token for SSO; read from the URL when absent. */
  token?: string | null;
}

export interface RegisterParams {
  name: string;
  email: string;
  password: string;
  token?: string | null;
}

// Logout must empty every cached query; the app hands over its QueryClient at startup.
let queryClient: Pick<QueryClient, "clear"> | null = null;

export function setQueryClient(client: Pick<QueryClient, "clear"> | null): void {
  queryClient = client;
}

function queryParam(name: string): string | undefined {
  return new URLSearchParams(window.location.search).get(name) ?? undefined;
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

/** The server's own sentence (first `errors` entry, else `message`), if the answer carried one. */
function serverMessage(error: unknown): string | undefined {
  if (!isAxiosError(error)) return undefined;
  const body = (error.response?.data ?? {}) as { message?: unknown; errors?: unknown };
  const first: unknown = Array.isArray(body.errors) ? body.errors[0] : undefined;
  const fromErrors = typeof first === "string" ? first : (first as { message?: unknown } | null)?.message;
  for (const value of [fromErrors, body.message]) if (typeof value === "string" && value !== "") return value;
  return undefined;
}

function failure(name: string, error: unknown, fallback: string) {
  return { success: false, error: { name, message: serverMessage(error) ?? fallback } };
}

async function post<T>(resource: string, data: unknown): Promise<T> {
  const response = await httpClient.post<T>(resource, data);
  return response.data;
}

/** Stores the new session; Firebase sign-in runs aside and only logs a failure. */
function startSession(answer: SessionAnswer, withCustomToken = true): void {
  const cookie = answer?.data?.sessionCookie;
  if (!cookie) throw new Error("The answer carried no session");
  // A previous user's profile must never outlive their session.
  clearProfile();
  setSessionToken(cookie);
  const customToken = answer.data?.customToken;
  // Not awaited: an unreachable identity provider must not hold up the sign-in.
  if (withCustomToken && customToken) void trySignInWithCustomToken(customToken);
}

function isPopupDismissed(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "auth/popup-closed-by-user" || code === "auth/cancelled-popup-request";
}

async function ssoLogin(params: LoginParams) {
  start(SSO_LOADER_MESSAGE);
  try {
    const idToken = await signInWithGoogle();
    const token = params.token ?? queryParam("token");
    const answer = await post<SessionAnswer>("auth/sso-login", {
      idToken,
      tenantId: getConfig().tenantId,
      ...(token ? { token } : {}),
    });
    // Firebase is already signed in through the popup: no custom-token sign-in needed.
    startSession(answer, false);
    return { success: true, redirectTo: safeRedirect(params.redirect ?? queryParam("redirect")) };
  } catch (error) {
    // Closing the Google window is a choice, not an error worth a message.
    if (isPopupDismissed(error)) return { success: false };
    return failure(LOGIN_FAILED, error, LOGIN_FALLBACK_MESSAGE);
  } finally {
    stop();
  }
}

export const authProvider: AuthProvider = {
  login: async (params: LoginParams = {}) => {
    if (params.providerName === "google") return ssoLogin(params);
    try {
      const answer = await post<SessionAnswer>("auth/login", {
        email: params.email,
        password: params.password,
        tenantId: getConfig().tenantId,
      });
      startSession(answer);
      return { success: true, redirectTo: safeRedirect(params.redirect ?? queryParam("redirect")) };
    } catch (error) {
      return failure(LOGIN_FAILED, error, LOGIN_FALLBACK_MESSAGE);
    }
  },

  register: async ({ name, email, password, token }: RegisterParams) => {
    try {
      const answer = await post<SessionAnswer>("auth/register", {
        name,
        email,
        password,
        tenantId: getConfig().tenantId,
        token: token ?? queryParam("token"),
      });
      startSession(answer);
      return { success: true, redirectTo: "/" };
    } catch (error) {
      return failure("Registration failed", error, REGISTER_FALLBACK_MESSAGE);
    }
  },

  forgotPassword: async ({ email }: { email: string }) => {
    try {
      await post("auth/forgot-password", {
        email,
        tenantId: getConfig().tenantId,
        redirectLink: `${window.location.origin}/reset-password`,
      });
      push({ text: RESET_LINK_SENT_MESSAGE, type: "info" });
      return { success: true };
    } catch (error) {
      return failure("Password reset failed", error, RESET_FALLBACK_MESSAGE);
    }
  },

  updatePassword: async ({ token, password }: { token?: string | null; password: string }) => {
    try {
      await post("auth/reset-password", {
        token: token ?? queryParam("token"),
        password,
        tenantId: getConfig().tenantId,
      });
      push({ text: PASSWORD_RESET_MESSAGE, type: "info" });
      return { success: true, redirectTo: "/login" };
    } catch (error) {
      return failure("Password reset failed", error, RESET_FALLBACK_MESSAGE);
    }
  },

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
        await post("auth/logout", {});
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
