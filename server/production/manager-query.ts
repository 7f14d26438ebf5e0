import { type SQL, sql } from "drizzle-orm";
import {
  AT_RISK_DAYS,
  addDays,
  backlogHours,
  backlogIn,
  type CapacityUnit,
  type ManagerAnswer,
  type PressDay,
  STATION_WORK,
  type StationLoad,
  type StationWork,
  WINDOW_DAYS,
} from "../../src/custom/production/manager-logic";
import { GenerationCache } from "../db/generation-cache";
import { type Database, selectRows } from "../db/open";
import type { ResourceRegistry } from "../resources/model";
import { tableOf } from "./board-query";
import { zonedDay } from "./zoned-day";

// The production manager's figures (GET production/manager, issue 18), each an SQL aggregate over
// the tenant's records (the browser never downloads the lists):
// - per station: its runs in the statuses that are work there (manager-logic.ts STATION_WORK) and
//   the order items waiting in a status stationed there off any run; sheets, impressions, pieces,
//   square feet, items and planned minutes, the capacity's unit turned into hours of backlog;
// - orders not complete nor cancelled: late (due before today), due today, at risk (due in the next
//   AT_RISK_DAYS days and still in an open status, i.e. not yet in production);
// - on time: packing slips shipped today / in the last WINDOW_DAYS days, and of them those shipped
//   on or before their order's due date (the shop's local date);
// - per press (equipment of a press-category type), the runs printed today: sheets (with overs)
//   and impressions (sheets × printed sides); waste: the runs' waste of good + waste;
// - equipment by status; order items on hold, awaiting proof, and outsourced still open;
// - mail drops mailed today / in the window, their pieces.
// "Today" is the shop's day in its first facility's time zone (or `tz`).
// Each figure's rows are kept until a table it reads is written (generation-cache.ts: exact), so a
// write recomputes only the figures it can change: at 100,000 orders every figure at once costs
// ~120 ms, a run's change ~40 ms of it (npm run bench).

type Row = Record<string, unknown>;

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const ids = (list: number[]) => sql`${`{${list.join(",")}}`}::int[]`;
const texts = (list: string[]) => sql`${`{${list.map((s) => `"${s}"`).join(",")}}`}::text[]`;
const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const day = (date: string) => sql`${date}::date`;

/** A kind's table, or a child collection's: [kind, child]. */
export type KindTable = [string, string?];

/** The tables of `kinds` that the registry has. */
export function tableNames(registry: ResourceRegistry, kinds: readonly KindTable[]): string[] {
  return kinds.flatMap(([kind, child]) => {
    const model = registry.byKind.get(kind as never);
    const table = child ? model?.children.find((c) => c.name === child)?.table : model?.table;
    return table ? [table.name] : [];
  });
}

const figures = new GenerationCache<Row[]>(400);

/**
 * One figure's rows. `key` names the tenant, its day and zone and the figure; the statuses are read
 * by every figure (their ids are in the queries).
 */
function keptFigure(
  db: Database,
  registry: ResourceRegistry,
  key: string,
  kinds: readonly KindTable[],
  query: SQL,
): Promise<Row[]> {
  return figures.get(db, tableNames(registry, [["Status"], ...kinds]), key, () => selectRows<Row>(db, query));
}

interface StatusInfo {
  id: number;
  entity: string;
  code: string;
  category: string | null;
  station_id: number | null;
}

export interface ManagerContext {
  statuses: StatusInfo[];
  timeZone: string;
}

/** The tenant's statuses and the time zone of its first facility (UTC without one). */
export async function managerContext(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
): Promise<ManagerContext> {
  const [statuses, facilities] = await Promise.all([
    selectRows<Row>(
      db,
      sql`select id, entity, code, category, station_id from ${tableOf(registry, "Status")}
          where tenant_id = ${tenantId} order by sort_order, id`,
    ),
    selectRows<Row>(
      db,
      sql`select timezone from ${tableOf(registry, "Location")} where tenant_id = ${tenantId} order by id limit 1`,
    ),
  ]);
  return {
    statuses: statuses.map((s) => ({
      id: Number(s.id),
      entity: String(s.entity),
      code: String(s.code),
      category: (s.category as string | null) ?? null,
      station_id: s.station_id === null ? null : Number(s.station_id),
    })),
    timeZone: (facilities[0]?.timezone as string | undefined) ?? "UTC",
  };
}

const ACTIVE = new Set(["open", "production"]);

