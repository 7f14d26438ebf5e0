// The direct-mail pages beyond the generated ones (issue 22): a mailing list's page /lists/:id
// (List show) takes the generic record page's place, as the order desk does for /orders/:order_id;
// /lists/:id/edit stays the generic form. Ids are digits only (DigitIds). Place {mailRoutes()}
// before the kinds' routes in src/routes.tsx.
import type { ReactElement } from "react";
import { Route } from "react-router";
import { DigitIds } from "../../pages/resource/digit-ids";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";

const ListIntakePage = lazyPage(() => import("./list-intake-page"));

export function mailRoutes(): ReactElement {
  return (
    <Route key="mail" element={<DigitIds />}>
      {guardedRoute({ kind: "List", action: "show", route: "/lists/:id", page: <ListIntakePage /> })}
    </Route>
  );
}
