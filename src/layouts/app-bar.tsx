// The default layout's app bar: menu button, product name, environment tag, profile menu.
// It carries the environment's primary colour, so the environment is obvious at a glance.
import { MenuOutlined } from "@ant-design/icons";
import { Button, Layout, theme } from "antd";
import { Link } from "react-router";
import { textColourOn } from "../theme/contrast";
import { APP_TITLE } from "./app-title";
import { ModeTag } from "./mode-tag";
import { ProfileMenu } from "./profile-menu";

export function AppBar({ onMenuClick }: { onMenuClick: () => void }) {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      className="app-bar"
      style={{
        display: "flex",
        alignItems: "center",
        gap: 12,
        paddingInline: 12,
        background: token.colorPrimary,
        // White on production's red; black where white would not read at 4.5:1 (staging's teal, develop's green).
        color: textColourOn(token.colorPrimary) ?? "#ffffff",
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        aria-label="Toggle navigation"
        icon={<MenuOutlined />}
        onClick={onMenuClick}
        style={{ color: "inherit" }}
      />
      <Link to="/" style={{ color: "inherit", fontSize: 20, fontWeight: 600 }}>
        {APP_TITLE}
      </Link>
      <ModeTag />
      <div style={{ flex: 1 }} />
      <ProfileMenu />
    </Layout.Header>
  );
}
