// A real anchor (open in a new tab, copy the address) that the app follows itself on a plain primary click.
// Another button, a modifier (a new tab or window), a target or a handler that already took the click leave it
// to the browser. Lighter than react-router's Link, and without a router: the guest pages use it with their own
// location store, the list rows (a hundred links a page) with the app's navigate.
import type { AnchorHTMLAttributes, MouseEvent } from "react";

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
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

export function InAppAnchor({
  href,
  follow,
  children,
  ...anchor
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "onClick"> & { href: string; follow: () => void }) {
  return (
    // Enter on a focused link clicks it too: the keyboard takes the same way.
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        follow();
      }}
    >
      {children}
    </a>
  );
}