/** Status ids of `entity` whose category is in `categories` (and whose code, when given, is one of `codes`). */
export function statusIds(
  statuses: StatusInfo[],
  entity: string,
  categories: Set<string> = ACTIVE,
  codes?: readonly string[],
): number[] {
  return statuses
    .filter((s) => s.entity === entity && categories.has(s.category ?? "open"))
    .filter((s) => !codes || codes.includes(s.code))
    .map((s) => s.id);
}

const SIDES = (r: string) =>
  sql.raw(`case when ${r}.color_spec ~ '^[0-9]{1,2}/[0-9]{1,2}$'
    then (case when split_part(${r}.color_spec, '/', 1)::int > 0 then 1 else 0 end)
       + (case when split_part(${r}.color_spec, '/', 2)::int > 0 then 1 else 0 end)
    else 1 end`);
const RUN_SHEETS = (r: string) => sql.raw(`(coalesce(${r}.sheets, 0) + coalesce(${r}.overs, 0))`);
/** A product's printed area in square feet: its flat size, else its finished size. */
const AREA = sql.raw(
  "coalesce(coalesce(p.flat_width, p.finished_width) * coalesce(p.flat_height, p.finished_height), 0) / 144.0",
);

async function stationLoads(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  statuses: StatusInfo[],
  key: string,
): Promise<StationLoad[]> {
  const rows = (name: string, kinds: KindTable[], query: SQL) =>
    keptFigure(db, registry, `${key}:${name}`, kinds, query);
  const stations = tableOf(registry, "ProductionStation");
  const runs = tableOf(registry, "Run");
  const runItems = tableOf(registry, "Run", "items");
  const orderItems = tableOf(registry, "Order", "items");
  const products = tableOf(registry, "Product");
  const equipment = tableOf(registry, "Equipment");
  const runStatusIds = (type: string) => statusIds(statuses, "run", ACTIVE, STATION_WORK[type] ?? []);
  const pairs = Object.keys(STATION_WORK).flatMap((type) => runStatusIds(type).map((id) => `${type}:${id}`));
  const stationed = (entity: string) =>
    statuses
      .filter((s) => s.entity === entity && s.station_id !== null && ACTIVE.has(s.category ?? "open"))
      .map((s) => s.id);
  const waiting = stationed("order_item");
  const mailWaiting = stationed("mail_order");
  const [stationRows, runRows, itemRows, mailRows] = await Promise.all([
    rows(
      "stations",
      [["ProductionStation"]],
      sql`select id, name, code, station_type, capacity_per_shift, capacity_unit from ${stations}
          where tenant_id = ${tenantId} and active is not false order by name, id`,
    ),
    pairs.length === 0
      ? Promise.resolve([])
      : rows(
          "station-runs",
          [["Run"], ["Run", "items"], ["ProductionStation"], ["Equipment"], ["Order", "items"], ["Product"]],
          sql`select r.station_id, count(*)::int as runs,
                sum(${RUN_SHEETS("r")})::bigint as sheets,
                sum(${RUN_SHEETS("r")} * ${SIDES("r")})::bigint as impressions,
                sum(case when coalesce(eq.speed, 0) > 0
                         then ${RUN_SHEETS("r")} * 60.0 / eq.speed + coalesce(eq.setup_minutes, 0) else 0 end) as minutes,
                sum(coalesce(w.items, 0))::int as items, sum(coalesce(w.pieces, 0))::bigint as pieces,
                sum(coalesce(w.sq_ft, 0)) as sq_ft
              from ${runs} r
              join ${stations} st on st.id = r.station_id and st.tenant_id = r.tenant_id
              left join ${equipment} eq on eq.id = coalesce(r.equipment_id, st.equipment_id) and eq.tenant_id = r.tenant_id
              left join lateral (
                select count(*) as items, sum(ri.quantity_required) as pieces,
                       -- the products' areas only where a capacity is in square feet
                       case when st.capacity_unit = 'sq_ft' then (
                         select sum(ri2.quantity_required * ${AREA})
                         from ${runItems} ri2
                         join ${orderItems} oi on oi.id = ri2.order_item_id and oi.tenant_id = ri2.tenant_id
                         join ${products} p on p.id = oi.product_id and p.tenant_id = oi.tenant_id
                         where ri2.parent_id = r.id and ri2.tenant_id = r.tenant_id) end as sq_ft
                from ${runItems} ri
                where ri.parent_id = r.id and ri.tenant_id = r.tenant_id
              ) w on true
              where r.tenant_id = ${tenantId} and r.status_id = any(${ids(pairs.map((p) => Number(p.split(":")[1])))})
                and (st.station_type || ':' || r.status_id) = any(${texts(pairs)})
              group by r.station_id`,
        ),
    waiting.length === 0
      ? Promise.resolve([])
      : rows(
          "station-items",
          [["Order", "items"], ["Product"]],
          sql`select s.station_id, oi.outsource_vendor_id is not null as outsourced, count(*)::int as items,
                sum(oi.quantity)::bigint as pieces, sum(oi.quantity * ${AREA}) as sq_ft
              from ${orderItems} oi
              join ${tableOf(registry, "Status")} s on s.id = oi.item_status_id and s.tenant_id = oi.tenant_id
              left join ${products} p on p.id = oi.product_id and p.tenant_id = oi.tenant_id
              where oi.tenant_id = ${tenantId} and oi.item_status_id = any(${ids(waiting)}) and oi.run_id is null
              group by 1, 2`,
        ),
    mailWaiting.length === 0
      ? Promise.resolve([])
      : rows(
          "station-mail",
          [["MailOrder"]],
          sql`select s.station_id, count(*)::int as mail_orders, sum(coalesce(mo.piece_count, 0))::bigint as pieces
              from ${tableOf(registry, "MailOrder")} mo
              join ${tableOf(registry, "Status")} s on s.id = mo.status_id and s.tenant_id = mo.tenant_id
              where mo.tenant_id = ${tenantId} and mo.status_id = any(${ids(mailWaiting)})
              group by s.station_id`,
        ),
  ]);
  // Outsourced items wait at the trade printer: the outsource staging station's work, where there is one.
  const outsourceStation = stationRows.find((s) => s.station_type === "outsource_staging")?.id;
  const itemsAt = new Map<number, { items: number; pieces: number; sq_ft: number }>();
  for (const row of itemRows) {
    const at =
      row.outsourced === true && outsourceStation !== undefined
        ? Number(outsourceStation)
        : Number(row.station_id);
    const sum = itemsAt.get(at) ?? { items: 0, pieces: 0, sq_ft: 0 };
    itemsAt.set(at, {
      items: sum.items + num(row.items),
      pieces: sum.pieces + num(row.pieces),
      sq_ft: sum.sq_ft + num(row.sq_ft),
    });
  }
  const byStation = (rows: Row[]) => new Map(rows.map((r) => [Number(r.station_id), r]));
  const runAt = byStation(runRows);
  const mailAt = byStation(mailRows);
  return stationRows.map((s) => {
    const id = Number(s.id);
    const r = runAt.get(id);
    const i = itemsAt.get(id);
    const m = mailAt.get(id);
    const work: StationWork = {
      runs: num(r?.runs),
      looseItems: num(i?.items),
      mailOrders: num(m?.mail_orders),
      items: num(r?.items) + num(i?.items) + num(m?.mail_orders),
      sheets: num(r?.sheets),
      impressions: num(r?.impressions),
      pieces: num(r?.pieces) + num(i?.pieces) + num(m?.pieces),
      sqFt: Math.round(num(r?.sq_ft) + num(i?.sq_ft)),
      minutes: Math.round(num(r?.minutes)),
    };
    const unit = (s.capacity_unit as CapacityUnit | null) ?? "sheets";
    const capacity = s.capacity_per_shift === null ? null : Number(s.capacity_per_shift);
    const backlog = backlogIn(unit, work);
    return {
      id,
      name: String(s.name),
      code: String(s.code),
      station_type: String(s.station_type),
      capacity_per_shift: capacity,
      capacity_unit: unit,
      ...work,
      backlog: Math.round(backlog * 10) / 10,
      backlog_hours: backlogHours(backlog, capacity, unit),
      run_status_ids: runStatusIds(String(s.station_type)),
    };
  });
}

