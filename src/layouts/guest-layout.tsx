// The guest layout (spec §2): no app chrome, just the brand and the page, centred.
// Used by the sign-in pages and the print tickets; kept light for the /login first load.
import { theme } from "antd";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { FeedbackAlerts } from "../components/feedback-alerts";
import { GlobalLoader } from "../components/global-loader";
import { PageSpinner } from "../components/page-spinner";
import { RouteErrorBoundary } from "../routing/route-error-boundary";
import { APP_TITLE } from "./app-title";

export function GuestLayout() {
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
      }}
    >
      <header className="guest-brand" style={{ marginBottom: 24 }}>
        <span style={{ fontSize: 28, fontWeight: 700, color: token.colorPrimary }}>{APP_TITLE}</span>
      </header>
      <div style={{ width: "100%", maxWidth: 480 }}>
        <FeedbackAlerts />
      </div>
      <main style={{ width: "100%", display: "flex", justifyContent: "center" }}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <GlobalLoader />
    </div>
  );
}
