// The product pages beyond the generated ones: the import (spec §2: /products/{site_id}/import),
// guarded as the spec's route table says (Product Import) and, like the generated routes, only
// for a digits site id. Its last segment is static, so react-router ranks it above
// /products/:scopeValue/:id.
//
// Place {productRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { Route } from "react-router";
import { lazyPage } from "../../routing/lazy-page";
import { RequirePermission } from "../../routing/require-permission";
import { DigitIds } from "../resource/digit-ids";
import { PRODUCT_IMPORT_ROUTE } from "./product-import-route";

const ProductImportPage = lazyPage(() => import("./product-import-page"));

export { PRODUCT_IMPORT_ROUTE };

export function productRoutes(): ReactElement[] {
  return [
    <Route key={PRODUCT_IMPORT_ROUTE} element={<DigitIds />}>
      <Route element={<RequirePermission kind="Product" action="Import" route={PRODUCT_IMPORT_ROUTE} />}>
        <Route path={PRODUCT_IMPORT_ROUTE} element={<ProductImportPage />} />
      </Route>
    </Route>,
  ];
}
