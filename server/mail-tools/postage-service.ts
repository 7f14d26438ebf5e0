import { and, asc, eq } from "drizzle-orm";
import { modelIn } from "../orders/order-state";
import { createRecord, type EngineContext } from "../resources/record-writes";

// Postage on a postcard or letter tool's order is billed as a Service line (hooks/order-service-lines.ts):
// money on the order, no status, never on the floor. The line names the shop's "Postage" service (seeded
// for the demo shop); a shop without one gets it on its first mail order, priced by the piece at $0
// because the rate is the mail class's, from the postage rate table, not the service's.

export const POSTAGE_SERVICE = "Postage";

/** The id of the shop's Postage service, added (with its change log) when the shop has none. */
export async function postageServiceId(ctx: EngineContext): Promise<number> {
  const model = modelIn(ctx.registry, "Service");
  const s = model.table.table;
  const [row] = await ctx.tx
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.tenant_id, ctx.tenantId), eq(s.name, POSTAGE_SERVICE)))
    .orderBy(asc(s.id))
    .limit(1);
  if (row) return row.id as number;
  const made = await createRecord(ctx, model, {
    name: POSTAGE_SERVICE,
    category: "mailing",
    pricing_unit: "piece",
    rate: 0,
    taxable: false,
    description: "Postage at the mail class's rate from the postage rate table, billed on mail orders.",
  });
  return made.row.id as number;
}
