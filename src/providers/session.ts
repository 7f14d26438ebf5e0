// The session token (spec §4, §7): kept in a browser-session cookie, sent as a Bearer header.
// No Expires/Max-Age: the browser drops it when the session ends. The server never reads the cookie.

export const SESSION_COOKIE = "pressroom_session";

export function getSessionToken(): string | undefined {
  for (const part of document.cookie.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = decodeURIComponent(part.slice(separator + 1).trim());
    return value === "" ? undefined : value;
  }
  return undefined;
}

function secureAttribute(): string {
  return window.location.protocol === "https:" ? "; Secure" : "";
}

export function setSessionToken(token: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and not in every browser; reads must be synchronous
  document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Strict${secureAttribute()}`;
}

export function clearSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setSessionToken
  document.cookie = `${SESSION_COOKIE}=; Path=/; SameSite=Strict; Max-Age=0${secureAttribute()}`;
}
