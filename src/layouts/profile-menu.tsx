// The app bar's profile menu: the signed-in user's name, a link to the profile, logout.
import { DownOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Avatar, Button, Dropdown, type MenuProps } from "antd";
import { Link } from "react-router";

interface Identity {
  name?: string;
  email?: string;
}

export function ProfileMenu() {
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  const name = identity?.name || identity?.email || "Account";

  const items: MenuProps["items"] = [
    { key: "profile", icon: <UserOutlined />, label: <Link to="/profile">Profile</Link> },
    { type: "divider" },
    { key: "logout", icon: <LogoutOutlined />, label: "Logout", onClick: () => logout() },
  ];

  return (
    <Dropdown menu={{ items }} trigger={["click"]} placement="bottomRight">
      <Button type="text" style={{ color: "inherit", display: "flex", alignItems: "center", gap: 8 }}>
        <Avatar size="small" icon={<UserOutlined />} />
        <span className="hide-on-mobile">{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
