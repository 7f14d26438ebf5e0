// The navigation entries of the production manager (with the station dashboards), the inkjet queue
// (direct mail) and status management (production setup), each shown only to whoever may open it.
import type { NavigationItem } from "../../layouts/navigation-item";

export const floorNavigationItems: NavigationItem[] = [
  {
    route: "/production/production-manager",
    label: "Production manager",
    icon: "production",
    group: "Production",
    access: { resource: "ProductionStation", action: "RunExecutive" },
  },
  {
    route: "/inkjet-queue",
    label: "Inkjet queue",
    icon: "printer",
    group: "Direct mail",
    access: { resource: "MailOrder", action: "list" },
  },
  {
    route: "/status-management",
    label: "Status management",
    icon: "flag",
    group: "Production setup",
    access: { resource: "Status", action: "list" },
  },
];
