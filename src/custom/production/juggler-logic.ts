// The jugglers' pure logic (unit-tested; no React): what the server answers
// (server/production/juggler-query.ts), how candidates group (the gang rule: same stock, colours
// and coating), how a run's slots are shared and what that makes of its sheets and overs. The
// server has the last word on the gang rule (hooks/runs.ts); `mismatch` only says it ahead, for
// the page's drop targets and draft.
import { DIGITAL_GRIPPER, layoutSheet, OFFSET_GRIPPER } from "./print/imposition";

export type JugglerKind = "prepress" | "digital";

export interface JugglerDeclaration {
  kind: JugglerKind;
  slug: string;
  title: string;
  /** The station type whose presence on a product's route sends its items here. */
  stationType: string;
  /** The run types it fills; the first is a new run's. */
  runTypes: string[];
  gripper: number;
}

export const JUGGLERS: Record<JugglerKind, JugglerDeclaration> = {
  prepress: {
    kind: "prepress",
    slug: "prepress-juggler",
    title: "Prepress juggler",
    stationType: "prepress_juggler",
    runTypes: ["gang", "dedicated"],
    gripper: OFFSET_GRIPPER,
  },
  digital: {
    kind: "digital",
    slug: "digital-juggler",
    title: "Digital juggler",
    stationType: "digital_juggler",
    runTypes: ["digital_batch", "large_format_nest"],
    gripper: DIGITAL_GRIPPER,
  },
};

export interface Piece {
  /** Flat (else finished) size of one piece, inches; null where the product declares none. */
  width: number | null;
  height: number | null;
  bleed: number;
}

export interface JugglerItem extends Piece {
  /** The order item's id. */
  id: number;
  order_id: number;
  order_number: string;
  customer: string | null;
  product: string | null;
  description: string;
  quantity: number;
  stock_id: number | null;
  stock: string | null;
  sheet_width: number | null;
  sheet_height: number | null;
  color_spec: string | null;
  coating: string;
  /** The order's due date (YYYY-MM-DD). */
  due: string | null;
  rush: boolean;
  proof_url: string | null;
}

export interface JugglerRunItem extends Piece {
  /** The run item's row id. */
  id: number;
  order_id: number;
  order_item_id: number;
  order_number: string;
  description: string;
  product: string | null;
  slot: number;
  number_up: number;
  quantity_required: number;
  /** The order item's quantity. */
  quantity: number;
  due_at: string | null;
}

export interface JugglerRun {
  id: number;
  run_number: string;
  version: number;
  run_type: string;
  stock_id: number | null;
  stock: string | null;
  sheet_width: number | null;
  sheet_height: number | null;
  color_spec: string | null;
  coating: string;
  sheets: number | null;
  overs: number | null;
  items: JugglerRunItem[];
}

export interface JugglerAnswer {
  kind: JugglerKind;
  /** The juggler's station: where a new run waits while it fills. */
  station_id: number | null;
  items: JugglerItem[];
  runs: JugglerRun[];
}

export interface Gang {
  stock_id: number | null;
  stock: string | null;
  color_spec: string | null;
  coating: string;
}

export const gangKey = (g: Pick<Gang, "stock_id" | "color_spec" | "coating">): string =>
  `${g.stock_id ?? "-"}|${g.color_spec ?? "-"}|${g.coating || "none"}`;

export interface CandidateGroup extends Gang {
  key: string;
  items: JugglerItem[];
}

