// The station boards' routes (spec §2): the seven /production/*-dashboard routes and the two
// digital queues of /prepress, one lazily loaded page for all, each behind its route-table guard
// (ProductionStation ReadPress …, Order ReadAny; src/access/route-requirements.ts).
// Place {boardRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { Route } from "react-router";
import { lazyPage } from "../../routing/lazy-page";
import { RequirePermission } from "../../routing/require-permission";
import { BOARDS, boardPath } from "./boards";

const StationBoardPage = lazyPage(() => import("./station-board-page"));

export function boardRoutes(): ReactElement[] {
  return BOARDS.map((board) => {
    const path = boardPath(board);
    return (
      <Route
        key={path}
        element={<RequirePermission kind={board.guard.kind} action={board.guard.action} route={path} />}
      >
        <Route path={path} element={<StationBoardPage />} />
      </Route>
    );
  });
}
