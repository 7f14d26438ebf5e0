// The product import's route (spec §2: /products/{site_id}/import, a CSV for one site), apart
// from its page so the product list can link to it without loading the page's code.
import type { BaseKey } from "@refinedev/core";
import { SCOPE_PARAM, scopedListRoute } from "../../resource-engine/resource-routes";
import products from "../../resources/products";

export const PRODUCT_IMPORT_ROUTE = `${scopedListRoute(products)}/import`;

/** "/products/4/import": the import into site 4's products. */
export function productImportLink(siteId: BaseKey): string {
  return PRODUCT_IMPORT_ROUTE.replace(`:${SCOPE_PARAM}`, encodeURIComponent(String(siteId)));
}
