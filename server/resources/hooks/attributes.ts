import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/open";
import { HttpError } from "../../http/errors";
import { defineHooks, type Row } from "../hooks";
import { childOf, modelOf } from "./derived-writes";

// An attribute's value that product variants name (variant.attribute_values: { attribute code: value
// code }) stays while they do: removing it (from the attribute page's inline values or through the API)
// is refused with a 409 naming how many variants of which product use it; deactivating it (active:
// false) keeps those variants whole and hides it from new choices. The same holds for the attribute's
// code: the variants name it, so it stays while they do.

const codesOf = (values: unknown): string[] =>
  Array.isArray(values)
    ? values.flatMap((v) => (v && typeof v === "object" && typeof v.code === "string" ? [v.code] : []))
    : [];

/** The products whose variants name `attribute` = one of `values`, with the count of those variants. */
async function usersOf(tx: Database, tenantId: number, attribute: string, values: string[]) {
  const product = await modelOf("Product");
  const p = product.table.table;
  const v = childOf(product, "variants").table.table;
  const value = sql<string>`${v.attribute_values} ->> ${attribute}`;
  return (
    tx
      .select({ value, name: p.name, sku: p.sku, variants: sql<number>`count(*)::int` })
      .from(v)
      .innerJoin(p, and(eq(p.tenant_id, v.tenant_id), eq(p.id, v.parent_id)))
      .where(and(eq(v.tenant_id, tenantId), inArray(value, values)))
      // By position: the value's expression carries its code as a parameter, so repeating it would not match.
      .groupBy(sql`1`, p.id, p.name, p.sku)
      .orderBy(sql`1`, p.name)
  );
}

const variantsWord = (n: number) => `${n} variant${n === 1 ? "" : "s"}`;

/** "3 variants of Business Cards (BC-STD)", or "5 variants of 2 products (Business Cards, Flyers)". */
function usedBy(rows: { name: unknown; sku: unknown; variants: number }[]): string {
  const total = rows.reduce((sum, r) => sum + Number(r.variants), 0);
  if (rows.length === 1) return `${variantsWord(total)} of ${String(rows[0].name)} (${String(rows[0].sku)})`;
  return `${variantsWord(total)} of ${rows.length} products (${rows.map((r) => String(r.name)).join(", ")})`;
}

/** Refuses the update when it removes a value (or renames the code) that variants still name. */
async function keepUsedValues(tx: Database, tenantId: number, record: Row, previous: Row) {
  const before = codesOf(previous.values);
  if (before.length === 0) return;
  const code = String(previous.code);
  const renamed = record.code !== previous.code;
  const kept = new Set(codesOf(record.values));
  const removed = renamed ? before : before.filter((c) => !kept.has(c));
  if (removed.length === 0) return;
  const rows = await usersOf(tx, tenantId, code, removed);
  if (rows.length === 0) return;
  const name = String(previous.name);
  const message = renamed
    ? `${name}'s code "${code}" is named by ${usedBy(rows)}: keep the code while they do.`
    : `The value "${rows[0].value}" of ${name} is used by ${usedBy(rows.filter((r) => r.value === rows[0].value))}: ` +
      "deactivate it (untick Active) instead of removing it, so those variants keep it.";
  throw new HttpError(409, message, [{ field: renamed ? "code" : "values", message }]);
}

export default defineHooks({
  async afterWrite({ tx, tenantId, action, record, previous }) {
    if (action === "update" && record && previous) await keepUsedValues(tx, tenantId, record, previous);
  },
});
