// The default layout (spec §2): app bar, navigation drawer, alerts, global loader, and one
// main area for the active route. Loaded lazily: the /login page never pays for it.
import { Grid, Layout } from "antd";
import { Suspense, useState } from "react";
import { Outlet } from "react-router";
import { FeedbackAlerts } from "../components/feedback-alerts";
import { GlobalLoader } from "../components/global-loader";
import { PageSpinner } from "../components/page-spinner";
import { useClearErrorsOnNavigate } from "../routing/clear-errors-on-navigate";
import { RouteErrorBoundary } from "../routing/route-error-boundary";
import { ScrollToTopOnNavigate } from "../routing/scroll-to-top-on-navigate";
import { AppBar } from "./app-bar";
import { NavigationDrawer } from "./navigation-drawer";

export default function DefaultLayout() {
  const screens = Grid.useBreakpoint();
  // Before the first measurement antd reports nothing: assume a desktop, as Refine's sider does.
  const isMobile = screens.lg === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useClearErrorsOnNavigate();

  const toggle = () => (isMobile ? setDrawerOpen((open) => !open) : setCollapsed((value) => !value));

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <AppBar onMenuClick={toggle} />
      <Layout hasSider>
        <NavigationDrawer
          isMobile={isMobile}
          collapsed={collapsed}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
        />
        {/* antd renders Content as <main>. */}
        <Layout.Content className="app-content">
          <FeedbackAlerts />
          <RouteErrorBoundary>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </Layout.Content>
      </Layout>
      <GlobalLoader />
      <ScrollToTopOnNavigate />
    </Layout>
  );
}
