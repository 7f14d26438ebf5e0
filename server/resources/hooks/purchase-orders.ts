import { type SQL, sql } from "drizzle-orm";
import purchaseOrders from "../../../src/resources/purchase-orders";
import { type Database, selectRows } from "../../db/open";
import { type FieldError, HttpError, validationFailed } from "../../http/errors";
import { checkStartValues } from "../enum-starts";
import { defineHooks, type FieldBound, type Row } from "../hooks";
import { quoteIdent } from "../tables";
import {
  childOf,
  currentValue,
  formatCount,
  fromCents,
  lockRecord,
  modelOf,
  numberOr,
  storedChildren,
  toCents,
} from "./derived-writes";
import { changeOnHand, type QuantityChange } from "./inventories";

// Purchase orders:
// - total = Σ lines (quantity × unit cost) + freight + tax, set on every write;
// - the status follows the receipts: partially_received once a line has received something,
//   received once every line has its quantity, each only where the declared transitions allow
//   the move from the current status (a correction never moves it back);
// - receiving (a line's quantity_received rising) raises its inventory item's on_hand by the
//   difference with a "receive" quantity change referencing the PO number; lowering it takes the
//   difference back as an "adjust". Each item's row is locked (FOR UPDATE, in id order) before it
//   is read, so concurrent receipts into one item queue up and never double count;
// - an item's on_order is what open POs (sent, acknowledged, partially received) still expect.
// Issue 16, class 5:
// - a PO is created before anything arrives: as draft, sent or acknowledged (declared
//   `initial`, enum-starts.ts), with nothing
//   received on its lines (receiving is an update of the saved PO, which raises stock);
// - a line never receives more than its quantity ordered (400 on lines.N.quantity_received).
//   Policy: no over-receipt tolerance — a merchant's overs are either a line of their own or
//   an inventory adjustment, so the PO's receipts always read as what was ordered;
// - taking a receipt back never leaves the item with less on hand than runs have committed.

type Status = (typeof purchaseOrders.fields.status & { type: "enum" })["values"][number]["value"];

const statusField = purchaseOrders.fields.status;
const TRANSITIONS: Record<string, readonly string[]> =
  statusField.type === "enum" ? (statusField.transitions ?? {}) : {};
const statusLabel = (value: unknown): string =>
  (statusField.type === "enum" ? statusField.values.find((v) => v.value === value)?.label : undefined) ??
  String(value);

/** Statuses whose lines still count as on order, and that may take receipts. */
export const OPEN_STATUSES: Status[] = ["sent", "acknowledged", "partially_received"];
const RECEIVING_STATUSES = new Set<unknown>([...OPEN_STATUSES, "received"]);

const received = (line: Row | undefined) => numberOr(line?.quantity_received);

/** The lines' receipt errors: nothing received on create, never more than ordered. */
export function receiptErrors(lines: Row[], creating: boolean): FieldError[] {
  const errors: FieldError[] = [];
  lines.forEach((line, index) => {
    const field = `lines.${index}.quantity_received`;
    const got = received(line);
    const ordered = numberOr(line.quantity);
    if (creating && got > 0) {
      errors.push({
        field,
        message: "A new purchase order has received nothing yet: save it, then receive the delivery on it",
      });
    } else if (got > ordered) {
      errors.push({
        field,
        message: `Received ${formatCount(got)} is more than the ${formatCount(ordered)} ordered on this line`,
      });
    }
  });
  return errors;
}

/**
 * The sum of the lines in whole cents (exact, BigInt: 10 million × a large unit cost passes 2^53
 * cents and is then refused by the total's bound), from the lines when the write carries them,
 * else from the stored total.
 */
function linesTotal(lines: Row[] | undefined, previous: Row | null): bigint {
  if (lines) {
    return lines.reduce(
      (sum, l) => sum + BigInt(Math.round(numberOr(l.quantity))) * toCents(l.unit_cost),
      0n,
    );
  }
  if (!previous) return 0n;
  return toCents(previous.total) - toCents(previous.freight) - toCents(previous.tax);
}

/** The status the receipts call for, when the lines say one. */
function receiptStatus(lines: Row[]): Status | undefined {
  if (lines.length > 0 && lines.every((l) => received(l) >= numberOr(l.quantity))) return "received";
  if (lines.some((l) => received(l) > 0)) return "partially_received";
  return undefined;
}

/** What each inventory item gains or loses by the write's receipts. */
function receiptChanges(po: Row, before: Row[], after: Row[]): Map<number, QuantityChange[]> {
  const changes = new Map<number, QuantityChange[]>();
  const add = (inventoryId: unknown, quantity: number, line: Row) => {
    if (typeof inventoryId !== "number" || quantity === 0) return;
    const list = changes.get(inventoryId) ?? [];
    list.push({
      type: quantity > 0 ? "receive" : "adjust",
      quantity,
      reference: String(po.po_number),
      note: `${quantity > 0 ? "Received" : "Receipt corrected"}: ${String(line.description ?? "")}`.slice(
        0,
        400,
      ),
    });
    changes.set(inventoryId, list);
  };
  const previousById = new Map(before.map((l) => [l.id, l]));
  const kept = new Set<unknown>();
  for (const line of after) {
    const old = line.id === undefined ? undefined : previousById.get(line.id);
    if (old) kept.add(old.id);
    if (old && old.inventory_id === line.inventory_id) {
      add(line.inventory_id, received(line) - received(old), line);
    } else {
      if (old) add(old.inventory_id, -received(old), old);
      add(line.inventory_id, received(line), line);
    }
  }
  for (const old of before) if (!kept.has(old.id)) add(old.inventory_id, -received(old), old);
  return changes;
}

