// The build-time render (src/prerender/render-guest-page.tsx). The build runs it in Node; here jsdom is around
// (the unit tests' setup needs it), which antd's style cache only uses when effects run, never in a render to text.
import { describe, expect, it } from "vitest";
import { composePrerenderedPage } from "../../../src/prerender/prerendered-html";
import { PRERENDER_URLS } from "../../../src/prerender/prerendered-pages";
import { renderGuestPage } from "../../../src/prerender/render-guest-page";
import { PRIMARY_COLORS } from "../../../src/theme/primary-color";

/** Case-insensitive (colours), and short failure messages: the styles run to some 200 KB. */
function has(text: string, part: string): boolean {
  return text.toLowerCase().includes(part.toLowerCase());
}

describe("renderGuestPage", () => {
  it("renders the sign-in form with the styles antd wrote for it", () => {
    const page = renderGuestPage(PRERENDER_URLS["/login"], "production");
    expect(page.url).toBe("/login");
    expect(page.markup).toContain("Sign in</h1>");
    expect(page.markup).toMatch(/<input[^>]*type="email"[^>]*id="email"/);
    expect(page.markup).toMatch(/<input[^>]*id="password"[^>]*type="password"/);
    expect(page.markup).toContain("Sign in with Google");
    expect(page.markup).toContain('href="/forgot-password"');
    // antd's styles as <style> elements, the buttons in the mode's colour, and the map antd's browser side
    // reads to reuse them instead of writing them again.
    expect(page.styles).toMatch(/^<style[^>]*data-css-hash="[^"]+"[^>]*>/);
    for (const part of [
      ".ant-btn",
      ".ant-input",
      ".ant-form-item",
      PRIMARY_COLORS.production,
      "data-ant-cssinjs-cache-path",
    ])
      expect(has(page.styles, part), part).toBe(true);
  });

  it("renders each page in the colour of its mode", () => {
    const page = renderGuestPage(PRERENDER_URLS["/forgot-password"], "develop");
    expect(page.markup).toContain("Forgot password</h1>");
    expect(page.markup).toContain("Send reset link");
    expect(has(page.styles, PRIMARY_COLORS.develop)).toBe(true);
    expect(has(page.styles, PRIMARY_COLORS.production)).toBe(false);
  });

  it("renders the invitation and reset pages as opened with a token: no warning, buttons of their own enabled", () => {
    for (const url of [PRERENDER_URLS["/register"], PRERENDER_URLS["/reset-password"]]) {
      const { markup } = renderGuestPage(url, "production");
      expect(markup, url).not.toContain("ant-alert");
      expect(markup, url).toMatch(/<button[^>]*type="submit"/);
      expect(markup, url).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
    }
  });

  it("disables the page's fields and buttons until the app takes over, links aside", () => {
    for (const url of Object.values(PRERENDER_URLS)) {
      const { markup } = renderGuestPage(url, "production");
      expect(markup, url).toMatch(
        /<fieldset disabled=""[^>]*>[\s\S]*<form[\s\S]*<\/form>[\s\S]*<\/fieldset>/,
      );
      expect(markup, url).toMatch(/<\/fieldset>[\s\S]*<\/section>/);
      expect(markup, url).not.toMatch(/<a [^>]*disabled/);
    }
  });

  it("makes a whole page of index.html", () => {
    const index =
      '<html><head><title>Pressroom</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
    const html = composePrerenderedPage(index, renderGuestPage(PRERENDER_URLS["/login"], "production"));
    expect(html).toMatch(
      /<\/title><style[\s\S]*<\/style><script type="module" fetchpriority="low" src="\/assets\/index-1.js"><\/script><\/head>/,
    );
    expect(html).toMatch(
      /<div id="root" data-prerendered="\/login"><div[\s\S]*id="email"[\s\S]*<\/div><\/body>/,
    );
  });
});
