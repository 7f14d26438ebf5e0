// The product pages beyond the generated ones: the import (spec §2: /products/{site_id}/import),
// guarded as the spec's route table says (Product Import) and, like the generated routes, only
// for a digits site id. Its last segment is static, so react-router ranks it above
// /products/:scopeValue/:id.
//
// Place {productRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { Route } from "react-router";
import { DigitIds } from "../../pages/resource/digit-ids";
import { scopedListRoute } from "../../resource-engine/resource-routes";
import products from "../../resources/products";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";
import { PRODUCT_IMPORT_ROUTE } from "./product-import-route";

const ProductImportPage = lazyPage(() => import("./product-import-page"));
const ProductVariantsPage = lazyPage(() => import("./product-variants-page"));

/** /products/{site_id}/{id}/variants: generate and edit a product's variants (Product Update). */
export const PRODUCT_VARIANTS_ROUTE = `${scopedListRoute(products)}/:id/variants`;

export { PRODUCT_IMPORT_ROUTE };

export function productRoutes(): ReactElement[] {
  return [
    <Route key={PRODUCT_IMPORT_ROUTE} element={<DigitIds />}>
      {guardedRoute({
        kind: "Product",
        action: "Import",
        route: PRODUCT_IMPORT_ROUTE,
        page: <ProductImportPage />,
      })}
    </Route>,
    <Route key={PRODUCT_VARIANTS_ROUTE} element={<DigitIds />}>
      {guardedRoute({
        kind: "Product",
        action: "edit",
        route: PRODUCT_VARIANTS_ROUTE,
        page: <ProductVariantsPage />,
      })}
    </Route>,
  ];
}
