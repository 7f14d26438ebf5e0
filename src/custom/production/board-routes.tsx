// The seven station dashboards' routes (spec §2), one lazily loaded page for all, each behind its
// route-table guard (ProductionStation ReadPress …, src/access/route-requirements.ts).
// Place {boardRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";
import { BOARDS } from "./boards";

const StationBoardPage = lazyPage(() => import("./station-board-page"));

export function boardRoutes(): ReactElement[] {
  return BOARDS.map((board) =>
    guardedRoute({
      kind: "ProductionStation",
      action: board.readAction,
      route: `/production/${board.slug}`,
      page: <StationBoardPage />,
    }),
  );
}
