// The <Route>s of a declared kind (src/routes.tsx puts them in the app's tree), each made with
// guardedRoute (routing/require-permission.tsx), which follows the spec's route table where it
// lists the route (/products/:site_id/create needs Product Create) and otherwise the page's verb
// (PAGE_ACTIONS, resource-engine/resource-routes.ts: the verb the links to the page ask too). All of
// a kind's routes sit inside <DigitIds>: a record id (or scope id) that is not digits is the
// not-found page. react-router ranks static segments first, so "/products/:scopeValue/create" and
// the hand-built "/products/:site_id/import" (custom/catalogue/product-routes.tsx) win over
// "/products/:scopeValue/:id".
import type { ReactNode } from "react";
import { Route } from "react-router";
import type { Resource } from "../../resource-engine/define";
import {
  childRoutesOf,
  PAGE_ACTIONS,
  routesOf,
  scopedListRoute,
} from "../../resource-engine/resource-routes";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute, type NestedRequirement } from "../../routing/require-permission";
import { loadListPage, loadRecordPage } from "../../routing/start-preload";
import { DigitIds } from "./digit-ids";

const ResourceListPage = lazyPage(loadListPage);
const RecordDrawer = lazyPage(() => import("./record-drawer"));
const RecordPage = lazyPage(loadRecordPage);
const ChangeLogPage = lazyPage(() => import("./change-log-page"));
const RecordChildPage = lazyPage(() => import("./record-child-page"));
const RecordChildRowPage = lazyPage(() => import("./record-child-row-page"));

/**
 * A kind's routes: its list (and, scoped, one scope's list), its records' change logs, their
 * child collections' pages and rows' change logs, and create/show/edit, either as a drawer over
 * the list (child routes of the list, "drawer" kinds; the list's guard checks them) or as pages of
 * their own ("routes" kinds). Both use the same URLs: /vendors/create, /vendors/12, /vendors/12/edit.
 * A part of another kind's records (`partOf`, a site's order settings) has no list routes: its
 * pages hang under the holder's record (/sites/1/4, /sites/1/4/edit); a collection with row
 * pages adds one per row (/sites/1/4/9).
 */
export function resourceRoutes(resource: Resource): ReactNode {
  const paths = routesOf(resource);
  const scopedList = scopedListRoute(resource);
  // The list that record routes hang under: the scope's list for a scoped kind.
  const recordsList = scopedList ?? paths.list;
  const kind = resource.kind;
  const modes = (["create", "show", "edit"] as const).map((mode) => ({
    mode,
    action: PAGE_ACTIONS[mode],
    route: paths[mode],
  }));
  // A record's other pages (its history, its collections) open with it: its show page's verb.
  const show = (route: string, page: ReactNode) =>
    guardedRoute({ kind, action: PAGE_ACTIONS.show, route, page });
  const extras = [
    guardedRoute({
      kind,
      action: PAGE_ACTIONS.changeLogs,
      route: paths.changeLogs,
      page: <ChangeLogPage resource={resource} />,
    }),
    ...childRoutesOf(resource).flatMap(({ name, page, changeLogs, row }) => [
      show(page, <RecordChildPage resource={resource} name={name} />),
      ...(resource.children[name].ownChangeLog
        ? [show(changeLogs, <ChangeLogPage resource={resource} child={name} />)]
        : []),
      ...(resource.children[name].rowPages
        ? [show(row, <RecordChildRowPage resource={resource} name={name} />)]
        : []),
    ]),
  ];
  const list = (route: string, drawers?: ReactNode, nested?: NestedRequirement[]) =>
    guardedRoute({
      kind,
      action: PAGE_ACTIONS.list,
      route,
      nested,
      children: (
        <Route path={route} element={<ResourceListPage resource={resource} />}>
          {drawers}
        </Route>
      ),
    });

  let lists: ReactNode;
  let pages: ReactNode = null;
  if (resource.pages === "drawer") {
    const drawers = modes.map(({ mode, route }) => (
      <Route
        key={mode}
        path={route.slice(recordsList.length + 1)}
        element={<RecordDrawer resource={resource} mode={mode} />}
      />
    ));
    const nested = modes.map(({ action, route }) => ({ action, route }));
    lists = scopedList ? (
      <>
        {list(paths.list)}
        {list(scopedList, drawers, nested)}
      </>
    ) : (
      list(paths.list, drawers, nested)
    );
  } else {
    // A part of another kind's records is listed on its holder's page, which owns these routes.
    lists = resource.partOf ? null : (
      <>
        {list(paths.list)}
        {scopedList && list(scopedList)}
      </>
    );
    pages = modes.map(({ mode, action, route }) =>
      guardedRoute({ kind, action, route, page: <RecordPage resource={resource} mode={mode} /> }),
    );
  }
  return (
    <Route key={resource.kind} element={<DigitIds />}>
      {lists}
      {pages}
      {extras}
    </Route>
  );
}
