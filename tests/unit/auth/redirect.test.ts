import { describe, expect, it } from "vitest";
import { afterPublicVisit, loginPathFor, safeRedirect } from "../../../src/auth/redirect";

describe("safeRedirect", () => {
  it.each([
    "/",
    "/orders",
    "/orders/123?tab=files",
    "/vendors?page=2&search=a%20b",
    "/orders?search=foo bar",
    "/runs/5#notes",
    "/%2F/evil.com",
  ])("keeps the same-origin path %s", (value) => {
    expect(safeRedirect(value)).toBe(value);
  });

  it.each([
    ["missing", undefined],
    ["null", null],
    ["empty", ""],
    ["a number", 42],
    ["an object", { to: "/orders" }],
    ["protocol-relative", "//evil.com"],
    ["protocol-relative with path", "//evil.com/orders"],
    ["absolute https", "https://evil.com"],
    ["absolute http", "http://evil.com/orders"],
    ["javascript scheme", "javascript:alert(1)"],
    ["data scheme", "data:text/html,hi"],
    ["backslash host", "/\\evil.com"],
    ["double backslash", "\\\\evil.com"],
    ["backslash later in the path", "/orders\\..\\evil"],
    ["tab that browsers strip", "/\t/evil.com"],
    ["newline that browsers strip", "/\n/evil.com"],
    ["carriage return", "/\r/evil.com"],
    ["NUL", "/\u0000/evil.com"],
    ["relative path", "orders"],
    ["dot path", "./orders"],
    ["leading space", " /orders"],
    ["triple slash", "///evil.com"],
  ])("answers / for %s", (_label, value) => {
    expect(safeRedirect(value)).toBe("/");
  });
});

describe("loginPathFor", () => {
  it("encodes the full path with its query in the redirect parameter", () => {
    expect(loginPathFor("/orders/12?tab=files&x=1")).toBe(
      "/login?redirect=%2Forders%2F12%3Ftab%3Dfiles%26x%3D1",
    );
  });

  it("keeps the home page as a redirect target", () => {
    expect(loginPathFor("/")).toBe("/login?redirect=%2F");
  });

  it("names the parameter redirect, never to", () => {
    const url = new URL(loginPathFor("/vendors"), "http://app.test");
    expect(url.searchParams.get("redirect")).toBe("/vendors");
    expect(url.searchParams.has("to")).toBe(false);
  });

  it("does not nest the login page in its own redirect", () => {
    expect(loginPathFor("/login")).toBe("/login");
    expect(loginPathFor("/login?redirect=%2Forders")).toBe("/login");
  });

  it("drops an unsafe current path", () => {
    expect(loginPathFor("//evil.com")).toBe("/login?redirect=%2F");
  });
});

describe("afterPublicVisit", () => {
  it("goes to the redirect value when present", () => {
    expect(afterPublicVisit(new URLSearchParams({ redirect: "/orders?page=2" }))).toBe("/orders?page=2");
  });

  it("reads a raw query string too", () => {
    expect(afterPublicVisit("?redirect=%2Fruns%2F4")).toBe("/runs/4");
  });

  it("goes home without a redirect value", () => {
    expect(afterPublicVisit(new URLSearchParams())).toBe("/");
    expect(afterPublicVisit("?to=%2Forders")).toBe("/");
  });

  it.each(["//evil.com", "https://evil.com", "/\\evil", "%2F%2Fevil.com"])("refuses %s", (value) => {
    expect(afterPublicVisit(new URLSearchParams({ redirect: value }))).toBe("/");
  });

  it("refuses an encoded protocol-relative value after decoding", () => {
    expect(afterPublicVisit("?redirect=%2F%2Fevil.com")).toBe("/");
  });
});
