// The template page that replaces the generic show page of templates (issue 21):
// /templates/{site_id}/{template_id}, Template Read (show), ids digits only. Place
// {templateRoutes()} inside the default layout's <Route> in src/routes.tsx, before the declared
// kinds' routes: of two routes of one path, the first wins.
import type { ReactElement } from "react";
import { Route } from "react-router";
import { DigitIds } from "../../pages/resource/digit-ids";
import { scopedListRoute } from "../../resource-engine/resource-routes";
import templates from "../../resources/templates";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";

const TemplatePage = lazyPage(() => import("./template-page"));

export const TEMPLATE_PAGE_ROUTE = `${scopedListRoute(templates)}/:id`;

export function templateRoutes(): ReactElement[] {
  return [
    <Route key={TEMPLATE_PAGE_ROUTE} element={<DigitIds />}>
      {guardedRoute({ kind: "Template", action: "show", route: TEMPLATE_PAGE_ROUTE, page: <TemplatePage /> })}
    </Route>,
  ];
}