export interface ManagerWindow {
  today: string;
  dayStart: Date;
  dayEnd: Date;
  windowStart: Date;
  atRiskUntil: string;
}

export function managerWindow(now: number, timeZone: string): ManagerWindow {
  const day = zonedDay(now, timeZone);
  return {
    today: day.date,
    dayStart: new Date(day.start),
    dayEnd: new Date(day.end),
    windowStart: new Date(zonedDay(now, timeZone, -(WINDOW_DAYS - 1)).start),
    atRiskUntil: addDays(day.date, AT_RISK_DAYS),
  };
}

/** Packing slips shipped in [from, to) and of them those on or before their order's due date (the shop's date). */
function shippedBetween(
  registry: ResourceRegistry,
  tenantId: number,
  timeZone: string,
  from: Date,
  to: Date,
): SQL {
  return sql`select count(*)::int as shipped,
        count(*) filter (where o.wanted_by is null
          or (ps.shipped_at at time zone ${timeZone})::date <= o.wanted_by)::int as on_time
      from ${tableOf(registry, "PackingSlip")} ps
      join ${tableOf(registry, "Order")} o on o.id = ps.order_id and o.tenant_id = ps.tenant_id
      where ps.tenant_id = ${tenantId} and ps.shipped_at >= ${instant(from)} and ps.shipped_at < ${instant(to)}`;
}

