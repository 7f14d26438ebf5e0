import { type SQL, sql } from "drizzle-orm";
import type { BoardCard } from "../../src/custom/production/board-logic";
import type { BoardType } from "../../src/custom/production/boards";
import { boardOfType } from "../../src/custom/production/boards";
import { nextStation } from "../../src/custom/production/station-moves";
import { type Database, selectRows } from "../db/open";
import type { ResourceRegistry } from "../resources/model";
import { quoteIdent } from "../resources/tables";
import { routesOfRuns, stationsOf } from "./stations";

// A station board's cards in one query: the tenant's runs whose station is of the board's type,
// in one of the board's statuses (boards.ts), with their items' orders, customers and products
// folded into one row each (the joins in SQL, never lists fetched by the browser), the first proof
// thumbnail of its items (an artwork entry of side "proof") and the station it goes to next
// (station-moves.ts). The items' production plans feed it: the planned minutes (the longest
// item's, else the press's speed over the sheets) and the planned stations (stations.ts).
// Rush first, then the earliest due; at most BOARD_LIMIT cards.

export const BOARD_LIMIT = 500;

export interface BoardFilters {
  stationId?: number;
  facilityId?: number;
  /** One run, wherever it stands (the run page's card): no station type or status filter. */
  runId?: number;
}

