import { describe, expect, it } from "vitest";
import { REQUIRED_VARIABLES } from "../../../src/config/load-config";
import { prerenderPages } from "../../../src/prerender/prerender-entry";

const INDEX =
  '<!doctype html><html><head><title>Pressroom</title><script type="module" src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-2.css"></head><body><div id="root"></div></body></html>';
const env = Object.fromEntries(REQUIRED_VARIABLES.map((name) => [name, name.endsWith("_ID") ? "1" : "x"]));
const css = (href: string) => (href === "/assets/index-2.css" ? "body{margin:0}" : undefined);

describe("prerenderPages (the build's prerender step)", () => {
  it("gives one whole page per sign-in page, in the mode's colour", () => {
    const pages = prerenderPages(INDEX, { ...env, VITE_MODE: "staging" }, css);
    expect(pages?.map((page) => page.file)).toEqual([
      "login.html",
      "register.html",
      "forgot-password.html",
      "reset-password.html",
    ]);
    const login = pages?.[0].html ?? "";
    expect(login).toContain('<div id="root" data-prerendered="/login">');
    expect(login).toMatch(/<input[^>]*id="email"/);
    expect(login).toContain("<style>body{margin:0}</style>");
    expect(login).not.toContain("index-2.css");
    expect(login.toLowerCase()).toContain("#2892a0");
    expect(pages?.[1].html).toContain('data-prerendered="/register?token=prerendered"');
    expect(pages?.[1].html).toContain("Create your account</h1>");
  });

  it("gives nothing when the configuration is incomplete", () => {
    expect(prerenderPages(INDEX, { ...env, VITE_TENANT_ID: "" }, css)).toBeUndefined();
  });
});
