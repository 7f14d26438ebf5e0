// Pure helpers for the `redirect` query parameter (spec §2 redirect rules).
// Every value read from the URL goes through safeRedirect so a crafted link
// can never send a signed-in user to another origin (open redirect).

export const REDIRECT_PARAM = "redirect";
export const LOGIN_PATH = "/login";

const PROBE_ORIGIN = "http://pressroom.invalid";

/** A same-origin path ("/orders?x=1") or "/" when the value is missing or unsafe. */
export function safeRedirect(value: unknown): string {
  if (typeof value !== "string" || value.length === 0) return "/";
  // Only absolute paths; "//host" and "/\host" are protocol-relative in browsers.
  if (!value.startsWith("/") || value.startsWith("//")) return "/";
  // Browsers treat "\" like "/" and strip tabs/newlines, so "/\t/evil.com" becomes "//evil.com".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return "/";
  try {
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return "/";
  } catch {
    return "/";
  }
  return value;
}

/** The login URL that brings the user back to `currentPathWithQuery` afterwards. */
export function loginPathFor(currentPathWithQuery: string): string {
  const target = safeRedirect(currentPathWithQuery);
  // Never nest the login page inside its own redirect parameter.
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** Where a signed-in user visiting a public route (or just signed in) should go. */
export function afterPublicVisit(searchParams: URLSearchParams | string): string {
  const params = typeof searchParams === "string" ? new URLSearchParams(searchParams) : searchParams;
  return safeRedirect(params.get(REDIRECT_PARAM));
}
