// The production manager's figures (issue 18): what GET production/manager answers, and the pure
// rules shared by the server query (server/production/manager-query.ts) and the page: which run
// statuses count as work at a station, how backlog becomes hours against a station's capacity, how
// a sheet's colours become impressions, and the generic lists' URLs behind each figure. No React.
import qs from "qs";
import { BOARDS } from "./boards";

/** One shift's hours: a station's capacity is declared per shift (ProductionStation.capacity_per_shift). */
export const SHIFT_HOURS = 8;
/** "At risk": due within this many days after today and not yet in production. */
export const AT_RISK_DAYS = 2;
/** The longer window of the on-time, waste and mail figures. */
export const WINDOW_DAYS = 30;

export type CapacityUnit = "sheets" | "impressions" | "items" | "pieces" | "sq_ft" | "hours";

// The run statuses (codes) in which a run is work waiting at (or on) its station: a board's columns
// for the station types that have one (boards.ts), the same for the digital presses and cutters.
const AT_PRESS = BOARDS.find((b) => b.type === "press")?.statuses ?? [];
export const STATION_WORK: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(BOARDS.map((b) => [b.type, b.statuses])),
  digital_production: AT_PRESS,
  digital_cutting: ["printed", "coated", "paused", "held"],
};

/** "press:printing" pairs the server query matches a run's station type and status code against. */
export function stationWorkPairs(): string[] {
  return Object.entries(STATION_WORK).flatMap(([type, codes]) => codes.map((code) => `${type}:${code}`));
}

/** The work at one station, summed in every unit a capacity may be declared in. */
export interface StationWork {
  /** Runs at the station in one of its work statuses. */
  runs: number;
  /**
   * Order items waiting at it off any run: in a status stationed there (the juggler's approved
   * items), or, outsourced, at the outsource staging station.
   */
  looseItems: number;
  /** Mail orders in a status stationed there (the inkjet's). */
  mailOrders: number;
  /** Items on those runs, the loose ones and the mail orders: the jobs. */
  items: number;
  sheets: number;
  impressions: number;
  pieces: number;
  sqFt: number;
  /** Planned press time of the runs: sheets at the equipment's speed plus its set-up. */
  minutes: number;
}

export interface StationLoad extends StationWork {
  id: number;
  name: string;
  code: string;
  station_type: string;
  capacity_per_shift: number | null;
  capacity_unit: CapacityUnit;
  /** The work in the capacity's unit. */
  backlog: number;
  /** The backlog at the declared capacity (per SHIFT_HOURS); null without a capacity. */
  backlog_hours: number | null;
  /** The run statuses counted as work here (its list link filters on them). */
  run_status_ids: number[];
}

/** The backlog of `work` in `unit`. */
export function backlogIn(unit: CapacityUnit, work: StationWork): number {
  switch (unit) {
    case "sheets":
      return work.sheets;
    case "impressions":
      return work.impressions;
    case "items":
      return work.items;
    case "pieces":
      return work.pieces;
    case "sq_ft":
      return work.sqFt;
    case "hours":
      return work.minutes / 60;
  }
}

