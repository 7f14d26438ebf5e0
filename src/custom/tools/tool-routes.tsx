// The tools' pages (issue 22): the three FileMaker pages (the spec's route table asks no permission
// of them: a session is enough, as on the server) and /messaging (SMS templates: SmsTemplate Read
// to open it; its Preview and Send buttons ask for those actions) and /graphic-service-manager (Order UpdateAny) and /4-over-tool with /4-over-tool/{item id}. One lazily loaded page each.
// Place {toolRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";
import { FILEMAKER_PAGES } from "./filemaker-layouts";

const FileMakerPage = lazyPage(() => import("./filemaker-page"));
const MessagingPage = lazyPage(() => import("./messaging-page"));
const GraphicServiceManagerPage = lazyPage(() => import("./graphic-service-manager-page"));
const FourOverPage = lazyPage(() => import("./four-over-page"));
const FourOverItemPage = lazyPage(() => import("./four-over-item-page"));

export function toolRoutes(): ReactElement[] {
  return [
    ...FILEMAKER_PAGES.map((page) =>
      guardedRoute({
        // The route table decides (no permission needed); the kind only names the area.
        kind: "Integration",
        action: "list",
        route: `/filemaker/${page}`,
        page: <FileMakerPage key={page} page={page} />,
      }),
    ),
    guardedRoute({ kind: "SmsTemplate", action: "list", route: "/messaging", page: <MessagingPage /> }),
    // The route table asks Order UpdateAny (src/access/route-requirements.ts); the server asks it of every call.
    guardedRoute({
      kind: "Order",
      action: "edit",
      route: "/graphic-service-manager",
      page: <GraphicServiceManagerPage />,
    }),
    // The route table asks no permission of /4-over-tool (spec §6); its server asks Order ReadAny (UpdateAny to send).
    guardedRoute({ kind: "Order", action: "list", route: "/4-over-tool", page: <FourOverPage /> }),
    guardedRoute({ kind: "Order", action: "list", route: "/4-over-tool/:id", page: <FourOverItemPage /> }),
  ];
}
