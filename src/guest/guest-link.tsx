// A link between the guest pages: a real anchor (open in a new tab, copy the address), followed without a page
// load on a plain click. In antd's link colour, as the app's links are (a bare anchor took the browser's blue and
// visited purple).
import theme from "antd/es/theme";
import type { ReactNode } from "react";
import { isPlainClick } from "../routing/plain-click";
import { navigate } from "./guest-location";

export function GuestLink({ to, children }: { to: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <a
      href={to}
      style={{ color: token.colorLink, textDecoration: "none" }}
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
