import { type SQL, sql } from "drizzle-orm";
import { validationFailed } from "../../http/errors";
import type { Row } from "../hooks";

// A Service line (an order item naming a Service: design hours billed, server/tools/graphic-services.ts)
// is money on the order, not work on the floor. It takes no production status (orders.ts declares
// noStatusWith), and so it waits at no station; what counts an order's work leaves it out: the order
// status following its items, the digital staging completeness, what is left to ship, packing slips
// and the job ticket. It keeps its place in the items' numbering (item N is the Nth line of the order).

/** Whether an order item is a Service line. */
export const isServiceLine = (item: Row): boolean =>
  item.service_id !== null && item.service_id !== undefined;

/** SQL: the order item aliased `alias` is a production item (not a Service line). */
export const productionItem = (alias: string): SQL => sql.raw(`${alias}.service_id is null`);

/** What production sets and a Service line may not carry. */
const PRODUCTION_FIELDS = [
  ["item_status_id", "a status"],
  ["run_id", "a run"],
  ["stock_id", "a stock"],
  ["outsource_vendor_id", "a trade printer"],
  ["plan_equipment_id", "a planned press"],
] as const;

/** 400 for a Service line carrying production (a status, run, stock, trade printer or plan). */
export function checkServiceLines(items: Row[]): void {
  const errors: { field: string; message: string }[] = [];
  items.forEach((item, index) => {
    if (!isServiceLine(item)) return;
    for (const [field, words] of PRODUCTION_FIELDS) {
      const value = item[field];
      if (value === null || value === undefined) continue;
      errors.push({
        field: `items.${index}.${field}`,
        message: `Item ${index + 1} is a service line (billed, not produced): it takes no ${words.slice(2)}`,
      });
    }
    const stations = item.plan_station_ids;
    if (Array.isArray(stations) && stations.length > 0) {
      errors.push({
        field: `items.${index}.plan_station_ids`,
        message: `Item ${index + 1} is a service line (billed, not produced): it takes no planned stations`,
      });
    }
  });
  if (errors.length > 0) throw validationFailed(errors);
}
