// A link between the guest pages: a real anchor (open in a new tab, copy the address), followed without a page
// load on a plain click.
import type { ReactNode } from "react";
import { isPlainClick } from "../routing/plain-click";
import { navigate } from "./guest-location";

export function GuestLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      href={to}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
