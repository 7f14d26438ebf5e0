import { sql } from "drizzle-orm";
import type {
  JugglerAnswer,
  JugglerItem,
  JugglerKind,
  JugglerRun,
} from "../../src/custom/production/juggler-logic";
import { JUGGLERS } from "../../src/custom/production/juggler-logic";
import { type Database, selectRows } from "../db/open";
import type { ResourceRegistry } from "../resources/model";
import { tableOf } from "./board-query";

// A juggler's work (issue 18, domain.md "The flow" step 3), in SQL:
// - candidates: the tenant's order items in the `approved` item status, on no live run, not
//   outsourced, whose product's production route passes a station of the juggler's type
//   (prepress_juggler: offset gang forms; digital_juggler: digital sheet batches), rush first
//   then by due date, with what a gang needs (stock, colours, coating) and what a slot needs (the
//   product's flat or finished size and bleed); grouped by stock, colours and coating, the gang
//   rule (hooks/runs.ts) that the server enforces when a run is created or extended;
// - runs: the juggler's run types still filling, with their items, to extend.
// The queries start from indexed columns (item status, run status) in materialised steps, so the
// plan stays small whatever statistics the planner has.

export const CANDIDATE_LIMIT = 500;
const RUN_LIMIT = 60;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export async function jugglerWork(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  kind: JugglerKind,
): Promise<JugglerAnswer> {
  const { stationType, runTypes } = JUGGLERS[kind];
  const oi = tableOf(registry, "Order", "items");
  const o = tableOf(registry, "Order");
  const s = tableOf(registry, "Status");
  const p = tableOf(registry, "Product");
  const c = tableOf(registry, "Customer");
  const inv = tableOf(registry, "Inventory");
  const r = tableOf(registry, "Run");
  const ri = tableOf(registry, "Run", "items");
  const st = tableOf(registry, "ProductionStation");
  const proof = (alias: string) =>
    sql.raw(`(select a ->> 'url' from jsonb_array_elements(
      case when jsonb_typeof(${alias}.artwork) = 'array' then ${alias}.artwork else '[]'::jsonb end) a
      where a ->> 'side' = 'proof' limit 1)`);
  const size = sql.raw(`coalesce(p.flat_width, p.finished_width) as width,
      coalesce(p.flat_height, p.finished_height) as height, p.bleed`);

  // Materialised steps, so that the plan starts from the approved items (an index on the item
  // status) whatever the planner knows of the tables.
  const items = await selectRows<Record<string, unknown>>(
    db,
    sql`with approved as materialized (
          select oi.* from ${oi} oi
          where oi.tenant_id = ${tenantId} and oi.outsource_vendor_id is null
            and oi.item_status_id = (select id from ${s} where tenant_id = ${tenantId}
                                       and entity = 'order_item' and code = 'approved' limit 1)
        ), candidates as materialized (
          select a.* from approved a
          join ${p} p on p.id = a.product_id and p.tenant_id = a.tenant_id
          where exists (select 1 from ${st} st where st.tenant_id = p.tenant_id
                         and st.id = any(p.production_route) and st.station_type = ${stationType})
            and (a.run_id is null or exists (
                  select 1 from ${r} r join ${s} rs on rs.id = r.status_id and rs.tenant_id = r.tenant_id
                  where r.tenant_id = a.tenant_id and r.id = a.run_id and rs.category = 'cancelled'))
        )
        select oi.id, oi.parent_id as order_id, o.order_number, c.name as customer, p.name as product,
          oi.description, oi.quantity, oi.stock_id, inv.name as stock, inv.sheet_width, inv.sheet_height,
          oi.color_spec, coalesce(oi.coating, 'none') as coating, to_char(o.wanted_by, 'YYYY-MM-DD') as due,
          coalesce(o.turnaround in ('rush', 'next_day'), false) as rush, ${size}, ${proof("oi")} as proof_url
        from candidates oi
        join ${o} o on o.id = oi.parent_id and o.tenant_id = oi.tenant_id
        join ${p} p on p.id = oi.product_id and p.tenant_id = oi.tenant_id
        left join ${c} c on c.id = o.customer_id and c.tenant_id = o.tenant_id
        left join ${inv} inv on inv.id = oi.stock_id and inv.tenant_id = oi.tenant_id
        order by rush desc, o.wanted_by asc nulls last, oi.id
        limit ${CANDIDATE_LIMIT}`,
  );

  const runs = await selectRows<Record<string, unknown>>(
    db,
    sql`select r.id, r.run_number, r.version, r.run_type, r.stock_id, inv.name as stock,
          coalesce(r.sheet_width, inv.sheet_width) as sheet_width,
          coalesce(r.sheet_height, inv.sheet_height) as sheet_height,
          r.color_spec, r.coating, r.sheets, r.overs, r.due_at
        from ${r} r
        left join ${inv} inv on inv.id = r.stock_id and inv.tenant_id = r.tenant_id
        where r.tenant_id = ${tenantId}
          and r.status_id = (select id from ${s} where tenant_id = ${tenantId} and entity = 'run'
                               and code = 'filling' limit 1)
          and r.run_type in (${sql.join(
            runTypes.map((t) => sql`${t}`),
            sql`, `,
          )})
        order by r.due_at asc nulls last, r.id desc
        limit ${RUN_LIMIT}`,
  );
  const runIds = runs.map((row) => Number(row.id));
  const runItems = runIds.length
    ? await selectRows<Record<string, unknown>>(
        db,
        sql`select ri.id, ri.parent_id, ri.order_id, ri.order_item_id, ri.slot, ri.number_up,
              ri.quantity_required, ri.due_at, o.order_number, oi.description, oi.quantity, p.name as product,
              ${size}
            from ${ri} ri
            join ${o} o on o.id = ri.order_id and o.tenant_id = ri.tenant_id
            left join ${oi} oi on oi.id = ri.order_item_id and oi.tenant_id = ri.tenant_id
            left join ${p} p on p.id = oi.product_id and p.tenant_id = oi.tenant_id
            where ri.tenant_id = ${tenantId} and ri.parent_id in (${sql.join(
              runIds.map((id) => sql`${id}`),
              sql`, `,
            )})
            order by ri.parent_id, ri.slot, ri.id`,
      )
    : [];
  const [station] = await selectRows<{ id: number }>(
    db,
    sql`select id from ${st} where tenant_id = ${tenantId} and station_type = ${stationType}
        and active is not false order by id limit 1`,
  );

  return {
    kind,
    station_id: station ? Number(station.id) : null,
    items: items.map(
      (row): JugglerItem => ({
        id: Number(row.id),
        order_id: Number(row.order_id),
        order_number: String(row.order_number),
        customer: str(row.customer),
        product: str(row.product),
        description: String(row.description ?? ""),
        quantity: Number(row.quantity),
        stock_id: num(row.stock_id),
        stock: str(row.stock),
        sheet_width: num(row.sheet_width),
        sheet_height: num(row.sheet_height),
        color_spec: str(row.color_spec),
        coating: String(row.coating),
        due: str(row.due),
        rush: row.rush === true,
        width: num(row.width),
        height: num(row.height),
        bleed: num(row.bleed) ?? 0,
        proof_url: str(row.proof_url),
      }),
    ),
    runs: runs.map(
      (row): JugglerRun => ({
        id: Number(row.id),
        run_number: String(row.run_number),
        version: Number(row.version),
        run_type: String(row.run_type),
        stock_id: num(row.stock_id),
        stock: str(row.stock),
        sheet_width: num(row.sheet_width),
        sheet_height: num(row.sheet_height),
        color_spec: str(row.color_spec),
        coating: String(row.coating ?? "none"),
        sheets: num(row.sheets),
        overs: num(row.overs),
        items: runItems
          .filter((i) => Number(i.parent_id) === Number(row.id))
          .map((i) => ({
            id: Number(i.id),
            order_id: Number(i.order_id),
            order_item_id: Number(i.order_item_id),
            order_number: String(i.order_number),
            description: String(i.description ?? ""),
            product: str(i.product),
            slot: Number(i.slot),
            number_up: Number(i.number_up),
            quantity_required: Number(i.quantity_required),
            quantity: Number(i.quantity ?? i.quantity_required),
            due_at: i.due_at === null ? null : new Date(i.due_at as string).toISOString(),
            width: num(i.width),
            height: num(i.height),
            bleed: num(i.bleed) ?? 0,
          })),
      }),
    ),
  };
}
