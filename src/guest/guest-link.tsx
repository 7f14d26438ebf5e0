// A link between the guest pages: a real anchor (open in a new tab, copy the address), followed without a page
// load on a plain click. In antd's link colour, as the app's links are (a bare anchor took the browser's blue and
// visited purple).
import theme from "antd/es/theme";
import type { ReactNode } from "react";
import { InAppAnchor } from "../routing/in-app-anchor";
import { navigate } from "./guest-location";

export function GuestLink({ to, children }: { to: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <InAppAnchor
      href={to}
      style={{ color: token.colorLink, textDecoration: "none" }}
      follow={() => navigate(to)}
    >
      {children}
    </InAppAnchor>
  );
}
