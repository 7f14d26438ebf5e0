// The inventory pages beyond the generated ones: the quantity log. Guarded like the inventory
// list (Inventory Read; the spec's route table gives these routes no requirement of their own).
// Its path is static, so react-router ranks it above the drawer route /inventories/:id.
//
// Place {inventoryRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";
import { QUANTITY_LOG_ROUTE } from "./quantity-change-log-route";

const QuantityChangeLogPage = lazyPage(() => import("./quantity-change-log-page"));

export function inventoryRoutes(): ReactElement[] {
  return [
    guardedRoute({
      kind: "Inventory",
      action: "list",
      route: QUANTITY_LOG_ROUTE,
      page: <QuantityChangeLogPage />,
    }),
  ];
}
