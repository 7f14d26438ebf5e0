// The production manager, the inkjet queue and status management (issue 18), each its own lazily
// loaded page behind its guard: the spec's route table where it lists the path (ProductionStation
// RunExecutive, MailOrder Read), else the kind and action given here (Status Read: the route table
// names no requirement for /status-management; its edits need Status Update, asked on the page).
// Place {floorRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";

const ProductionManagerPage = lazyPage(() => import("./production-manager-page"));
const InkjetQueuePage = lazyPage(() => import("./inkjet-queue-page"));
const StatusManagementPage = lazyPage(() => import("./status-management-page"));

export function floorRoutes(): ReactElement[] {
  return [
    guardedRoute({
      route: "/production/production-manager",
      kind: "ProductionStation",
      action: "RunExecutive",
      page: <ProductionManagerPage />,
    }),
    guardedRoute({ route: "/inkjet-queue", kind: "MailOrder", action: "list", page: <InkjetQueuePage /> }),
    guardedRoute({
      route: "/status-management",
      kind: "Status",
      action: "list",
      page: <StatusManagementPage />,
    }),
  ];
}
