// Focus goes back where it was when a drawer closes. A record drawer is a route (/vendors/12 over /vendors): it
// unmounts when it closes, and the focus inside it fell to <body>, so a keyboard user started again at the top of
// the page. antd's Modal does this itself (focusTriggerAfterClose).
import { useLayoutEffect } from "react";

/**
 * Remembers the focused element when the calling component mounts and focuses it again when it unmounts, if it
 * is still on the page. Layout effects: the element is read before the drawer takes the focus, and given back
 * before a drawer that replaces this one (show → edit) reads it in turn, so the chain leads back to the list.
 */
export function useReturnFocus(): void {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus({ preventScroll: true });
      }
    };
  }, []);
}
