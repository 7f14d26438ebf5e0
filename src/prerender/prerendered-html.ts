// One pre-rendered page: the built index.html with the page's antd styles in its head and its markup in #root.
// The root carries the URL the markup was rendered at, which tells main.tsx to hydrate it (prerendered-markup.ts).

export const PRERENDERED_ATTRIBUTE = "data-prerendered";

const EMPTY_ROOT = '<div id="root"></div>';
const TITLE_END = "</title>";
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g;
const SCRIPT_TAGS = /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g;

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

export interface RenderedPage {
  /** The URL the page was rendered at (PRERENDER_URLS). */
  url: string;
  /** renderToString's output. */
  markup: string;
  /** The <style> elements antd's CSS-in-JS cache holds after the render (extractStyle). */
  styles: string;
}

/**
 * `stylesheetText` gives the text of the build's own stylesheets by URL (index.css, a kilobyte or two): written
 * into the page, they no longer hold the first paint back by a request.
 */
export function composePrerenderedPage(
  indexHtml: string,
  { url, markup, styles }: RenderedPage,
  stylesheetText: (href: string) => string | undefined = () => undefined,
): string {
  // Each must be there exactly once, or the page would silently ship without its markup or styles.
  if (indexHtml.split(EMPTY_ROOT).length !== 2)
    throw new Error(`index.html must hold one empty ${EMPTY_ROOT}`);
  if (indexHtml.split(TITLE_END).length !== 2) throw new Error(`index.html must hold one ${TITLE_END}`);
  return (
    indexHtml
      // Ahead of the build's scripts and stylesheets, where antd's browser side puts its styles too: the app's
      // own rules (index.css) still come later and win over antd's at equal specificity.
      .replace(TITLE_END, () => `${TITLE_END}${styles}`)
      .replace(STYLESHEET_LINK, (link, href: string) => {
        const css = stylesheetText(href);
        return css === undefined || css.includes("</") ? link : `<style>${css}</style>`;
      })
      // The page paints from its own HTML; its code may come after it. At the browser's default (high) priority,
      // Lighthouse counts scripts that happen to arrive before the first paint as holding it back, and its
      // simulated first paint then waits for all 185 KB of them.
      .replace(SCRIPT_TAGS, (tag) => `${tag} fetchpriority="low"`)
      .replace(
        EMPTY_ROOT,
        () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${escapeAttribute(url)}">${markup}</div>`,
      )
  );
}
