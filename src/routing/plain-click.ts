// Whether the app follows a click on one of its links itself: a plain primary click. Another button, a modifier
// (a new tab or window), a target or a handler that already took the click leave it to the browser.
import type { MouseEvent } from "react";

export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.currentTarget.target
  );
}
