import { afterEach, describe, expect, it } from "vitest";
import { composePrerenderedPage } from "../../../src/prerender/prerendered-html";
import { prerenderedUrl } from "../../../src/prerender/prerendered-markup";
import {
  PRERENDER_URLS,
  PRERENDERED_PATHS,
  prerenderedFile,
  prerenderedPathOf,
} from "../../../src/prerender/prerendered-pages";

const INDEX = `<!doctype html><html><head><title>Pressroom</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;

describe("the pre-rendered pages", () => {
  it("are the four sign-in pages, one file each", () => {
    expect(PRERENDERED_PATHS.map(prerenderedFile)).toEqual([
      "login.html",
      "register.html",
      "forgot-password.html",
      "reset-password.html",
    ]);
  });

  it("render the invitation and reset pages as opened from their email", () => {
    expect(new URL(PRERENDER_URLS["/register"], "http://x").searchParams.get("token")).toBeTruthy();
    expect(new URL(PRERENDER_URLS["/reset-password"], "http://x").searchParams.get("token")).toBeTruthy();
    expect(PRERENDER_URLS["/login"]).toBe("/login");
  });

  it("are found by path, whatever the query or trailing slash", () => {
    expect(prerenderedPathOf("/login")).toBe("/login");
    expect(prerenderedPathOf("/login/?redirect=%2Forders")).toBe("/login");
    expect(prerenderedPathOf("/reset-password?token=abc")).toBe("/reset-password");
    expect(prerenderedPathOf("/")).toBeUndefined();
    expect(prerenderedPathOf("/orders")).toBeUndefined();
    expect(prerenderedPathOf("/login.html")).toBeUndefined();
    expect(prerenderedPathOf("/loginx")).toBeUndefined();
  });
});

describe("composePrerenderedPage", () => {
  const page = { url: "/register?token=a&b", markup: "<form>Sign in</form>", styles: "<style>.x{}</style>" };

  it("puts the styles ahead of the build's tags and the markup into the root, naming its URL", () => {
    const html = composePrerenderedPage(INDEX, page);
    expect(html).toBe(
      `<!doctype html><html><head><title>Pressroom</title><style>.x{}</style><script type="module" fetchpriority="low" src="/assets/index-1.js"></script></head><body><div id="root" data-prerendered="/register?token=a&amp;b"><form>Sign in</form></div></body></html>`,
    );
  });

  it("writes the build's stylesheets into the page, after antd's styles", () => {
    const index = INDEX.replace(
      "</head>",
      '<link rel="stylesheet" crossorigin href="/assets/index-2.css"><link rel="stylesheet" href="https://cdn.test/x.css"></head>',
    );
    const css = (href: string) => (href === "/assets/index-2.css" ? "body{margin:0}" : undefined);
    expect(composePrerenderedPage(index, page, css)).toContain(
      '<style>.x{}</style><script type="module" fetchpriority="low" src="/assets/index-1.js"></script><style>body{margin:0}</style><link rel="stylesheet" href="https://cdn.test/x.css"></head>',
    );
    // Text that would end the element early stays a link.
    const closing = () => "a{}</style><script>";
    expect(composePrerenderedPage(index, page, closing)).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-2.css">',
    );
  });

  it("asks for the page's code at low priority", () => {
    const index = INDEX.replace(
      "</head>",
      '<link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="modulepreload" fetchpriority="high" href="/assets/b.js"></head>',
    );
    const html = composePrerenderedPage(index, page);
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/index-1.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="high" href="/assets/b.js">');
  });

  it("takes markup with $ patterns literally", () => {
    const html = composePrerenderedPage(INDEX, { ...page, markup: "<p>$& $1 $$</p>" });
    expect(html).toContain("<p>$& $1 $$</p>");
  });

  it("refuses a template without an empty root or a title", () => {
    expect(() => composePrerenderedPage(INDEX.replace('<div id="root"></div>', ""), page)).toThrow(/root/);
    expect(() => composePrerenderedPage(INDEX.replace("</title>", ""), page)).toThrow(/title/);
  });
});

describe("prerenderedUrl", () => {
  const root = document.createElement("div");
  afterEach(() => {
    root.removeAttribute("data-prerendered");
    root.replaceChildren();
  });

  function prerender(url: string): void {
    root.setAttribute("data-prerendered", url);
    root.innerHTML = "<div>markup</div>";
  }

  it("is the render URL when the root holds markup of the visited page", () => {
    prerender("/register?token=prerendered");
    expect(prerenderedUrl(root, "/register")).toBe("/register?token=prerendered");
    expect(prerenderedUrl(root, "/register/")).toBe("/register?token=prerendered");
  });

  it("is undefined for another page, an empty root or no pre-rendered markup", () => {
    prerender("/login");
    expect(prerenderedUrl(root, "/forgot-password")).toBeUndefined();
    root.replaceChildren();
    expect(prerenderedUrl(root, "/login")).toBeUndefined();
    root.removeAttribute("data-prerendered");
    root.innerHTML = "<div>markup</div>";
    expect(prerenderedUrl(root, "/login")).toBeUndefined();
  });
});
