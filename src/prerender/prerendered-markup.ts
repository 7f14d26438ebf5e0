// Whether the page holds markup pre-rendered for it (prerendered-html.ts): then the guest app hydrates it instead
// of rendering from scratch. Markup of another page (the guest app started elsewhere) does not count.
import { PRERENDERED_ATTRIBUTE } from "./prerendered-html";
import { prerenderedPathOf } from "./prerendered-pages";

/** The URL the root's markup was rendered at, when it is markup of the page at `pathname`. */
export function prerenderedUrl(root: HTMLElement, pathname: string): string | undefined {
  const url = root.getAttribute(PRERENDERED_ATTRIBUTE);
  if (!url || !root.firstElementChild) return undefined;
  const page = prerenderedPathOf(url);
  return page && page === prerenderedPathOf(pathname) ? url : undefined;
}
