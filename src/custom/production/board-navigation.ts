// The station dashboards' entries of the navigation drawer, in the "Production" group, each shown
// only to users holding its ProductionStation read action (ReadPress …). The digital queues of
// /prepress are listed with the other prepress pages (prepress-navigation.ts).
import type { NavigationItem } from "../../layouts/navigation-item";
import { BOARDS, boardPath } from "./boards";

export const boardNavigationItems: NavigationItem[] = BOARDS.filter((b) => b.section === "production").map(
  (board) => ({
    route: boardPath(board),
    label: board.title,
    icon: "dashboard",
    group: "Production",
    access: { resource: board.guard.kind, action: board.guard.action },
  }),
);
