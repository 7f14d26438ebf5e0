// The <Route>s of a declared kind (src/routes.tsx puts them in the app's tree), each behind
// <RequirePermission>, which follows the spec's route table where it lists the route
// (/products/:site_id/create needs Product Create) and the kind's verb elsewhere. All of a kind's
// routes sit inside <DigitIds>: a record id (or scope id) that is not digits is the not-found
// page. react-router ranks static segments first, so "/products/:scopeValue/create" and a later
// "/products/:site_id/import" page win over "/products/:scopeValue/:id"; until that page exists,
// "import" is no id and renders not found.
import type { ReactNode } from "react";
import { Route } from "react-router";
import type { Resource } from "../../resource-engine/define";
import { childRoutesOf, routesOf, scopedListRoute } from "../../resource-engine/resource-routes";
import { lazyPage } from "../../routing/lazy-page";
import { type NestedRequirement, RequirePermission } from "../../routing/require-permission";
import { loadListPage, loadRecordPage } from "../../routing/start-preload";
import { DigitIds } from "./digit-ids";

const ResourceListPage = lazyPage(loadListPage);
const RecordDrawer = lazyPage(() => import("./record-drawer"));
const RecordPage = lazyPage(loadRecordPage);
const ChangeLogPage = lazyPage(() => import("./change-log-page"));
const RecordChildPage = lazyPage(() => import("./record-child-page"));
const RecordChildRowPage = lazyPage(() => import("./record-child-row-page"));

/** A layout route letting `children` through only with the permission for `route`. */
function guard(
  resource: Resource,
  action: string,
  route: string,
  children: ReactNode,
  nested?: NestedRequirement[],
) {
  return (
    <Route
      key={route}
      element={<RequirePermission kind={resource.kind} action={action} route={route} nested={nested} />}
    >
      {children}
    </Route>
  );
}

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
  const modes = [
    { mode: "create", action: "create", route: paths.create },
    { mode: "show", action: "show", route: paths.show },
    { mode: "edit", action: "edit", route: paths.edit },
  ] as const;
  const show = (route: string, element: ReactNode) =>
    guard(resource, "show", route, <Route path={route} element={element} />);
  const extras = [
    show(paths.changeLogs, <ChangeLogPage resource={resource} />),
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
  const list = (route: string, children?: ReactNode, nested?: NestedRequirement[]) =>
    guard(
      resource,
      "list",
      route,
      <Route path={route} element={<ResourceListPage resource={resource} />}>
        {children}
      </Route>,
      nested,
    );

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
      guard(
        resource,
        action,
        route,
        <Route path={route} element={<RecordPage resource={resource} mode={mode} />} />,
      ),
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
