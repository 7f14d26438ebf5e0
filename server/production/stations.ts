import { sql } from "drizzle-orm";
import type { StationInfo } from "../../src/custom/production/station-moves";
import { type Database, selectRows } from "../db/open";
import { childOf, modelOf } from "../resources/hooks/derived-writes";
import { quoteIdent } from "../resources/tables";

// What station-moves.ts needs from the database: the tenant's stations and the production routes
// of runs' items.

/** The tenant's stations with their output status's code (station-moves.ts). */
export async function stationsOf(tx: Database, tenantId: number): Promise<StationInfo[]> {
  const st = sql.raw(quoteIdent((await modelOf("ProductionStation")).table.name));
  const s = sql.raw(quoteIdent((await modelOf("Status")).table.name));
  const rows = await selectRows<Record<string, unknown>>(
    tx,
    sql`select st.id, st.name, st.station_type, st.active, st.input_status_id, st.output_status_id,
          o.code as output_code
        from ${st} st left join ${s} o on o.id = st.output_status_id and o.tenant_id = st.tenant_id
        where st.tenant_id = ${tenantId} order by st.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    station_type: String(r.station_type),
    active: r.active !== false,
    input_status_id: r.input_status_id === null ? null : Number(r.input_status_id),
    output_status_id: r.output_status_id === null ? null : Number(r.output_status_id),
    output_code: (r.output_code as string | null) ?? null,
  }));
}

/**
 * The production routes (station ids in order) of runs' items, by run id: an item's own plan
 * (its planned stations, /orders/{id}/edit-planning-sections) where it has one, else its product's.
 */
export async function routesOfRuns(tx: Database, tenantId: number, runIds: number[]) {
  const routes = new Map<number, number[][]>();
  if (runIds.length === 0) return routes;
  const run = await modelOf("Run");
  const ri = sql.raw(quoteIdent(childOf(run, "items").table.name));
  const oi = sql.raw(quoteIdent(childOf(await modelOf("Order"), "items").table.name));
  const p = sql.raw(quoteIdent((await modelOf("Product")).table.name));
  const rows = await selectRows<{ run_id: number; route: number[] | null }>(
    tx,
    sql`select ri.parent_id as run_id,
          case when cardinality(oi.plan_station_ids) > 0 then oi.plan_station_ids else p.production_route end as route
        from ${ri} ri
        join ${oi} oi on oi.id = ri.order_item_id and oi.tenant_id = ri.tenant_id
        left join ${p} p on p.id = oi.product_id and p.tenant_id = oi.tenant_id
        where ri.tenant_id = ${tenantId} and ri.parent_id in (${sql.join(
          runIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const row of rows) {
    const list = routes.get(Number(row.run_id)) ?? [];
    list.push((row.route ?? []).map(Number));
    routes.set(Number(row.run_id), list);
  }
  return routes;
}
