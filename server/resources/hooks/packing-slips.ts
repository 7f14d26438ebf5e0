import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/open";
import { type FieldError, HttpError, validationFailed } from "../../http/errors";
import { checkStartValues } from "../enum-starts";
import { defineHooks, type FieldBound, type Row } from "../hooks";
import { quoteIdent } from "../tables";
import { childOf, formatCount, modelOf, numberOr, storedChildren } from "./derived-writes";
import { productionItem } from "./order-service-lines";

// Packing slips match their order (issue 16, class 6):
// - a slip is created as a draft (declared `initial`, enum-starts.ts), then packed, shipped,
//   delivered (the declared transitions);
// - every line names an item of the slip's own order (400 on lines.N.order_item_id), with that
//   item's quantity as its quantity ordered (400 on lines.N.quantity_ordered); a mail order's slip
//   lists one line per drop, each ordering that drop's pieces of the item (1 up to its quantity);
// - an item ships at most its ordered quantity over all its slips: this slip's lines plus what
//   the other slips of the order already list (400 on lines.N.quantity_shipped). Policy: no
//   overs tolerance — the overs a gang run makes stay in the shop, the customer gets what was
//   ordered. The order's item rows are locked (in id order) before the sums are read, so two
//   slips shipping one item at once queue up and the second sees the first;
// - a slip is packed (or shipped, delivered) only when each item it ships (quantity shipped above
//   0; a backordered line ships nothing) is printed: its status is of category complete, or of
//   category production at or after the tenant's `printed` item status (by sort order) and not a
//   `reprint` (409 naming the item and its status);
// - a shipped or delivered slip is the record of what left the shop: it is never deleted (409).

const PACKED = new Set<unknown>(["packed", "shipped", "delivered"]);
const KEPT = new Set<unknown>(["shipped", "delivered"]);
const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
};

interface OrderItem {
  id: number;
  /** 1-based place in its order. */
  number: number;
  description: string;
  quantity: number;
  statusName: string | null;
  printed: boolean;
  /** A Service line (billed design hours, order-service-lines.ts): nothing to ship. */
  service: boolean;
}

const table = async (kind: "Order" | "PackingSlip" | "Status", child?: string) => {
  const model = await modelOf(kind);
  return sql.raw(quoteIdent(child ? childOf(model, child).table.name : model.table.name));
};

/** The order's number and its items (locked for the rest of the write when `lock`), by id. */
export async function orderItems(
  tx: Database,
  tenantId: number,
  orderId: number,
  lock: boolean,
): Promise<{ orderNumber: string; items: Map<number, OrderItem> }> {
  const [o, i, s] = await Promise.all([table("Order"), table("Order", "items"), table("Status")]);
  if (lock) {
    await selectRows(
      tx,
      sql`select id from ${i} where tenant_id = ${tenantId} and parent_id = ${orderId} order by id for no key update`,
    );
  }
  const [order] = await selectRows<{ order_number: string }>(
    tx,
    sql`select order_number from ${o} where tenant_id = ${tenantId} and id = ${orderId}`,
  );
  const rows = await selectRows<{
    id: number;
    produced: boolean;
    description: string | null;
    quantity: number;
    status_name: string | null;
    printed: boolean;
  }>(
    tx,
    sql`select i.id, ${productionItem("i")} as produced, i.description, i.quantity, st.name as status_name,
        coalesce(st.category = 'complete' or (st.category = 'production' and st.code <> 'reprint'
          and st.sort_order >= (select min(p.sort_order) from ${s} p
            where p.tenant_id = ${tenantId} and p.entity = 'order_item' and p.code = 'printed')), false) as printed
      from ${i} i left join ${s} st on st.id = i.item_status_id and st.tenant_id = i.tenant_id
      where i.tenant_id = ${tenantId} and i.parent_id = ${orderId}
      order by i.position, i.id`,
  );
  const items = new Map<number, OrderItem>();
  rows.forEach((r, index) => {
    items.set(Number(r.id), {
      id: Number(r.id),
      number: index + 1,
      description: String(r.description ?? ""),
      quantity: Number(r.quantity),
      statusName: r.status_name,
      printed: r.printed === true,
      service: r.produced !== true,
    });
  });
  return { orderNumber: String(order?.order_number ?? orderId), items };
}

/** What the other slips (all but `slipId`) list as shipped of each item of the order. */
export async function shippedElsewhere(
  tx: Database,
  tenantId: number,
  orderId: number,
  slipId: number | null,
): Promise<Map<number, { quantity: number; slips: string[] }>> {
  const [p, l] = await Promise.all([table("PackingSlip"), table("PackingSlip", "lines")]);
  const rows = await selectRows<{ item: number; shipped: number; slips: string }>(
    tx,
    sql`select l.order_item_id as item, sum(l.quantity_shipped)::int as shipped,
        string_agg(distinct p.slip_number, ', ') as slips
      from ${l} l join ${p} p on p.id = l.parent_id and p.tenant_id = l.tenant_id
      where l.tenant_id = ${tenantId} and p.order_id = ${orderId} and l.order_item_id is not null
        and coalesce(l.quantity_shipped, 0) > 0 ${slipId === null ? sql`` : sql`and p.id <> ${slipId}`}
      group by l.order_item_id`,
  );
  return new Map(
    rows.map((r) => [Number(r.item), { quantity: Number(r.shipped), slips: String(r.slips).split(", ") }]),
  );
}

const itemWords = (item: OrderItem, orderNumber: string) =>
  `item ${item.number} of ${orderNumber}${item.description ? ` (${item.description})` : ""}`;

