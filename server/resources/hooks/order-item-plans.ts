import { and, asc, eq, inArray } from "drizzle-orm";
import { type PlanEquipment, planProblems } from "../../../src/custom/orders/plan-checks";
import type { Database } from "../../db/open";
import { type FieldError, validationFailed } from "../../http/errors";
import type { Row } from "../hooks";
import { modelOf } from "./derived-writes";

// An order item's production plan (its plan_* fields) fits its planned press: the sheet within
// the press's limits, colours a side at most its colours (src/custom/orders/plan-checks.ts). Checked
// on every write of an order's items, whichever route made it (the planning page's, the order form):
// a 400 per problem on the item's field, "Item 2: …".

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The tenant's presses (all of them, or those of `ids`), by name. */
export async function pressesOf(
  tx: Database,
  tenantId: number,
  ids?: number[],
): Promise<(PlanEquipment & { status: string | null })[]> {
  if (ids && ids.length === 0) return [];
  const t = (await modelOf("Equipment")).table.table;
  const rows = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), ids ? inArray(t.id, ids) : undefined))
    .orderBy(asc(t.name));
  return rows.map((r) => ({
    id: r.id as number,
    name: String(r.name),
    min_sheet_width: num(r.min_sheet_width),
    min_sheet_height: num(r.min_sheet_height),
    max_sheet_width: num(r.max_sheet_width),
    max_sheet_height: num(r.max_sheet_height),
    colors: num(r.colors),
    status: (r.status as string | null) ?? null,
  }));
}

/** The plan of an item as the check reads it. */
export function planOfItem(item: Row) {
  return {
    plan_equipment_id: (item.plan_equipment_id as number | null) ?? null,
    plan_sheet_width: num(item.plan_sheet_width),
    plan_sheet_height: num(item.plan_sheet_height),
    color_spec: (item.color_spec as string | null) ?? null,
  };
}

export async function checkItemPlans(tx: Database, tenantId: number, items: Row[]): Promise<void> {
  const ids = [
    ...new Set(items.map((i) => i.plan_equipment_id).filter((id): id is number => typeof id === "number")),
  ];
  if (ids.length === 0) return;
  const presses = new Map((await pressesOf(tx, tenantId, ids)).map((p) => [p.id, p]));
  const errors: FieldError[] = items.flatMap((item, index) => {
    const plan = planOfItem(item);
    const press = plan.plan_equipment_id === null ? undefined : presses.get(plan.plan_equipment_id);
    return planProblems(plan, press).map((p) => ({
      field: `items.${index}.${p.field}`,
      message: `Item ${index + 1}: ${p.message}`,
    }));
  });
  if (errors.length > 0) throw validationFailed(errors);
}
