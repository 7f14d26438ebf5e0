import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/open";
import { users } from "../db/schema";
import type { Row } from "../resources/hooks";
import type { ResourceModel } from "../resources/model";

// Reading the records an order names, by id and always within the tenant: whole rows, their titles
// (what a look-up would answer), users' names.

export const idsIn = (values: unknown[]): number[] => [
  ...new Set(values.filter((v): v is number => typeof v === "number" && Number.isInteger(v))),
];

export async function rowsByIds(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  ids: unknown[],
): Promise<Row[]> {
  const list = idsIn(ids);
  if (list.length === 0) return [];
  const t = model.table.table;
  return tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.id, list)));
}

/** The rows of `model` whose `field` is `value` (an order's payments …), newest first, at most 200. */
export async function rowsWhere(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  field: string,
  value: number,
): Promise<Row[]> {
  const t = model.table.table;
  return tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t[field], value)))
    .orderBy(t.id)
    .limit(200);
}

/** Title field values by id. */
export async function titlesOf(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  ids: unknown[],
): Promise<Map<number, string>> {
  const rows = await rowsByIds(tx, model, tenantId, ids);
  return new Map(
    // Without a title, its kind and id ("Transaction 336", as the look-ups and the app name it; "#336" reads as a placeholder).
    rows.map((r) => [
      r.id as number,
      String(r[model.resource.titleField] ?? `${model.resource.singular} ${String(r.id)}`),
    ]),
  );
}

/** Users' names by id (a reference to a user is shown by name). */
export async function userNames(tx: Database, ids: unknown[]): Promise<Map<number, string>> {
  const list = idsIn(ids);
  if (list.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, list));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** "12 Main St, Springfield" from an address row. */
export function addressLine(row: Row | undefined): string | null {
  if (!row) return null;
  const parts = [row.company, row.attention, row.street1, row.street2, row.city, row.state, row.postal_code]
    .filter((p) => typeof p === "string" && p.trim() !== "")
    .map(String);
  return parts.length > 0 ? parts.join(", ") : null;
}
