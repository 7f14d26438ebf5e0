import { type SQL, sql } from "drizzle-orm";
import type {
  OutsourcedItem,
  ShippingOrder,
  StagingItem,
  StagingOrder,
} from "../../src/custom/production/queue-logic";
import { type Database, selectRows } from "../db/open";
import { productionItem } from "../resources/hooks/order-service-lines";
import type { ResourceRegistry } from "../resources/model";
import { tableOf } from "./board-query";

// The queues after the presses (issue 18), each one SQL query over the records (joins and
// counts in the database, at most QUEUE_LIMIT orders or items):
// - staging: orders not yet released to shipping with at least one item staged (or further),
//   each with all its items, how many are in (staged or beyond, by the item workflow's order)
//   of how many (not cancelled);
// - shipping: orders released (the order status `ready_to_ship`), each item with what is left to
//   ship over its packing slips, and those slips;
// - outsourced: items at a trade printer (an outsource vendor, past approval and not yet
//   staged), with the vendor, and the order's job-specific purchase order to that vendor: when
//   it was sent, when it is expected and its tracking number.

export const QUEUE_LIMIT = 200;

type Raw = Record<string, unknown>;
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const ids = (list: number[]): SQL =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/** The sort order of an order-item status by code, as an SQL scalar. */
const sortOf = (s: SQL, tenantId: number, code: string): SQL =>
  sql`(select min(x.sort_order) from ${s} x where x.tenant_id = ${tenantId} and x.entity = 'order_item' and x.code = ${code})`;

async function itemsOfOrders(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderIds: number[],
): Promise<Map<number, StagingItem[]>> {
  const byOrder = new Map<number, StagingItem[]>();
  if (orderIds.length === 0) return byOrder;
  const oi = tableOf(registry, "Order", "items");
  const s = tableOf(registry, "Status");
  const p = tableOf(registry, "Product");
  const r = tableOf(registry, "Run");
  const rows = await selectRows<Raw>(
    db,
    sql`select oi.id, oi.parent_id, ${productionItem("oi")} as produced, oi.description, oi.quantity, p.name as product, s.name as status,
          s.code as status_code, s.color, r.run_number,
          coalesce(s.category <> 'cancelled' and s.sort_order >= ${sortOf(s, tenantId, "staged")}, false) as staged,
          coalesce(s.category = 'cancelled', false) as cancelled
        from ${oi} oi
        left join ${s} s on s.id = oi.item_status_id and s.tenant_id = oi.tenant_id
        left join ${p} p on p.id = oi.product_id and p.tenant_id = oi.tenant_id
        left join ${r} r on r.id = oi.run_id and r.tenant_id = oi.tenant_id
        where oi.tenant_id = ${tenantId} and oi.parent_id in (${ids(orderIds)})
        order by oi.parent_id, oi.position, oi.id`,
  );
  const lines = new Map<number, number>();
  for (const row of rows) {
    const orderId = Number(row.parent_id);
    const list = byOrder.get(orderId) ?? [];
    byOrder.set(orderId, list);
    // Service lines are no work to stage or ship; they keep their place in the numbering.
    const number = (lines.get(orderId) ?? 0) + 1;
    lines.set(orderId, number);
    if (row.produced !== true) continue;
    list.push({
      id: Number(row.id),
      number,
      description: String(row.description ?? ""),
      product: str(row.product),
      quantity: Number(row.quantity),
      status: str(row.status),
      status_code: str(row.status_code),
      color: str(row.color),
      run_number: str(row.run_number),
      staged: row.staged === true,
      cancelled: row.cancelled === true,
    });
  }
  return byOrder;
}

const orderColumns = sql.raw(`o.id, o.order_number, o.version, c.name as customer,
  to_char(o.wanted_by, 'YYYY-MM-DD') as due, coalesce(o.turnaround in ('rush', 'next_day'), false) as rush,
  os.name as status, os.code as status_code, o.ship_method`);

/** `orderId`: that order alone (when it is in the queue). */
const oneOrder = (orderId: number | undefined): SQL =>
  orderId === undefined ? sql`` : sql`and o.id = ${orderId}`;

const orderTables = (registry: ResourceRegistry) => ({
  o: tableOf(registry, "Order"),
  oi: tableOf(registry, "Order", "items"),
  s: tableOf(registry, "Status"),
  c: tableOf(registry, "Customer"),
});

/** A queue's orders (a query selecting `orderColumns`), each read the same way, with all its items. */
async function ordersWithItems(db: Database, registry: ResourceRegistry, tenantId: number, query: SQL) {
  const rows = await selectRows<Raw>(db, query);
  const items = await itemsOfOrders(
    db,
    registry,
    tenantId,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => ({
    row,
    head: {
      id: Number(row.id),
      order_number: String(row.order_number),
      version: Number(row.version),
      customer: str(row.customer),
      due: str(row.due),
      rush: row.rush === true,
    },
    items: items.get(Number(row.id)) ?? [],
  }));
}

