// The inventory quantity log's route (spec §2: /inventories/quantity-change-logs), optionally
// filtered to one item (?inventory_id=), as the page keeps its filter in the URL.
import type { BaseKey } from "@refinedev/core";

export const QUANTITY_LOG_ROUTE = "/inventories/quantity-change-logs";

/** The API path of the log (api-contract.md): GET inventories/quantity-change-logs?inventory_id=&page=. */
export const QUANTITY_LOG_API_PATH = "inventories/quantity-change-logs";

export function quantityLogLink(inventoryId?: BaseKey): string {
  if (inventoryId === undefined) return QUANTITY_LOG_ROUTE;
  return `${QUANTITY_LOG_ROUTE}?${new URLSearchParams({ inventory_id: String(inventoryId) })}`;
}
