// The navigation drawer's menu: entries grouped by area, the current route highlighted.
import { Menu, type MenuProps } from "antd";
import { useMemo } from "react";
import { Link, useLocation } from "react-router";
import { NavigationIcon } from "./navigation-icons";
import type { NavigationItem } from "./navigation-item";
import { navigationItems } from "./navigation-items";
import { useAllowedNavigation } from "./use-allowed-navigation";

type MenuItems = NonNullable<MenuProps["items"]>;

/** Ungrouped entries first, then one antd menu group per area in order of first appearance. */
export function toMenuItems(items: readonly NavigationItem[]): MenuItems {
  const entry = (item: NavigationItem) => ({
    key: item.route,
    icon: <NavigationIcon name={item.icon} />,
    label: <Link to={item.route}>{item.label}</Link>,
  });
  const groups = new Map<string, NavigationItem[]>();
  const top: NavigationItem[] = [];
  for (const item of items) {
    if (!item.group) top.push(item);
    else groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  }
  return [
    ...top.map(entry),
    ...[...groups].map(([group, members]) => ({
      key: `group:${group}`,
      type: "group" as const,
      label: group,
      children: members.map(entry),
    })),
  ];
}

/** The entry whose route is the longest prefix of the current path ("/vendors/3" → "/vendors"). */
export function selectedRoute(items: readonly NavigationItem[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const { route } of items) {
    const matches = route === "/" ? pathname === "/" : pathname === route || pathname.startsWith(`${route}/`);
    if (matches && (!best || route.length > best.length)) best = route;
  }
  return best;
}

export function NavigationMenu({
  items = navigationItems,
  onNavigate,
}: {
  items?: readonly NavigationItem[];
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const allowed = useAllowedNavigation(items);
  // The menu (some fifty entries) is rebuilt only when its entries or the selected one change,
  // not on every change of the URL's query (a list's page, sort or filters).
  const routes = allowed.map((item) => item.route).join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `routes` stands for `allowed`'s content
  const menuItems = useMemo(() => toMenuItems(allowed), [routes]);
  const selected = selectedRoute(allowed, pathname);
  return useMemo(
    () => (
      <Menu
        mode="inline"
        items={menuItems}
        selectedKeys={selected ? [selected] : []}
        onClick={() => onNavigate?.()}
        style={{ borderInlineEnd: "none" }}
        // Never collapsed (a sider, or a drawer on small screens): the tooltip antd wraps around each
        // entry for a collapsed menu never opens, and fifty of them were a tenth of a page's first render.
        _internalDisableMenuItemTitleTooltip
      />
    ),
    [menuItems, selected, onNavigate],
  );
}
