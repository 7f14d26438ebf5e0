// The navigation drawer: a side panel on large screens, an overlay drawer below lg (spec §9).
import { Drawer, Layout } from "antd";
import { APP_TITLE } from "./app-title";
import { NavigationMenu } from "./navigation-menu";

export const DRAWER_WIDTH = 256;

interface NavigationDrawerProps {
  isMobile: boolean;
  /** Desktop: the panel is narrowed to icons. */
  collapsed: boolean;
  /** Mobile: the overlay is open. */
  open: boolean;
  onClose: () => void;
}

export function NavigationDrawer({ isMobile, collapsed, open, onClose }: NavigationDrawerProps) {
  if (isMobile) {
    return (
      <Drawer
        open={open}
        onClose={onClose}
        placement="left"
        width={DRAWER_WIDTH}
        title={APP_TITLE}
        styles={{ body: { padding: 0 } }}
      >
        <nav aria-label="Main navigation">
          <NavigationMenu onNavigate={onClose} />
        </nav>
      </Drawer>
    );
  }
  return (
    <Layout.Sider
      theme="light"
      width={DRAWER_WIDTH}
      collapsed={collapsed}
      collapsedWidth={64}
      trigger={null}
      style={{ borderInlineEnd: "1px solid rgba(5, 5, 5, 0.06)" }}
    >
      <nav aria-label="Main navigation" style={{ position: "sticky", top: 64 }}>
        <NavigationMenu />
      </nav>
    </Layout.Sider>
  );
}
