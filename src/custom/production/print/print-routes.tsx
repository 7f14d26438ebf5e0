// The run print-outs' routes (spec §2 guest-layout routes): signed in, in the guest layout (no sidebar), each
// behind the route table's Run Read. Each page is its own chunk, JsBarcode with it.
import type { ReactElement } from "react";
import { Route } from "react-router";
import { GuestLayout } from "../../../layouts/guest-layout";
import { lazyPage } from "../../../routing/lazy-page";
import { guardedRoute } from "../../../routing/require-permission";
import { RequireSession } from "../../../routing/require-session";

const JobJacketPage = lazyPage(() => import("./job-jacket-page"));
const RunSpreadPage = lazyPage(() => import("./run-spread-page"));

export function runPrintRoutes(): ReactElement {
  return (
    <Route key="run-print" element={<RequireSession name="print" layout={<GuestLayout />} />}>
      {guardedRoute({ kind: "Run", action: "show", route: "/runs/:id/job-jacket", page: <JobJacketPage /> })}
      {guardedRoute({ kind: "Run", action: "show", route: "/runs/:id/run-spread", page: <RunSpreadPage /> })}
    </Route>
  );
}
