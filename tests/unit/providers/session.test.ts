import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearSession,
  getSessionToken,
  SESSION_COOKIE,
  setSessionToken,
} from "../../../src/providers/session";

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe("session cookie", () => {
  it("is named pressroom_session", () => {
    expect(SESSION_COOKIE).toBe("pressroom_session");
  });

  it("has no token before sign-in", () => {
    expect(getSessionToken()).toBeUndefined();
  });

  it("stores and reads the token, even with characters a cookie cannot hold raw", () => {
    setSessionToken("abc.def;ghi=jkl");
    expect(getSessionToken()).toBe("abc.def;ghi=jkl");
    expect(document.cookie).toContain(`${SESSION_COOKIE}=abc.def%3Bghi%3Djkl`);
  });

  it("ignores other cookies", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets a neighbour cookie
    document.cookie = "other=1; Path=/";
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie whose name ends like ours
    document.cookie = "x_pressroom_session=2; Path=/";
    expect(getSessionToken()).toBeUndefined();
    setSessionToken("t");
    expect(getSessionToken()).toBe("t");
  });

  it("clearSession removes it", () => {
    setSessionToken("t");
    clearSession();
    expect(getSessionToken()).toBeUndefined();
  });

  it("writes SameSite=Strict, Path=/, no expiry, and Secure only over https", () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
    vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    setSessionToken("t");
    expect(writes.at(-1)).toBe("pressroom_session=t; Path=/; SameSite=Strict");
    expect(writes.at(-1)).not.toMatch(/Expires|Max-Age|Secure/);

    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, protocol: "https:" });
    setSessionToken("t");
    expect(writes.at(-1)).toBe("pressroom_session=t; Path=/; SameSite=Strict; Secure");
    clearSession();
    expect(writes.at(-1)).toBe("pressroom_session=; Path=/; SameSite=Strict; Max-Age=0; Secure");
  });
});