/** Hours of work at `capacityPerShift` units a shift of SHIFT_HOURS; null when no capacity is declared. */
export function backlogHours(
  backlog: number,
  capacityPerShift: number | null,
  unit: CapacityUnit,
): number | null {
  if (unit === "hours") return round1(backlog);
  if (!capacityPerShift || capacityPerShift <= 0) return null;
  return round1((backlog * SHIFT_HOURS) / capacityPerShift);
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Printed sides of a colour spec: "4/4" 2, "4/0" 1, "0/0" 0; unknown 1. */
export function printedSides(colorSpec: string | null | undefined): number {
  const m = /^(\d{1,2})\/(\d{1,2})$/.exec(colorSpec ?? "");
  if (!m) return 1;
  return (Number(m[1]) > 0 ? 1 : 0) + (Number(m[2]) > 0 ? 1 : 0);
}

export interface Ratio {
  /** The part (on time, waste). */
  part: number;
  /** The whole (shipped, good + waste). */
  whole: number;
}

/** part / whole as a percentage with one decimal; null when there is no whole. */
export function percent({ part, whole }: Ratio): number | null {
  return whole > 0 ? round1((part * 100) / whole) : null;
}

export interface PressDay {
  equipment_id: number;
  name: string;
  runs: number;
  sheets: number;
  impressions: number;
}

export interface ManagerAnswer {
  /** The shop's day the figures are of (YYYY-MM-DD) and its time zone (its first facility's). */
  today: string;
  time_zone: string;
  /** Instants bounding today and the WINDOW_DAYS window (ISO). */
  day_start: string;
  day_end: string;
  window_start: string;
  /** The last day still counted at risk (YYYY-MM-DD). */
  at_risk_until: string;
  generated_at: string;
  stations: StationLoad[];
  /** Orders not complete nor cancelled, by due date. */
  orders: { late: number; due_today: number; at_risk: number };
  /** Order statuses the order figures count: open (at risk) and open or production (the others). */
  order_status_ids: { open: number[]; active: number[] };
  /** Packing slips shipped, and of them on or before their order's due date. */
  on_time: { today: Ratio; window: Ratio };
  presses: PressDay[];
  /** Runs printed: waste of good + waste as the operators entered them on completing. */
  waste: { today: Ratio; window: Ratio };
  equipment: { running: number; idle: number; down: number; maintenance: number };
  items: { on_hold: number; awaiting_proof: number; outsourced_pending: number };
  /** Mail drops mailed: pieces and drops. */
  mail: { today: { pieces: number; drops: number }; window: { pieces: number; drops: number } };
}

/** The item figures a drawer lists (GET production/manager/items?figure=). */
export const ITEM_FIGURES = ["on_hold", "awaiting_proof", "outsourced_pending", "mailed_today"] as const;
export type ItemFigure = (typeof ITEM_FIGURES)[number];

export const ITEM_FIGURE_TITLES: Record<ItemFigure, string> = {
  on_hold: "Items on hold",
  awaiting_proof: "Items awaiting proof",
  outsourced_pending: "Outsourced items pending",
  mailed_today: "Mail drops mailed today",
};

export interface FigureRow {
  /** The order (or mail order) it belongs to. */
  record_id: number;
  record_path: "orders" | "mail-orders";
  number: string;
  /** The item's or drop's place on its record (1-based). */
  position: number;
  description: string;
  quantity: number;
  status: string | null;
  /** Vendor, customer or other context. */
  detail: string | null;
  due: string | null;
}

export interface FigureRows {
  rows: FigureRow[];
  total: number;
  page: number;
  limit: number;
}

// --- links to the generic lists -------------------------------------------------------------
// The list pages keep their filters in the URL as Refine writes them (syncWithLocation):
// filters[i][field], [operator] ("in", "gte", "lte", "eq") and [value] (an array for "in").

export interface ListFilter {
  field: string;
  operator: "in" | "gte" | "lte" | "eq";
  value: string | number | (string | number)[];
}

export function listLink(route: string, filters: ListFilter[]): string {
  const query = qs.stringify(
    {
      filters: filters.map((f) => ({
        ...f,
        value: Array.isArray(f.value) ? f.value.map(String) : String(f.value),
      })),
    },
    { encodeValuesOnly: true },
  );
  return query ? `${route}?${query}` : route;
}

/** The day after `date` (YYYY-MM-DD), `days` later. */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The links behind the answer's figures. */
export function managerLinks(a: ManagerAnswer) {
  const active = { field: "status_id", operator: "in", value: a.order_status_ids.active } as const;
  const yesterday = addDays(a.today, -1);
  const tomorrow = addDays(a.today, 1);
  const shippedSince = (since: string): ListFilter[] => [
    { field: "shipped_at", operator: "gte", value: since },
    { field: "shipped_at", operator: "lte", value: a.day_end },
  ];
  const printedSince = (since: string): ListFilter[] => [
    { field: "printed_at", operator: "gte", value: since },
    { field: "printed_at", operator: "lte", value: a.day_end },
  ];
  const equipment = (...status: string[]) =>
    listLink("/equipments", [{ field: "status", operator: "in", value: status }]);
  return {
    late: listLink("/orders", [active, { field: "wanted_by", operator: "lte", value: yesterday }]),
    dueToday: listLink("/orders", [
      active,
      { field: "wanted_by", operator: "gte", value: a.today },
      { field: "wanted_by", operator: "lte", value: a.today },
    ]),
    atRisk: listLink("/orders", [
      { field: "status_id", operator: "in", value: a.order_status_ids.open },
      { field: "wanted_by", operator: "gte", value: tomorrow },
      { field: "wanted_by", operator: "lte", value: a.at_risk_until },
    ]),
    shippedToday: listLink("/packing-slips", shippedSince(a.day_start)),
    shippedWindow: listLink("/packing-slips", shippedSince(a.window_start)),
    printedToday: listLink("/runs", printedSince(a.day_start)),
    printedWindow: listLink("/runs", printedSince(a.window_start)),
    press: (equipmentId: number) =>
      listLink("/runs", [
        { field: "equipment_id", operator: "in", value: [equipmentId] },
        ...printedSince(a.day_start),
      ]),
    station: (s: StationLoad) =>
      listLink("/runs", [
        { field: "station_id", operator: "in", value: [s.id] },
        { field: "status_id", operator: "in", value: s.run_status_ids },
      ]),
    running: equipment("running"),
    idle: equipment("idle"),
    down: equipment("down", "maintenance"),
  };
}