// The on-time figures of the window's days before today, read once a day per tenant and time zone: those days'
// shipments are history (a slip's shipped_at is the server's, set once, and a shipped slip is never deleted), and
// at 100,000 orders they are ~45,000 slips joined to their orders. An order's due date moved after it shipped is
// read again the next day. Per database, so that test databases of one process keep apart.
const pastDays = new WeakMap<Database, Map<string, Promise<{ part: number; whole: number }>>>();

function shippedBeforeToday(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  timeZone: string,
  w: ManagerWindow,
): Promise<{ part: number; whole: number }> {
  let days = pastDays.get(db);
  if (!days) {
    days = new Map();
    pastDays.set(db, days);
  }
  const key = `${tenantId}:${timeZone}:${w.today}`;
  let figures = days.get(key);
  if (!figures) {
    figures = selectRows<Row>(
      db,
      shippedBetween(registry, tenantId, timeZone, w.windowStart, w.dayStart),
    ).then(([r]) => ({ part: num(r?.on_time), whole: num(r?.shipped) }));
    // Yesterday's and older keys are of no use any more; a failed read is tried again.
    for (const old of days.keys()) if (!old.endsWith(`:${w.today}`)) days.delete(old);
    days.set(key, figures);
    const current = figures;
    figures.catch(() => {
      if (days?.get(key) === current) days.delete(key);
    });
  }
  return figures;
}