/**
 * What the open POs of the tenant still expect of one stock item, as an SQL scalar: `inventory`
 * is the item's id (a parameter, or a column of an outer query such as inventories.id).
 */
export async function onOrderSql(tenantId: number, inventory: SQL): Promise<SQL> {
  const po = await modelOf("PurchaseOrder");
  const p = sql.raw(quoteIdent(po.table.name));
  const l = sql.raw(quoteIdent(childOf(po, "lines").table.name));
  const open = sql.join(
    OPEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`(select coalesce(sum(greatest(l.quantity - coalesce(l.quantity_received, 0), 0)), 0)::int
      from ${l} l join ${p} p on p.id = l.parent_id and p.tenant_id = l.tenant_id
      where l.tenant_id = ${tenantId} and l.inventory_id = ${inventory} and p.status in (${open}))`;
}

async function onOrder(tx: Database, tenantId: number, inventoryId: number): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select ${await onOrderSql(tenantId, sql`${inventoryId}`)} as n`,
  );
  return Number(row?.n ?? 0);
}

export default defineHooks({
  compute(values: Row, previous: Row | null, children) {
    const lines = children?.lines;
    values.total = fromCents(
      linesTotal(lines, previous) +
        toCents(currentValue(values, previous, "freight")) +
        toCents(currentValue(values, previous, "tax")),
    );
    if (!lines) return;
    const wanted = receiptStatus(lines);
    const current = currentValue(values, previous, "status");
    if (!wanted || wanted === current || !TRANSITIONS[String(current)]?.includes(wanted)) return;
    values.status = wanted;
    if (wanted === "received" && !currentValue(values, previous, "received_at")) {
      values.received_at = new Date().toISOString().slice(0, 10);
    }
  },

  // The receiving form: each line receives at most its quantity ordered.
  async bounds({ values }) {
    const bounds: Record<string, FieldBound> = {};
    const lines = Array.isArray(values.lines) ? (values.lines as Row[]) : [];
    lines.forEach((line, index) => {
      if (typeof line.quantity !== "number") return;
      bounds[`lines.${index}.quantity_received`] = {
        min: 0,
        max: line.quantity,
        message: `At most ${formatCount(line.quantity)}: the quantity ordered on this line`,
      };
    });
    return bounds;
  },

  async beforeDelete({ tx, model, tenantId, record }) {
    const lines = await storedChildren(tx, model, "lines", tenantId, record.id as number);
    if (lines.some((l) => received(l) > 0)) {
      throw new HttpError(
        409,
        `${String(record.po_number)} has received stock. Take the receipts back (set each line's quantity received to 0) before deleting it.`,
      );
    }
  },

  async afterWrite({ tx, model, tenantId, userId, action, record, previous, children, previousChildren }) {
    const po = record ?? previous;
    if (!po) return;
    if (action !== "delete" && children?.lines) {
      const errors = receiptErrors(children.lines, action === "create");
      if (errors.length > 0) throw validationFailed(errors);
    }
    if (action === "create") checkStartValues("purchase order", model.fields, po);
    const before =
      previousChildren?.lines ??
      (action === "create" ? [] : await storedChildren(tx, model, "lines", tenantId, po.id as number));
    const after =
      action === "delete"
        ? []
        : (children?.lines ?? (await storedChildren(tx, model, "lines", tenantId, po.id as number)));
    const changes = children?.lines ? receiptChanges(po, before, after) : new Map<number, QuantityChange[]>();
    if ([...changes.values()].flat().some((c) => c.quantity > 0) && !RECEIVING_STATUSES.has(po.status)) {
      throw new HttpError(
        409,
        `${String(po.po_number)} is ${statusLabel(po.status)}: only a sent, acknowledged or partially received purchase order receives stock`,
      );
    }
    const statusChanged = (record?.status ?? null) !== (previous?.status ?? null);
    const affected = new Set<number>(changes.keys());
    if (statusChanged || children?.lines) {
      for (const line of [...before, ...after]) {
        if (typeof line.inventory_id === "number") affected.add(line.inventory_id);
      }
    }
    if (affected.size === 0) return;
    const inventory = await modelOf("Inventory");
    // In id order: two writes locking the same items never wait for each other crosswise.
    for (const inventoryId of [...affected].sort((a, b) => a - b)) {
      const item = await lockRecord(tx, inventory, tenantId, inventoryId);
      if (!item) continue;
      const moves = changes.get(inventoryId) ?? [];
      const balance = numberOr(item.on_hand) + moves.reduce((sum, c) => sum + c.quantity, 0);
      if (balance < 0) {
        throw new HttpError(
          409,
          `Not enough ${String(item.name)} on hand to take the receipt back: ${formatCount(numberOr(item.on_hand))} on hand, ${formatCount(numberOr(item.on_hand) - balance)} to take back`,
        );
      }
      const committed = numberOr(item.committed);
      if (balance < numberOr(item.on_hand) && balance < committed) {
        throw new HttpError(
          409,
          `Not enough ${String(item.name)} available to take the receipt back: ${formatCount(numberOr(item.on_hand))} on hand, ${formatCount(committed)} committed to runs, ${formatCount(numberOr(item.on_hand) - balance)} to take back`,
        );
      }
      await changeOnHand(tx, inventory, { tenantId, userId }, item, moves, {
        on_order: await onOrder(tx, tenantId, inventoryId),
      });
    }
  },
});
