// The seven station dashboards' routes (spec §2), one lazily loaded page for all, each behind its
// route-table guard (ProductionStation ReadPress …, src/access/route-requirements.ts).
// Place {boardRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { Route } from "react-router";
import { lazyPage } from "../../routing/lazy-page";
import { RequirePermission } from "../../routing/require-permission";
import { BOARDS } from "./boards";

const StationBoardPage = lazyPage(() => import("./station-board-page"));

export function boardRoutes(): ReactElement[] {
  return BOARDS.map((board) => {
    const path = `/production/${board.slug}`;
    return (
      <Route
        key={path}
        element={<RequirePermission kind="ProductionStation" action={board.readAction} route={path} />}
      >
        <Route path={path} element={<StationBoardPage />} />
      </Route>
    );
  });
}
