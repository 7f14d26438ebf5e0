// Whether "Sign in with Google" can work where the app runs. Two things must hold: the build's
// Firebase settings reach a real project or an emulator (a "demo-" project id is emulator-only by
// Firebase's convention, so with no emulator address the popup can only fail), and the server has
// an identity provider to check Google's token (GET auth/sso). Asked once per page load, after
// the page is shown: nothing here is part of the /login first paint.
import { getConfig } from "../config/config";
import { apiUrl } from "./post-json";

export const SSO_NOT_CONFIGURED_MESSAGE = "Google sign-in is not configured on this server";

let asked: Promise<boolean | undefined> | undefined;

/** false: not configured; true: configured; undefined: could not tell (then the button is tried as before). */
export function ssoAvailability(): Promise<boolean | undefined> {
  asked ??= ask();
  return asked;
}

/** Tests: forget the answer. */
export function forgetSsoAvailability(): void {
  asked = undefined;
}

async function ask(): Promise<boolean | undefined> {
  const { projectId, emulatorUrl } = getConfig().firebase;
  if (projectId.startsWith("demo-") && !emulatorUrl) return false;
  try {
    const response = await fetch(apiUrl("auth/sso"), { headers: { Accept: "application/json" } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: { configured?: unknown } } | undefined;
    const configured = body?.data?.configured;
    return typeof configured === "boolean" ? configured : undefined;
  } catch {
    return undefined;
  }
}