export async function managerFigures(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  context: ManagerContext,
  w: ManagerWindow,
): Promise<ManagerAnswer> {
  const { statuses, timeZone } = context;
  const t = (kind: string, child?: string) => tableOf(registry, kind, child);
  const orderOpen = statusIds(statuses, "order", new Set(["open"]));
  const orderActive = statusIds(statuses, "order");
  const onHold = statusIds(statuses, "order_item", ACTIVE, ["on_hold"]);
  const proof = statusIds(statuses, "order_item", ACTIVE, ["awaiting_proof"]);
  const itemActive = statusIds(statuses, "order_item");
  const inWindow = (column: SQL) =>
    sql`${column} >= ${instant(w.windowStart)} and ${column} < ${instant(w.dayEnd)}`;
  const today = (column: SQL) => sql`${column} >= ${instant(w.dayStart)}`;

  const queries: [SQL, string, KindTable[]][] = [
    [
      sql`select count(*) filter (where wanted_by < ${day(w.today)})::int as late,
            count(*) filter (where wanted_by = ${day(w.today)})::int as due_today,
            count(*) filter (where wanted_by > ${day(w.today)} and status_id = any(${ids(orderOpen)}))::int as at_risk
          from ${t("Order")}
          where tenant_id = ${tenantId} and status_id = any(${ids(orderActive)})
            and wanted_by <= ${day(w.atRiskUntil)}`,
      "orders",
      [["Order"]],
    ],
    [
      shippedBetween(registry, tenantId, timeZone, w.dayStart, w.dayEnd),
      "shipping",
      [["PackingSlip"], ["Order"]],
    ],
    [
      sql`select eq.id, eq.name, count(r.id)::int as runs,
            coalesce(sum(${RUN_SHEETS("r")}), 0)::bigint as sheets,
            coalesce(sum(${RUN_SHEETS("r")} * ${SIDES("r")}), 0)::bigint as impressions
          from ${t("Equipment")} eq
          join ${t("EquipmentType")} et on et.id = eq.equipment_type_id and et.tenant_id = eq.tenant_id
          left join ${t("Run")} r on r.equipment_id = eq.id and r.tenant_id = eq.tenant_id
            and r.printed_at >= ${instant(w.dayStart)} and r.printed_at < ${instant(w.dayEnd)}
          where eq.tenant_id = ${tenantId} and et.category = 'press'
          group by eq.id, eq.name order by eq.name, eq.id`,
      "presses",
      [["Equipment"], ["EquipmentType"], ["Run"]],
    ],
    [
      sql`select coalesce(sum(good_quantity) filter (where ${today(sql`printed_at`)}), 0)::bigint as good_today,
            coalesce(sum(waste_quantity) filter (where ${today(sql`printed_at`)}), 0)::bigint as waste_today,
            coalesce(sum(good_quantity), 0)::bigint as good, coalesce(sum(waste_quantity), 0)::bigint as waste
          from ${t("Run")}
          where tenant_id = ${tenantId} and ${inWindow(sql`printed_at`)}
            and (good_quantity is not null or waste_quantity is not null)`,
      "waste",
      [["Run"]],
    ],
    [
      sql`select status, count(*)::int as n from ${t("Equipment")} where tenant_id = ${tenantId} group by status`,
      "equipment",
      [["Equipment"]],
    ],
    [
      // Two counts, each along its own index ((tenant, status) and (tenant, trade printer)): one scan
      // with the OR read the whole status index (EXPLAIN at 100,000 orders: 49-152 ms).
      sql`select held.on_hold, held.awaiting_proof, outsourced.pending as outsourced_pending
          from (select count(*) filter (where item_status_id = any(${ids(onHold)}))::int as on_hold,
                  count(*) filter (where item_status_id = any(${ids(proof)}))::int as awaiting_proof
                from ${t("Order", "items")}
                where tenant_id = ${tenantId} and item_status_id = any(${ids([...onHold, ...proof])})) held,
               (select count(*)::int as pending from ${t("Order", "items")}
                where tenant_id = ${tenantId} and outsource_vendor_id is not null
                  and item_status_id = any(${ids(itemActive)})) outsourced`,
      "items",
      [["Order", "items"]],
    ],
    [
      sql`select coalesce(sum(quantity) filter (where ${today(sql`mailed_at`)}), 0)::bigint as pieces_today,
            count(*) filter (where ${today(sql`mailed_at`)})::int as drops_today,
            coalesce(sum(quantity), 0)::bigint as pieces, count(*)::int as drops
          from ${t("MailOrder", "drops")}
          where tenant_id = ${tenantId} and status = 'mailed' and ${inWindow(sql`mailed_at`)}`,
      "mail",
      [["MailOrder", "drops"]],
    ],
  ];

  const key = `${tenantId}:${timeZone}:${w.today}`;
  const [stations, past, ...answers] = await Promise.all([
    stationLoads(db, registry, tenantId, statuses, key),
    shippedBeforeToday(db, registry, tenantId, timeZone, w),
    ...queries.map(([query, name, kinds]) => keptFigure(db, registry, `${key}:${name}`, kinds, query)),
  ]);
  const [orders, shipping, presses, waste, equipment, items, mail] = answers;
  const [o] = orders;
  const [s] = shipping;
  const [wa] = waste;
  const [it] = items;
  const [m] = mail;
  const machines = Object.fromEntries(equipment.map((e) => [String(e.status), num(e.n)]));
  return {
    today: w.today,
    time_zone: timeZone,
    day_start: w.dayStart.toISOString(),
    day_end: w.dayEnd.toISOString(),
    window_start: w.windowStart.toISOString(),
    at_risk_until: w.atRiskUntil,
    generated_at: new Date().toISOString(),
    stations,
    orders: { late: num(o?.late), due_today: num(o?.due_today), at_risk: num(o?.at_risk) },
    order_status_ids: { open: orderOpen, active: orderActive },
    on_time: {
      today: { part: num(s?.on_time), whole: num(s?.shipped) },
      window: { part: past.part + num(s?.on_time), whole: past.whole + num(s?.shipped) },
    },
    presses: presses.map(
      (p): PressDay => ({
        equipment_id: Number(p.id),
        name: String(p.name),
        runs: num(p.runs),
        sheets: num(p.sheets),
        impressions: num(p.impressions),
      }),
    ),
    waste: {
      today: { part: num(wa?.waste_today), whole: num(wa?.good_today) + num(wa?.waste_today) },
      window: { part: num(wa?.waste), whole: num(wa?.good) + num(wa?.waste) },
    },
    equipment: {
      running: machines.running ?? 0,
      idle: machines.idle ?? 0,
      down: machines.down ?? 0,
      maintenance: machines.maintenance ?? 0,
    },
    items: {
      on_hold: num(it?.on_hold),
      awaiting_proof: num(it?.awaiting_proof),
      outsourced_pending: num(it?.outsourced_pending),
    },
    mail: {
      today: { pieces: num(m?.pieces_today), drops: num(m?.drops_today) },
      window: { pieces: num(m?.pieces), drops: num(m?.drops) },
    },
  };
}
