import { type SQL, sql } from "drizzle-orm";
import type { FigureRow, FigureRows, ItemFigure } from "../../src/custom/production/manager-logic";
import { type Database, selectRows } from "../db/open";
import type { ResourceRegistry } from "../resources/model";
import { tableOf } from "./board-query";
import { type ManagerContext, type ManagerWindow, statusIds } from "./manager-query";

// The records behind the production manager's item figures, a page at a time (the order items on
// hold, awaiting proof or outsourced and open; the drops mailed today): what no generic list can
// filter (they are rows of orders and mail orders), with the same conditions as the figures.

export const FIGURE_PAGE = 20;

type Row = Record<string, unknown>;

const ids = (list: number[]) => sql`${`{${list.join(",")}}`}::int[]`;

export async function figureRows(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  context: ManagerContext,
  w: ManagerWindow,
  figure: ItemFigure,
  page: number,
): Promise<FigureRows> {
  const offset = (page - 1) * FIGURE_PAGE;
  const t = (kind: string, child?: string) => tableOf(registry, kind, child);
  let rows: Row[];
  if (figure === "mailed_today") {
    rows = await selectRows<Row>(
      db,
      sql`select mo.id as record_id, mo.mail_order_number as number, d.drop_no as position,
            'Drop ' || d.drop_no || coalesce(' – ' || d.list_segment, '') as description, d.quantity,
            'Mailed' as status, c.name as detail, d.scheduled_date::text as due, count(*) over () as total
          from ${t("MailOrder", "drops")} d
          join ${t("MailOrder")} mo on mo.id = d.parent_id and mo.tenant_id = d.tenant_id
          left join ${t("Customer")} c on c.id = mo.customer_id and c.tenant_id = mo.tenant_id
          where d.tenant_id = ${tenantId} and d.status = 'mailed'
            and d.mailed_at >= ${w.dayStart.toISOString()}::timestamptz and d.mailed_at < ${w.dayEnd.toISOString()}::timestamptz
          order by d.mailed_at desc, mo.id, d.drop_no
          limit ${FIGURE_PAGE} offset ${offset}`,
    );
  } else {
    const { statuses } = context;
    const where: Record<Exclude<ItemFigure, "mailed_today">, SQL> = {
      on_hold: sql`oi.item_status_id = any(${ids(statusIds(statuses, "order_item", undefined, ["on_hold"]))})`,
      awaiting_proof: sql`oi.item_status_id = any(${ids(statusIds(statuses, "order_item", undefined, ["awaiting_proof"]))})`,
      outsourced_pending: sql`oi.outsource_vendor_id is not null
        and oi.item_status_id = any(${ids(statusIds(statuses, "order_item"))})`,
    };
    rows = await selectRows<Row>(
      db,
      sql`select o.id as record_id, o.order_number as number, oi.position + 1 as position, oi.description,
            oi.quantity, s.name as status,
            ${figure === "outsourced_pending" ? sql`v.name` : sql`c.name`} as detail,
            o.wanted_by::text as due, count(*) over () as total
          from ${t("Order", "items")} oi
          join ${t("Order")} o on o.id = oi.parent_id and o.tenant_id = oi.tenant_id
          left join ${t("Status")} s on s.id = oi.item_status_id and s.tenant_id = oi.tenant_id
          left join ${t("Customer")} c on c.id = o.customer_id and c.tenant_id = o.tenant_id
          left join ${t("Vendor")} v on v.id = oi.outsource_vendor_id and v.tenant_id = oi.tenant_id
          where oi.tenant_id = ${tenantId} and ${where[figure]}
          order by o.wanted_by asc nulls last, o.order_number, oi.position
          limit ${FIGURE_PAGE} offset ${offset}`,
    );
  }
  return {
    rows: rows.map(
      (r): FigureRow => ({
        record_id: Number(r.record_id),
        record_path: figure === "mailed_today" ? "mail-orders" : "orders",
        number: String(r.number),
        position: Number(r.position),
        description: String(r.description ?? ""),
        quantity: Number(r.quantity ?? 0),
        status: (r.status as string | null) ?? null,
        detail: (r.detail as string | null) ?? null,
        due: (r.due as string | null) ?? null,
      }),
    ),
    total: Number(rows[0]?.total ?? 0),
    page,
    limit: FIGURE_PAGE,
  };
}
