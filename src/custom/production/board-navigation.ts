// The station dashboards' entries of the navigation drawer, in the "Production" group, each shown
// only to users holding its ProductionStation read action (ReadPress …).
import type { NavigationItem } from "../../layouts/navigation-item";
import { BOARDS } from "./boards";

export const boardNavigationItems: NavigationItem[] = BOARDS.map((board) => ({
  route: `/production/${board.slug}`,
  label: board.title,
  icon: "dashboard",
  group: "Production",
  access: { resource: "ProductionStation", action: board.readAction },
}));
