// The sign-in calls of the guest pages (spec §1, §2, §4, §8): login (email and password, or Google),
// register, forgot password and the reset link. The guest app calls them directly and the full app's
// auth provider wraps them, so this file must stay free of Refine, the profile and the declarations:
// it is part of the /login first load.
//
// Every call resolves with an outcome; none throws. Error display, decided once: these calls go through
// postJson (same base URL and Bearer header as the http client, without axios) instead of the http client's
// `request`, which would also push every failure to the feedback area. The pages show the error under the
// form, so it is shown exactly once.
import { safeRedirect } from "../auth/redirect";
import { getConfig } from "../config/config";
import { push } from "./feedback-store";
import { signInWithGoogle, trySignInWithCustomToken } from "./firebase";
import { start, stop } from "./loader-store";
import { ApiError, postJson } from "./post-json";
import { setSessionToken } from "./session";

export const LOGIN_FAILED = "Login failed";
export const LOGIN_FALLBACK_MESSAGE = "Something went wrong while trying to login. Please try again";
export const REGISTER_FALLBACK_MESSAGE = "Something went wrong while trying to register. Please try again";
export const RESET_FALLBACK_MESSAGE =
  "Something went wrong while trying to reset your password. Please try again";
export const SSO_LOADER_MESSAGE = "Logging in... Please wait";
export const RESET_LINK_SENT_MESSAGE = "Password reset link sent to your email";
export const PASSWORD_RESET_MESSAGE = "Your password has been reset. Please sign in with your new password";

/** What every call answers; the shape of Refine's AuthActionResponse (a type, not an interface, to fit its
 * index signature), so the auth provider passes it on. */
export type AuthOutcome = {
  success: boolean;
  redirectTo?: string;
  error?: { name: string; message: string };
};

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

export interface ForgotPasswordParams {
  email: string;
}

export interface UpdatePasswordParams {
  token?: string | null;
  password: string;
}

function queryParam(name: string): string | undefined {
  return new URLSearchParams(window.location.search).get(name) ?? undefined;
}

/** The server's own sentence (first `errors` entry, else `message`), if the answer carried one. */
function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = (error.body ?? {}) as { message?: unknown; errors?: unknown };
  const first: unknown = Array.isArray(body.errors) ? body.errors[0] : undefined;
  const fromErrors = typeof first === "string" ? first : (first as { message?: unknown } | null)?.message;
  for (const value of [fromErrors, body.message]) if (typeof value === "string" && value !== "") return value;
  return undefined;
}

function failure(name: string, error: unknown, fallback: string): AuthOutcome {
  return { success: false, error: { name, message: serverMessage(error) ?? fallback } };
}

/** Stores the new session; Firebase sign-in runs aside and only logs a failure. */
function startSession(answer: SessionAnswer, withCustomToken = true): void {
  const cookie = answer?.data?.sessionCookie;
  if (!cookie) throw new Error("The answer carried no session");
  setSessionToken(cookie);
  const customToken = answer.data?.customToken;
  // Not awaited: an unreachable identity provider must not hold up the sign-in.
  if (withCustomToken && customToken) void trySignInWithCustomToken(customToken);
}

function isPopupDismissed(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "auth/popup-closed-by-user" || code === "auth/cancelled-popup-request";
}

async function ssoLogin(params: LoginParams): Promise<AuthOutcome> {
  start(SSO_LOADER_MESSAGE);
  try {
    const idToken = await signInWithGoogle();
    const token = params.token ?? queryParam("token");
    const answer = await postJson<SessionAnswer>("auth/sso-login", {
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

/** Email and password, or Google (`providerName: "google"`); answers where to go next. */
export async function login(params: LoginParams = {}): Promise<AuthOutcome> {
  if (params.providerName === "google") return ssoLogin(params);
  try {
    const answer = await postJson<SessionAnswer>("auth/login", {
      email: params.email,
      password: params.password,
      tenantId: getConfig().tenantId,
    });
    startSession(answer);
    return { success: true, redirectTo: safeRedirect(params.redirect ?? queryParam("redirect")) };
  } catch (error) {
    return failure(LOGIN_FAILED, error, LOGIN_FALLBACK_MESSAGE);
  }
}

/** Accepting an invitation; afterwards the app opens at "/" (spec §2). */
export async function register({ name, email, password, token }: RegisterParams): Promise<AuthOutcome> {
  try {
    const answer = await postJson<SessionAnswer>("auth/register", {
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
}

/** Asks for a reset link to this origin's /reset-password (spec §2); the info message goes to the alerts. */
export async function forgotPassword({ email }: ForgotPasswordParams): Promise<AuthOutcome> {
  try {
    await postJson("auth/forgot-password", {
      email,
      tenantId: getConfig().tenantId,
      redirectLink: `${window.location.origin}/reset-password`,
    });
    push({ text: RESET_LINK_SENT_MESSAGE, type: "info" });
    return { success: true };
  } catch (error) {
    return failure("Password reset failed", error, RESET_FALLBACK_MESSAGE);
  }
}

/** Sets the new password of a reset link, then back to /login with an info message. */
export async function updatePassword({ token, password }: UpdatePasswordParams): Promise<AuthOutcome> {
  try {
    await postJson("auth/reset-password", {
      token: token ?? queryParam("token"),
      password,
      tenantId: getConfig().tenantId,
    });
    push({ text: PASSWORD_RESET_MESSAGE, type: "info" });
    return { success: true, redirectTo: "/login" };
  } catch (error) {
    return failure("Password reset failed", error, RESET_FALLBACK_MESSAGE);
  }
}