/** The lines' errors: each names an item of the order and ships no more than is left of it. */
function lineErrors(
  lines: Row[],
  orderNumber: string,
  items: Map<number, OrderItem>,
  elsewhere: Map<number, { quantity: number; slips: string[] }>,
  byDrop: boolean,
): FieldError[] {
  const errors: FieldError[] = [];
  const onThisSlip = new Map<number, number>();
  lines.forEach((line, index) => {
    const id = line.order_item_id;
    if (typeof id !== "number") {
      errors.push({
        field: `lines.${index}.order_item_id`,
        message: `Name the item of ${orderNumber} this line ships`,
      });
      return;
    }
    const item = items.get(id);
    if (!item) {
      errors.push({
        field: `lines.${index}.order_item_id`,
        message: `Order item ${id} is not an item of ${orderNumber}: a packing slip ships its own order's items`,
      });
      return;
    }
    if (item.service) {
      errors.push({
        field: `lines.${index}.order_item_id`,
        message: `I${itemWords(item, orderNumber).slice(1)} is a service line (billed, not produced): a packing slip ships printed work`,
      });
      return;
    }
    const ordered = numberOr(line.quantity_ordered);
    if (byDrop ? ordered < 1 || ordered > item.quantity : ordered !== item.quantity) {
      errors.push({
        field: `lines.${index}.quantity_ordered`,
        message: byDrop
          ? `A drop's line orders between 1 and what ${itemWords(item, orderNumber)} orders: ${formatCount(item.quantity)}`
          : `Ordered is what ${itemWords(item, orderNumber)} orders: ${formatCount(item.quantity)}`,
      });
    }
    const shipped = numberOr(line.quantity_shipped);
    const before = onThisSlip.get(id) ?? 0;
    onThisSlip.set(id, before + shipped);
    const other = elsewhere.get(id);
    const left = item.quantity - (other?.quantity ?? 0) - before;
    if (shipped > 0 && shipped > left) {
      const already = [
        ...(other ? [`${formatCount(other.quantity)} on ${other.slips.join(", ")}`] : []),
        ...(before > 0 ? [`${formatCount(before)} on this slip's earlier lines`] : []),
      ];
      errors.push({
        field: `lines.${index}.quantity_shipped`,
        message: `Shipping ${formatCount(shipped)} of ${itemWords(item, orderNumber)} is more than is left to ship: ${formatCount(item.quantity)} ordered${already.length > 0 ? `, ${already.join(" and ")}` : ""}, so at most ${formatCount(Math.max(0, left))}`,
      });
    }
  });
  return errors;
}

export default defineHooks({
  // shipped_at is the moment the slip moved to shipped (the production manager's on-time figures):
  // set once by the server, kept on delivery.
  compute(values, previous) {
    const status = values.status ?? previous?.status;
    if (KEPT.has(status) && !previous?.shipped_at && !values.shipped_at) values.shipped_at = new Date();
  },

  async afterWrite({ tx, model, tenantId, action, record, previous, children }) {
    if (action === "delete" || !record) return;
    if (action === "create") checkStartValues("packing slip", model.fields, record);
    const orderId = record.order_id as number;
    const orderChanged = previous !== null && previous.order_id !== record.order_id;
    const statusChanged = previous === null || previous.status !== record.status;
    const linesWritten = children?.lines !== undefined;
    if (!linesWritten && !orderChanged && !(statusChanged && PACKED.has(record.status))) return;
    const lines =
      children?.lines ?? (await storedChildren(tx, model, "lines", tenantId, record.id as number));
    const { orderNumber, items } = await orderItems(tx, tenantId, orderId, linesWritten || orderChanged);
    if (linesWritten || orderChanged) {
      const elsewhere = await shippedElsewhere(tx, tenantId, orderId, record.id as number);
      const errors = lineErrors(lines, orderNumber, items, elsewhere, record.mail_order_id != null);
      if (errors.length > 0) throw validationFailed(errors);
    }
    if (!PACKED.has(record.status)) return;
    for (const line of lines) {
      const item = items.get(line.order_item_id as number);
      if (!item || item.printed || numberOr(line.quantity_shipped) <= 0) continue;
      const message = `${String(record.slip_number)} cannot be ${STATUS_LABELS[String(record.status)]}: ${itemWords(item, orderNumber)} is ${item.statusName ?? "without a status"} and has not been printed (a slip ships printed work; list it as backordered instead)`;
      throw new HttpError(409, message, [{ field: "status", message }]);
    }
  },

  async beforeDelete({ record }) {
    if (!KEPT.has(record.status)) return;
    throw new HttpError(
      409,
      `${String(record.slip_number)} is ${STATUS_LABELS[String(record.status)]}: a shipped or delivered packing slip is the record of what left the shop and is never deleted`,
    );
  },

  async bounds({ tx, tenantId, values, id }) {
    const orderId = values.order_id;
    const lines = Array.isArray(values.lines) ? (values.lines as Row[]) : [];
    if (typeof orderId !== "number" || lines.length === 0) return {};
    const { orderNumber, items } = await orderItems(tx, tenantId, orderId, false);
    const elsewhere = await shippedElsewhere(tx, tenantId, orderId, id);
    const bounds: Record<string, FieldBound> = {};
    lines.forEach((line, index) => {
      const item = items.get(line.order_item_id as number);
      if (!item) return;
      const other = elsewhere.get(item.id);
      const max = Math.max(0, item.quantity - (other?.quantity ?? 0));
      bounds[`lines.${index}.quantity_shipped`] = {
        min: 0,
        max,
        message: `At most ${formatCount(max)}: ${formatCount(item.quantity)} of ${itemWords(item, orderNumber)} ordered${other ? `, ${formatCount(other.quantity)} on ${other.slips.join(", ")}` : ""}`,
      };
    });
    return bounds;
  },
});