export function tableOf(registry: ResourceRegistry, kind: string, child?: string): SQL {
  const model = registry.byKind.get(kind as never);
  if (!model) throw new Error(`board query: no ${kind} kind`);
  const name = child ? model.children.find((c) => c.name === child)?.table.name : model.table.name;
  if (!name) throw new Error(`board query: no ${kind}.${child}`);
  return sql.raw(quoteIdent(name));
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

export async function boardCards(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  type: BoardType | null,
  filters: BoardFilters,
): Promise<BoardCard[]> {
  const runs = tableOf(registry, "Run");
  const runItems = tableOf(registry, "Run", "items");
  const stations = tableOf(registry, "ProductionStation");
  const statuses = tableOf(registry, "Status");
  const inventories = tableOf(registry, "Inventory");
  const equipment = tableOf(registry, "Equipment");
  const orders = tableOf(registry, "Order");
  const orderItems = tableOf(registry, "Order", "items");
  const customers = tableOf(registry, "Customer");
  const products = tableOf(registry, "Product");
  // The board's statuses (boards.ts), whatever their show_on_board says.
  const codes = type ? (boardOfType(type)?.statuses ?? []) : [];
  if (codes.length === 0 && filters.runId === undefined) return [];
  const where =
    filters.runId !== undefined
      ? sql`r.id = ${filters.runId}`
      : sql`st.station_type = ${type} and s.category in ('open', 'production')
          and s.code in (${sql.join(
            codes.map((code) => sql`${code}`),
            sql`, `,
          )})`;
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select r.id, r.run_number, r.version, r.status_id, r.station_id, st.name as station,
          st.facility_id, r.due_at, r.color_spec, r.coating, r.sheets, r.notes, r.operator_id,
          u.name as holder, inv.name as stock,
          coalesce(agg.rush, false) as rush, agg.customer, coalesce(agg.customers, 0) as customers,
          agg.product, coalesce(agg.products, 0) as products, agg.order_number,
          coalesce(agg.quantity, 0) as quantity, coalesce(agg.items, 0) as items,
          (select a ->> 'url' from ${runItems} pi
             join ${orderItems} po on po.id = pi.order_item_id and po.tenant_id = pi.tenant_id
             cross join lateral jsonb_array_elements(
               case when jsonb_typeof(po.artwork) = 'array' then po.artwork else '[]'::jsonb end) a
           where pi.parent_id = r.id and pi.tenant_id = r.tenant_id and a ->> 'side' = 'proof'
           order by pi.slot, pi.id limit 1) as proof_url,
          coalesce((select max(cl.changed_at) from change_logs cl
                     where cl.tenant_id = r.tenant_id and cl.kind = 'Run' and cl.record_id = r.id
                       and cl.changes -> 'status_id' is not null), r.updated_at) as status_since,
          coalesce(agg.plan_minutes,
            case when coalesce(eq.speed, 0) > 0
                 then ceil((coalesce(r.sheets, 0) + coalesce(r.overs, 0)) * 60.0 / eq.speed)::int
                      + coalesce(eq.setup_minutes, 0)
            end) as planned_minutes
        from ${runs} r
        join ${stations} st on st.id = r.station_id and st.tenant_id = r.tenant_id
        left join ${statuses} s on s.id = r.status_id and s.tenant_id = r.tenant_id
        left join ${inventories} inv on inv.id = r.stock_id and inv.tenant_id = r.tenant_id
        left join ${equipment} eq on eq.id = coalesce(r.equipment_id, st.equipment_id) and eq.tenant_id = r.tenant_id
        left join users u on u.id = r.operator_id
        left join lateral (
          select bool_or(o.turnaround in ('rush', 'next_day')) as rush,
                 min(c.name) as customer, count(distinct o.customer_id)::int as customers,
                 min(p.name) as product, count(distinct oi.product_id)::int as products,
                 min(o.order_number) as order_number,
                 sum(ri.quantity_required)::int as quantity, count(ri.id)::int as items,
                 -- ganged items print together: the run takes as long as its longest planned item
                 max(oi.plan_minutes)::int as plan_minutes
          from ${runItems} ri
          join ${orders} o on o.id = ri.order_id and o.tenant_id = ri.tenant_id
          left join ${customers} c on c.id = o.customer_id and c.tenant_id = o.tenant_id
          left join ${orderItems} oi on oi.id = ri.order_item_id and oi.tenant_id = ri.tenant_id
          left join ${products} p on p.id = oi.product_id and p.tenant_id = oi.tenant_id
          where ri.parent_id = r.id and ri.tenant_id = r.tenant_id
        ) agg on true
        where r.tenant_id = ${tenantId} and ${where}
          ${filters.stationId !== undefined ? sql`and r.station_id = ${filters.stationId}` : sql``}
          ${filters.facilityId !== undefined ? sql`and st.facility_id = ${filters.facilityId}` : sql``}
        order by coalesce(agg.rush, false) desc, r.due_at asc nulls last, r.run_number asc
        limit ${BOARD_LIMIT}`,
  );
  const stationList = await stationsOf(db, tenantId);
  const routes = await routesOfRuns(
    db,
    tenantId,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const next = nextStation(
      Number(r.station_id),
      routes.get(Number(r.id)) ?? [],
      stationList,
      (r.coating as string | null) ?? null,
    );
    return {
      id: Number(r.id),
      run_number: String(r.run_number),
      version: Number(r.version),
      status_id: r.status_id === null ? null : Number(r.status_id),
      station_id: Number(r.station_id),
      station: String(r.station),
      facility_id: r.facility_id === null ? null : Number(r.facility_id),
      due_at: iso(r.due_at),
      rush: r.rush === true,
      customer: (r.customer as string | null) ?? null,
      customers: Number(r.customers),
      product: (r.product as string | null) ?? null,
      products: Number(r.products),
      order_number: (r.order_number as string | null) ?? null,
      quantity: Number(r.quantity),
      items: Number(r.items),
      stock: (r.stock as string | null) ?? null,
      colours: (r.color_spec as string | null) ?? null,
      coating: (r.coating as string | null) ?? null,
      sheets: r.sheets === null ? null : Number(r.sheets),
      status_since: iso(r.status_since) ?? new Date().toISOString(),
      planned_minutes: r.planned_minutes === null ? null : Number(r.planned_minutes),
      notes: (r.notes as string | null) ?? null,
      operator_id: r.operator_id === null ? null : Number(r.operator_id),
      holder: (r.holder as string | null) ?? null,
      proof_url: (r.proof_url as string | null) ?? null,
      next_station: next?.name ?? null,
    };
  });
}

/** A station's type (null: no such station of the tenant). */
export async function stationTypeOf(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  stationId: number,
): Promise<string | null> {
  const stations = tableOf(registry, "ProductionStation");
  const [row] = await selectRows<{ station_type: string }>(
    db,
    sql`select station_type from ${stations} where tenant_id = ${tenantId} and id = ${stationId}`,
  );
  return row?.station_type ?? null;
}

/**
 * The board's stations (for its filter; none without a board) and the tenant's run statuses (its
 * columns and moves).
 */
export async function boardContext(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  type: BoardType | null,
) {
  const stations = tableOf(registry, "ProductionStation");
  const statuses = tableOf(registry, "Status");
  const facilities = tableOf(registry, "Location");
  const stationRows = await selectRows<Record<string, unknown>>(
    db,
    sql`select st.id, st.name, st.facility_id, f.name as facility, o.code as output_code
        from ${stations} st left join ${facilities} f on f.id = st.facility_id and f.tenant_id = st.tenant_id
        left join ${statuses} o on o.id = st.output_status_id and o.tenant_id = st.tenant_id
        where st.tenant_id = ${tenantId} and st.station_type = ${type ?? ""} order by st.name`,
  );
  const statusRows = await selectRows<Record<string, unknown>>(
    db,
    sql`select id, code, name, category, color, sort_order, next_status_ids, show_on_board
        from ${statuses} where tenant_id = ${tenantId} and entity = 'run' order by sort_order, id`,
  );
  return {
    stations: stationRows.map((s) => ({
      id: Number(s.id),
      name: String(s.name),
      facility_id: s.facility_id === null ? null : Number(s.facility_id),
      facility: (s.facility as string | null) ?? null,
      output_code: (s.output_code as string | null) ?? null,
    })),
    statuses: statusRows.map((s) => ({
      id: Number(s.id),
      code: String(s.code),
      name: String(s.name),
      category: (s.category as string | null) ?? null,
      color: (s.color as string | null) ?? null,
      next: Array.isArray(s.next_status_ids) ? (s.next_status_ids as number[]).map(Number) : [],
    })),
  };
}
