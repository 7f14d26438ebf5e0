// The station boards' routes (spec §2): the seven /production/*-dashboard routes and the two
// digital queues of /prepress, one lazily loaded page for all, each behind its route-table guard
// (ProductionStation ReadPress …, Order ReadAny; src/access/route-requirements.ts).
// Place {boardRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";
import { BOARDS, boardPath } from "./boards";

const StationBoardPage = lazyPage(() => import("./station-board-page"));

export function boardRoutes(): ReactElement[] {
  return BOARDS.map((board) =>
    guardedRoute({
      kind: board.guard.kind,
      action: board.guard.action,
      route: boardPath(board),
      page: <StationBoardPage />,
    }),
  );
}
