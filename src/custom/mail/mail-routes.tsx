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
const CampaignsPage = lazyPage(() => import("./campaigns-page"));
const CampaignPage = lazyPage(() => import("./campaign-page"));
const MailToolPage = lazyPage(() => import("./mail-tool-page"));
const RoutesPage = lazyPage(() => import("./routes-page"));

export function mailRoutes(): ReactElement {
  return (
    <Route key="mail" element={<DigitIds />}>
      {guardedRoute({ kind: "List", action: "show", route: "/lists/:id", page: <ListIntakePage /> })}
      {/* The EDDM routes by ZIP, picked into the postcard tool; a route's own pages stay the generated ones. */}
      {guardedRoute({ kind: "Route", action: "list", route: "/routes", page: <RoutesPage /> })}
      {/* Automated campaigns (issue 22): the route table asks nothing of the tool's two routes (a postcard
          tool); /automated-campaigns/:id, not in it, asks MailOrder Read, as the server does of all three. */}
      {guardedRoute({
        kind: "MailOrder",
        action: "list",
        route: "/automated-drop-postcard-tool",
        page: <CampaignsPage />,
      })}
      {guardedRoute({
        kind: "MailOrder",
        action: "show",
        route: "/automated-drop-postcard-tool/:id",
        page: <CampaignPage />,
      })}
      {guardedRoute({
        kind: "MailOrder",
        action: "show",
        route: "/automated-campaigns/:id",
        page: <CampaignPage />,
      })}
      {/* The postcard and letter tools (one wizard): the route table asks no permission (the kind only names the
          area); pricing and creating ask Order Create and MailOrder Create of the server. */}
      {(["postcard", "letter"] as const).flatMap((tool) =>
        [`/${tool}-tool`, `/${tool}-tool/:id`].map((route) =>
          guardedRoute({
            kind: "MailOrder",
            action: "create",
            route,
            page: <MailToolPage key={route} tool={tool} />,
          }),
        ),
      )}
    </Route>
  );
}