/** Candidates grouped by stock, colours and coating, in the order their first item comes (rush, due). */
export function groupCandidates(items: readonly JugglerItem[]): CandidateGroup[] {
  const groups = new Map<string, CandidateGroup>();
  for (const item of items) {
    const key = gangKey(item);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        stock_id: item.stock_id,
        stock: item.stock,
        color_spec: item.color_spec,
        coating: item.coating,
        items: [],
      };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

export const coatingWords = (coating: string | null): string =>
  !coating || coating === "none" ? "no coating" : `${coating === "uv" ? "UV" : coating} coating`;

/** Why `item` cannot join a run of `gang` (the server's words, said ahead), or null. */
export function mismatch(item: JugglerItem, gang: Gang): string | null {
  const name = `Item ${item.id}`;
  if (item.stock_id === null) return `${name} has no stock set`;
  if (item.stock_id !== gang.stock_id) return `${name} is on ${item.stock}, the run is on ${gang.stock}`;
  const prints = (spec: string | null) => (spec ? `prints ${spec}` : "has no colours set");
  if ((item.color_spec ?? null) !== (gang.color_spec ?? null)) {
    return `${name} ${prints(item.color_spec)}, the run ${prints(gang.color_spec)}`;
  }
  if ((item.coating || "none") !== (gang.coating || "none")) {
    return `${name} has ${coatingWords(item.coating)}, the run has ${coatingWords(gang.coating)}`;
  }
  return null;
}

/**
 * How many pieces fit on the sheet (its slots): copies of the largest piece laid out as the run
 * spread lays them (print/imposition.ts). Null when the sheet or no piece has a size.
 */
export function slotsOnSheet(
  sheetWidth: number | null,
  sheetHeight: number | null,
  pieces: readonly Piece[],
  gripper: number,
): number | null {
  if (!sheetWidth || !sheetHeight) return null;
  const sized = pieces.filter((p) => (p.width ?? 0) > 0 && (p.height ?? 0) > 0);
  if (sized.length === 0) return null;
  const area = (p: Piece) => ((p.width ?? 0) + 2 * p.bleed) * ((p.height ?? 0) + 2 * p.bleed);
  const largest = sized.reduce((a, b) => (area(b) > area(a) ? b : a));
  const layout = layoutSheet(
    sheetWidth,
    sheetHeight,
    [
      {
        slot: 1,
        numberUp: 2_000,
        width: largest.width ?? 0,
        height: largest.height ?? 0,
        bleed: largest.bleed,
      },
    ],
    gripper,
  );
  return layout.pieces.length;
}

/**
 * Shares `capacity` slots among items of these quantities, in proportion, at least one each;
 * spare slots go, one by one, to the item needing the most sheets (it sets the sheet count).
 * Without a capacity (no sizes) every item gets one slot.
 */
export function balanceUps(capacity: number | null, quantities: readonly number[]): number[] {
  if (quantities.length === 0) return [];
  if (!capacity || capacity <= quantities.length) return quantities.map(() => 1);
  const total = quantities.reduce((a, b) => a + b, 0) || 1;
  const ups = quantities.map((q) => Math.max(1, Math.floor((capacity * q) / total)));
  let spare = capacity - ups.reduce((a, b) => a + b, 0);
  while (spare > 0) {
    let worst = 0;
    for (let i = 1; i < ups.length; i++) {
      if (Math.ceil(quantities[i] / ups[i]) > Math.ceil(quantities[worst] / ups[worst])) worst = i;
    }
    ups[worst] += 1;
    spare -= 1;
  }
  return ups;
}

export interface SlotRow {
  quantity_required: number;
  number_up: number;
}

/** The run's sheets (the item needing the most sets them) and each item's pieces over. */
export function sheetFigures(rows: readonly SlotRow[]): { sheets: number; overs: number[]; slots: number } {
  const sheets = rows.reduce(
    (most, r) => Math.max(most, Math.ceil(r.quantity_required / Math.max(1, r.number_up))),
    0,
  );
  return {
    sheets,
    overs: rows.map((r) => sheets * Math.max(1, r.number_up) - r.quantity_required),
    slots: rows.reduce((n, r) => n + Math.max(1, r.number_up), 0),
  };
}

/** A run item row as the runs API takes it (existing rows keep their id). */
export interface RunRowBody {
  id?: number;
  order_id: number;
  order_item_id: number;
  slot: number;
  number_up: number;
  quantity_required: number;
  due_at?: string | null;
}

/** A due date (YYYY-MM-DD) as the end of that working day, 17:00 local. */
export const dueAtOf = (due: string | null): string | null =>
  due ? new Date(`${due}T17:00:00`).toISOString() : null;

/**
 * The run's rows with `added` (order items) joined or `removed` (order item ids) taken off: slots
 * renumbered in order, the sheet's slots shared again (balanceUps), each printing its order
 * item's quantity.
 */
export function rowsWith(
  existing: readonly JugglerRunItem[],
  added: readonly JugglerItem[],
  capacity: number | null,
  removed: ReadonlySet<number> = new Set(),
): RunRowBody[] {
  const kept = existing.filter((r) => !removed.has(r.order_item_id));
  const quantities = [...kept.map((r) => r.quantity_required), ...added.map((i) => i.quantity)];
  const ups = balanceUps(capacity, quantities);
  return [
    ...kept.map((r, i) => ({
      id: r.id,
      order_id: r.order_id,
      order_item_id: r.order_item_id,
      slot: i + 1,
      number_up: ups[i],
      quantity_required: r.quantity_required,
    })),
    ...added.map((item, j) => ({
      order_id: item.order_id,
      order_item_id: item.id,
      slot: kept.length + j + 1,
      number_up: ups[kept.length + j],
      quantity_required: item.quantity,
      due_at: dueAtOf(item.due),
    })),
  ];
}
