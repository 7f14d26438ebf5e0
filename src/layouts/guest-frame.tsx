// The guest layout's frame (spec §2): no app chrome, just the brand, the alerts area, the page, centred, and the
// global loader. Shared by the guest app (the sign-in pages) and the full app's guest layout (print tickets,
// not-found and /unauthorized without a session); kept light for the /login first load.
import theme from "antd/es/theme";
import type { ReactNode } from "react";
import { FeedbackAlerts } from "../components/feedback-alerts";
import { GlobalLoader } from "../components/global-loader";
import { APP_TITLE } from "./app-title";

export function GuestFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        padding: "48px 16px",
        boxSizing: "border-box",
        background: token.colorBgLayout,
        // What antd's App wrapper sets in the full app; the guest app goes without it (message, modal...).
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      <header className="guest-brand" style={{ marginBottom: 24 }}>
        <span style={{ fontSize: 28, fontWeight: 700, color: token.colorPrimary }}>{APP_TITLE}</span>
      </header>
      <div style={{ width: "100%", maxWidth: 480 }}>
        <FeedbackAlerts />
      </div>
      <main style={{ width: "100%", display: "flex", justifyContent: "center" }}>{children}</main>
      <GlobalLoader />
    </div>
  );
}
