import { describe, expect, it } from "vitest";
import { REQUIRED_VARIABLES } from "../../../src/config/load-config";
import { appStylesheet, prerenderPages } from "../../../src/prerender/prerender-entry";

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

describe("appStylesheet (the full app's build-time antd styles)", () => {
  // antd's record of the styles a sheet holds: "theme|Component-Part|ant-x|anticon:hash;…".
  const recorded = (sheet: string) =>
    [
      ...(sheet.match(/\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/)?.[1] ?? "").matchAll(
        /\|(\w+)-[\w-]+\|ant-/g,
      ),
    ].map(([, component]) => component);

  it("holds and records the styles of what every page shows first, in the mode's colour", () => {
    const sheet = appStylesheet({ ...env, VITE_MODE: "staging" }) ?? "";
    for (const component of [
      "Layout",
      "Menu",
      "Table",
      "Pagination",
      "Select",
      "Button",
      "Input",
      "Tag",
      "App",
    ])
      expect(recorded(sheet)).toContain(component);
    expect(sheet).toContain(".ant-table");
    expect(sheet).toContain(".ant-menu");
    expect(sheet).not.toContain("<style");
    expect(sheet.toLowerCase()).toContain("#2892a0");
  });

  it("gives nothing when the configuration is incomplete", () => {
    expect(appStylesheet({ ...env, VITE_TENANT_ID: "" })).toBeUndefined();
  });
});
