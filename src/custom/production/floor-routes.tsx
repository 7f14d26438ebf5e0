// The production manager, the inkjet queue and status management (issue 18), each its own lazily
// loaded page behind its guard: the spec's route table where it lists the path (ProductionStation
// RunExecutive, MailOrder Read), else the kind and action given here (Status Read: the route table
// names no requirement for /status-management; its edits need Status Update, asked on the page).
// Place {floorRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { Route } from "react-router";
import type { Kind } from "../../access/kinds";
import { lazyPage } from "../../routing/lazy-page";
import { RequirePermission } from "../../routing/require-permission";

const ProductionManagerPage = lazyPage(() => import("./production-manager-page"));
const InkjetQueuePage = lazyPage(() => import("./inkjet-queue-page"));
const StatusManagementPage = lazyPage(() => import("./status-management-page"));

function guarded(path: string, kind: Kind, action: string, page: ReactElement): ReactElement {
  return (
    <Route key={path} element={<RequirePermission kind={kind} action={action} route={path} />}>
      <Route path={path} element={page} />
    </Route>
  );
}

export function floorRoutes(): ReactElement[] {
  return [
    guarded("/production/production-manager", "ProductionStation", "RunExecutive", <ProductionManagerPage />),
    guarded("/inkjet-queue", "MailOrder", "list", <InkjetQueuePage />),
    guarded("/status-management", "Status", "list", <StatusManagementPage />),
  ];
}
