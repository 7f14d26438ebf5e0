// The catalogue pages that replace a generated one (issue 21): the attribute page with its values
// edited in place (/attributes/{id}, /attributes/create; /attributes/{id}/edit leads to it, so no
// drawer with the values as JSON remains), the product page in sections
// (/products/{site_id}/{product_id}) and the product categories' tree
// (/product-categories), over which a category's create, show and edit still open in the kind's
// drawer (/product-categories/{id} as before). Guarded as the generated routes are.
//
// Place {catalogueRoutes()} inside the default layout's <Route> in src/routes.tsx, before the
// declared kinds' routes: of two routes of one path, the first wins.
import type { ReactElement } from "react";
import { Navigate, Route, useParams } from "react-router";
import { DigitIds } from "../../pages/resource/digit-ids";
import { PAGE_ACTIONS, routesOf } from "../../resource-engine/resource-routes";
import categories from "../../resources/product-categories";
import products from "../../resources/products";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";

const AttributePage = lazyPage(() => import("./attribute-page"));
const ProductPage = lazyPage(() => import("./product-page"));
const CategoryTreePage = lazyPage(() => import("./category-tree-page"));
const RecordDrawer = lazyPage(() => import("../../pages/resource/record-drawer"));

/** /attributes/{id}/edit: the attribute page edits in place (read-only without Attribute Update). */
function ToAttributePage() {
  const { id } = useParams();
  return <Navigate replace to={`/attributes/${id}`} />;
}

export function catalogueRoutes(): ReactElement[] {
  const tree = routesOf(categories);
  const modes = (["create", "show", "edit"] as const).map((mode) => ({
    mode,
    action: PAGE_ACTIONS[mode],
    route: tree[mode],
  }));
  return [
    <Route key="/attributes/:id" element={<DigitIds />}>
      {guardedRoute({
        kind: "Attribute",
        action: "create",
        route: "/attributes/create",
        page: <AttributePage />,
      })}
      {guardedRoute({ kind: "Attribute", action: "show", route: "/attributes/:id", page: <AttributePage /> })}
      {guardedRoute({
        kind: "Attribute",
        action: "edit",
        route: "/attributes/:id/edit",
        page: <ToAttributePage />,
      })}
    </Route>,
    <Route key="/products/:scopeValue/:id" element={<DigitIds />}>
      {guardedRoute({
        kind: "Product",
        action: "show",
        route: routesOf(products).show,
        page: <ProductPage />,
      })}
    </Route>,
    <Route key={tree.list} element={<DigitIds />}>
      {guardedRoute({
        kind: "ProductCategory",
        action: "list",
        route: tree.list,
        nested: modes.map(({ action, route }) => ({ action, route })),
        children: (
          <Route path={tree.list} element={<CategoryTreePage />}>
            {modes.map(({ mode, route }) => (
              <Route
                key={mode}
                path={route.slice(tree.list.length + 1)}
                element={<RecordDrawer resource={categories} mode={mode} />}
              />
            ))}
          </Route>
        ),
      })}
    </Route>,
  ];
}
