// The prepress queues' routes (spec §2 /prepress/*, each behind the route table's Order ReadAny;
// the digital production and cutting queues are station boards: board-routes.tsx) and the run
// pages that replace the generic ones: /runs/{id} and /runs/create (Run Read, Run Create).
// Place {prepressRoutes()} inside the default layout's <Route> in src/routes.tsx, before the
// declared kinds' routes: of two routes of one path, the first wins.
import type { ReactElement } from "react";
import { Route } from "react-router";
import { DigitIds } from "../../pages/resource/digit-ids";
import { lazyPage } from "../../routing/lazy-page";
import { RequirePermission } from "../../routing/require-permission";
import { JUGGLERS } from "./juggler-logic";

const JugglerPage = lazyPage(() => import("./juggler-page"));
const StagingPage = lazyPage(() => import("./staging-page"));
const ShippingPage = lazyPage(() => import("./shipping-page"));
const OutsourcePage = lazyPage(() => import("./outsource-page"));
const RunPage = lazyPage(() => import("./run-page"));
const RunCreatePage = lazyPage(() => import("./run-create-page"));

const PAGES: [string, ReactElement][] = [
  [`/prepress/${JUGGLERS.prepress.slug}`, <JugglerPage key="prepress" />],
  [`/prepress/${JUGGLERS.digital.slug}`, <JugglerPage key="digital" />],
  ["/prepress/digital-staging", <StagingPage key="staging" />],
  ["/prepress/digital-shipping", <ShippingPage key="shipping" />],
  ["/prepress/outsource-staging", <OutsourcePage key="outsource" />],
];

export function prepressRoutes(): ReactElement[] {
  return [
    ...PAGES.map(([path, page]) => (
      <Route key={path} element={<RequirePermission kind="Order" action="ReadAny" route={path} />}>
        <Route path={path} element={page} />
      </Route>
    )),
    <Route key="/runs/create" element={<RequirePermission kind="Run" action="create" route="/runs/create" />}>
      <Route path="/runs/create" element={<RunCreatePage />} />
    </Route>,
    <Route key="/runs/:id" element={<DigitIds />}>
      <Route element={<RequirePermission kind="Run" action="show" route="/runs/:id" />}>
        <Route path="/runs/:id" element={<RunPage />} />
      </Route>
    </Route>,
  ];
}
