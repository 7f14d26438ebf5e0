import { and, countDistinct, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/open";
import { HttpError } from "../../http/errors";
import type { Row } from "../hooks";
import { childOf, formatCount, modelOf } from "./derived-writes";

// A catalogue record stays on its site while that site's records link it (issue 16, class 9):
// a template that products or orders of its site use, a product that orders of its site carry,
// cannot move to another site (409 naming how many). Moving it would leave them pointing across
// sites, which the dependsOn rules (products.ts, orders.ts) refuse for any new link.

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** How many orders of `siteId` have an item whose `field` is `id`. */
async function ordersOfSite(
  tx: Database,
  tenantId: number,
  siteId: number,
  field: "product_id" | "template_id",
  id: number,
): Promise<number> {
  const orders = await modelOf("Order");
  const o = orders.table.table;
  const i = childOf(orders, "items").table.table;
  const [{ n }] = await tx
    .select({ n: countDistinct(o.id) })
    .from(o)
    .innerJoin(i, and(eq(i.parent_id, o.id), eq(i.tenant_id, o.tenant_id)))
    .where(and(eq(o.tenant_id, tenantId), eq(o.site_id, siteId), eq(i[field], id)));
  return Number(n);
}

export async function siteName(tx: Database, tenantId: number, siteId: number): Promise<string> {
  const s = (await modelOf("Site")).table.table;
  const [site] = await tx
    .select({ name: s.name })
    .from(s)
    .where(and(eq(s.tenant_id, tenantId), eq(s.id, siteId)));
  return site ? String(site.name) : `site ${siteId}`;
}

const moved = (record: Row, previous: Row | null): number | null =>
  previous && typeof previous.site_id === "number" && previous.site_id !== record.site_id
    ? previous.site_id
    : null;

function refusal(what: string, ties: string[], site: string): HttpError {
  const message = `${what} is linked by ${ties.join(" and ")} of ${site}: it cannot move to another site while they link it`;
  return new HttpError(409, message, [{ field: "site_id", message }]);
}

/** 409 when a template moves off a site whose products or orders link it. */
export async function checkTemplateMove(
  tx: Database,
  tenantId: number,
  record: Row,
  previous: Row | null,
): Promise<void> {
  const from = moved(record, previous);
  if (from === null) return;
  const id = record.id as number;
  const p = (await modelOf("Product")).table.table;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(p)
    .where(and(eq(p.tenant_id, tenantId), eq(p.site_id, from), sql`${id} = any(${p.template_ids})`));
  const products = Number(n);
  const orders = await ordersOfSite(tx, tenantId, from, "template_id", id);
  const ties = [
    ...(products > 0 ? [plural(products, "product", "products")] : []),
    ...(orders > 0 ? [plural(orders, "order", "orders")] : []),
  ];
  if (ties.length > 0)
    throw refusal(`Template "${String(record.name)}"`, ties, await siteName(tx, tenantId, from));
}

/** 409 when a product moves off a site whose orders carry it. */
export async function checkProductMove(
  tx: Database,
  tenantId: number,
  record: Row,
  previous: Row | null,
): Promise<void> {
  const from = moved(record, previous);
  if (from === null) return;
  const orders = await ordersOfSite(tx, tenantId, from, "product_id", record.id as number);
  if (orders > 0) {
    const what = `Product ${String(record.sku)} (${String(record.name)})`;
    throw refusal(what, [plural(orders, "order", "orders")], await siteName(tx, tenantId, from));
  }
}
