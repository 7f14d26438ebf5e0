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

/**
 * The pre-rendered styles are pruned to what the sign-in pages use (prune-styles.ts), and antd takes a component's
 * styles from the page whenever the key extractStyle wrote there names them. An app that does not take the
 * markup over (the full app of a visitor who signed in meanwhile) drops that key, so antd writes whole styles.
 */
export function dropPrerenderedStyleKey(): void {
  document.querySelector("style[data-ant-cssinjs-cache-path]")?.remove();
}
