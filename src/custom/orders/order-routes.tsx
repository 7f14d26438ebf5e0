// The order desk's routes (issue 19), each behind the spec's route table (route-requirements.ts):
// - in the default layout: /orders/:order_id (Order ReadAny; placed before the generated routes of
//   the kinds, it takes the record page's place, while /orders/:order_id/edit stays the generic
//   form), /orders/manage-mail-drops/:order_id (Order UpdateAny),
//   /orders/:order_id/edit-planning-sections (Order Read), /refund-approvals (RefundApproval Update; the generic drawers stay under it),
//   /packing-slips/:id and /mail-orders/:id/packing-slip (PackingSlip Update);
// - in the guest layout: /orders/:order_id/job-ticket (Order Read) and
//   /packing-slips/:id/print-ticket (PackingSlip Read).
// Ids are digits only (DigitIds; order_id too). Place {orderDeskRoutes()} in the default layout
// before the kinds' routes, and {orderPrintRoutes()} beside the run print-outs, in src/routes.tsx.
import type { ReactElement } from "react";
import { Outlet, Route, useParams } from "react-router";
import { GuestLayout } from "../../layouts/guest-layout";
import NotFoundPage from "../../pages/not-found-page";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";
import { RequireSession } from "../../routing/require-session";
import { registerRoutePreload } from "../../routing/route-preload";
import { loadOrderDeskPage, preloadOrderDeskPage } from "./desk-preload";
import { DeskDataAhead } from "./desk-route";

const OrderDeskPage = lazyPage(loadOrderDeskPage);
// An order's link in a list (/orders, a customer's orders) starts loading this page's code ahead of the click.
registerRoutePreload((path) => /^\/orders\/\d+$/.test(path), preloadOrderDeskPage);
const OrderFilesPage = lazyPage(() => import("./order-files-page"));
const MailDropsPage = lazyPage(() => import("./mail-drops-page"));
const PlanningPage = lazyPage(() => import("./planning-page"));
const RefundQueuePage = lazyPage(() => import("./refund-queue-page"));
const JobTicketPage = lazyPage(() => import("./job-ticket-page"));
const PackingSlipPage = lazyPage(() => import("../shipping/packing-slip-page"));
const MailOrderSlipPage = lazyPage(() => import("../shipping/mail-order-slip-page"));
const SlipTicketPage = lazyPage(() => import("../shipping/slip-ticket-page"));

/** Every id parameter of the matched route is digits (spec §5), else the not-found page. */
function Digits() {
  const params = useParams();
  const ok = Object.entries(params).every(
    ([name, value]) => name === "*" || value === undefined || /^\d+$/.test(value),
  );
  return ok ? <Outlet /> : <NotFoundPage />;
}

export function orderDeskRoutes(): ReactElement {
  return (
    <Route key="order-desk" element={<Digits />}>
      {guardedRoute({
        kind: "Order",
        action: "show",
        route: "/orders/:order_id",
        page: (
          <DeskDataAhead>
            <OrderDeskPage />
          </DeskDataAhead>
        ),
      })}
      {guardedRoute({ kind: "Order", action: "list", route: "/order-files", page: <OrderFilesPage /> })}
      {guardedRoute({
        kind: "Order",
        action: "edit",
        route: "/orders/manage-mail-drops/:order_id",
        page: <MailDropsPage />,
      })}
      {guardedRoute({
        kind: "Order",
        action: "show",
        route: "/orders/:order_id/edit-planning-sections",
        page: <PlanningPage />,
      })}
      {guardedRoute({
        kind: "RefundApproval",
        action: "edit",
        route: "/refund-approvals",
        page: <RefundQueuePage />,
      })}
      {guardedRoute({
        kind: "PackingSlip",
        action: "edit",
        route: "/packing-slips/:id",
        page: <PackingSlipPage />,
      })}
      {guardedRoute({
        kind: "PackingSlip",
        action: "edit",
        route: "/mail-orders/:id/packing-slip",
        page: <MailOrderSlipPage />,
      })}
    </Route>
  );
}

export function orderPrintRoutes(): ReactElement {
  return (
    <Route key="order-print" element={<RequireSession name="order-print" layout={<GuestLayout />} />}>
      <Route element={<Digits />}>
        {guardedRoute({
          kind: "Order",
          action: "show",
          route: "/orders/:order_id/job-ticket",
          page: <JobTicketPage />,
        })}
        {guardedRoute({
          kind: "PackingSlip",
          action: "show",
          route: "/packing-slips/:id/print-ticket",
          page: <SlipTicketPage />,
        })}
      </Route>
    </Route>
  );
}