export async function stagingOrders(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderId?: number,
): Promise<StagingOrder[]> {
  const { o, oi, s, c } = orderTables(registry);
  const orders = await ordersWithItems(
    db,
    registry,
    tenantId,
    sql`select ${orderColumns}
        from (select distinct oi.parent_id from ${oi} oi
              where oi.tenant_id = ${tenantId}
                and oi.item_status_id = (select id from ${s} where tenant_id = ${tenantId}
                                           and entity = 'order_item' and code = 'staged' limit 1)
              offset 0) staged
        join ${o} o on o.id = staged.parent_id and o.tenant_id = ${tenantId}
        left join ${s} os on os.id = o.status_id and os.tenant_id = o.tenant_id
        left join ${c} c on c.id = o.customer_id and c.tenant_id = o.tenant_id
        where coalesce(os.category, 'open') in ('open', 'production')
          and coalesce(os.code, '') not in ('ready_to_ship', 'on_hold')
          ${oneOrder(orderId)}
        order by o.wanted_by asc nulls last, o.id
        limit ${QUEUE_LIMIT}`,
  );
  return orders.map(({ head, row, items }) => {
    const live = items.filter((i) => !i.cancelled);
    return {
      ...head,
      status: str(row.status),
      items,
      staged: live.filter((i) => i.staged).length,
      total: live.length,
    };
  });
}

export async function shippingOrders(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderId?: number,
): Promise<ShippingOrder[]> {
  const { o, oi, s, c } = orderTables(registry);
  const ps = tableOf(registry, "PackingSlip");
  const pl = tableOf(registry, "PackingSlip", "lines");
  const orders = await ordersWithItems(
    db,
    registry,
    tenantId,
    sql`select ${orderColumns},
          (select coalesce(sum(greatest(oi.quantity - coalesce((select sum(l.quantity_shipped) from ${pl} l
                     join ${ps} p on p.id = l.parent_id and p.tenant_id = l.tenant_id
                     where l.tenant_id = oi.tenant_id and l.order_item_id = oi.id and p.order_id = o.id), 0), 0)), 0)::int
             from ${oi} oi left join ${s} st on st.id = oi.item_status_id and st.tenant_id = oi.tenant_id
             where oi.tenant_id = o.tenant_id and oi.parent_id = o.id and ${productionItem("oi")}
               and st.category is distinct from 'cancelled') as left_to_ship,
          (select coalesce(json_agg(json_build_object('id', p.id, 'slip_number', p.slip_number, 'status', p.status)
                     order by p.id), '[]'::json)
             from ${ps} p where p.tenant_id = o.tenant_id and p.order_id = o.id) as slips
        from ${o} o
        join ${s} os on os.id = o.status_id and os.tenant_id = o.tenant_id
        left join ${c} c on c.id = o.customer_id and c.tenant_id = o.tenant_id
        where o.tenant_id = ${tenantId} ${oneOrder(orderId)}
          and o.status_id = (select id from ${s} where tenant_id = ${tenantId} and entity = 'order'
                               and code = 'ready_to_ship' limit 1)
        order by o.wanted_by asc nulls last, o.id
        limit ${QUEUE_LIMIT}`,
  );
  return orders.map(({ head, row, items }) => ({
    ...head,
    ship_method: str(row.ship_method),
    items,
    left_to_ship: Number(row.left_to_ship),
    slips: (typeof row.slips === "string"
      ? JSON.parse(row.slips)
      : (row.slips ?? [])) as ShippingOrder["slips"],
  }));
}

export async function outsourcedItems(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
): Promise<OutsourcedItem[]> {
  const { o, oi, s, c } = orderTables(registry);
  const v = tableOf(registry, "Vendor");
  const po = tableOf(registry, "PurchaseOrder");
  const rows = await selectRows<Raw>(
    db,
    sql`select oi.id, oi.parent_id as order_id, o.order_number, c.name as customer, oi.description,
          oi.quantity, s.name as status, v.id as vendor_id, v.name as vendor, v.lead_time_days,
          to_char(o.wanted_by, 'YYYY-MM-DD') as due, o.four_over_order_id,
          po.id as po_id, po.po_number, po.status as po_status, to_char(po.ordered_at, 'YYYY-MM-DD') as sent_on,
          to_char(po.expected_at, 'YYYY-MM-DD') as expected_on, po.tracking_number
        from (select * from ${oi} where tenant_id = ${tenantId} and outsource_vendor_id is not null offset 0) oi
        join ${s} s on s.id = oi.item_status_id and s.tenant_id = oi.tenant_id
        join ${o} o on o.id = oi.parent_id and o.tenant_id = oi.tenant_id
        join ${v} v on v.id = oi.outsource_vendor_id and v.tenant_id = oi.tenant_id
        left join ${c} c on c.id = o.customer_id and c.tenant_id = o.tenant_id
        left join lateral (select p.id, p.po_number, p.status, p.ordered_at, p.expected_at, p.tracking_number
                           from ${po} p where p.tenant_id = oi.tenant_id and p.order_id = oi.parent_id
                             and p.vendor_id = oi.outsource_vendor_id and p.status <> 'cancelled'
                           order by p.ordered_at desc nulls last, p.id desc limit 1) po on true
        where oi.tenant_id = ${tenantId} and s.category in ('open', 'production')
          and s.sort_order >= ${sortOf(s, tenantId, "approved")}
          and s.sort_order < ${sortOf(s, tenantId, "staged")}
        order by po.expected_at asc nulls last, o.wanted_by asc nulls last, oi.id
        limit ${QUEUE_LIMIT}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    order_id: Number(row.order_id),
    order_number: String(row.order_number),
    customer: str(row.customer),
    description: String(row.description ?? ""),
    quantity: Number(row.quantity),
    status: str(row.status),
    vendor_id: Number(row.vendor_id),
    vendor: String(row.vendor),
    due: str(row.due),
    external_ref: str(row.four_over_order_id),
    po_id: row.po_id === null ? null : Number(row.po_id),
    po_number: str(row.po_number),
    po_status: str(row.po_status),
    sent_on: str(row.sent_on),
    expected_on: str(row.expected_on),
    tracking_number: str(row.tracking_number),
  }));
}
