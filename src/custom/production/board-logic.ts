// A station board's pure logic (unit-tested in tests/unit/production/): what the server answers,
// how a due time is coloured, the order of cards, which actions a card offers, and what a
// scanner's digits pick. No React here.
import { statusesAllowedFrom } from "../../resource-engine/status-moves";
import { type BoardDeclaration, HELD, type OperatorAction } from "./boards";
import { movable, targetCode } from "./station-moves";

export interface BoardCard {
  id: number;
  run_number: string;
  version: number;
  status_id: number | null;
  station_id: number;
  station: string;
  facility_id: number | null;
  due_at: string | null;
  rush: boolean;
  customer: string | null;
  customers: number;
  product: string | null;
  products: number;
  order_number: string | null;
  quantity: number;
  items: number;
  stock: string | null;
  colours: string | null;
  coating: string | null;
  sheets: number | null;
  status_since: string;
  planned_minutes: number | null;
  notes: string | null;
  operator_id: number | null;
  holder: string | null;
  /** The first proof thumbnail of its items (an artwork entry of side "proof"). */
  proof_url: string | null;
  /** Where complete and move send it (station-moves.ts), by name. */
  next_station: string | null;
}

export interface BoardStatus {
  id: number;
  code: string;
  name: string;
  category: string | null;
  color: string | null;
  next: number[];
}

export interface BoardStation {
  id: number;
  name: string;
  facility_id: number | null;
  facility: string | null;
  /** The code of its output status: where complete moves a run there. */
  output_code: string | null;
}

export interface BoardAnswer {
  cards: BoardCard[];
  stations: BoardStation[];
  statuses: BoardStatus[];
}

export type DueTone = "late" | "today" | "later" | "none";

/** Late when past, due today when before the end of `now`'s local day, else later. */
export function dueTone(due: string | null, now: Date): DueTone {
  if (!due) return "none";
  const at = new Date(due);
  if (at.getTime() < now.getTime()) return "late";
  const endOfDay = new Date(now);
  endOfDay.setHours(23, 59, 59, 999);
  return at.getTime() <= endOfDay.getTime() ? "today" : "later";
}

export const DUE_COLOURS: Record<DueTone, string> = {
  late: "red",
  today: "orange",
  later: "green",
  none: "default",
};

/** Rush first, then the earliest due (none last), then by run number. */
export function sortCards<T extends Pick<BoardCard, "rush" | "due_at" | "run_number">>(
  cards: readonly T[],
): T[] {
  // Each card's due time parsed once, not at every comparison (a board of 500 cards: ~9,000 of them).
  const keyed = cards.map((card) => ({
    card,
    rush: Number(card.rush),
    due: card.due_at ? new Date(card.due_at).getTime() : Number.POSITIVE_INFINITY,
  }));
  keyed.sort(
    (a, b) => b.rush - a.rush || a.due - b.due || RUN_NUMBERS.compare(a.card.run_number, b.card.run_number),
  );
  return keyed.map((k) => k.card);
}

// Formatters made once: a Date's or a number's toLocaleString with a locale or options builds a new Intl formatter
// at every call, ~5 ms each for dates on the benchmark's machine (a painted board of 20 cards: ~100 ms).
/** As String.prototype.localeCompare (the default locale). */
const RUN_NUMBERS = new Intl.Collator();
const DUE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "short" });
const COUNT_FORMAT = new Intl.NumberFormat("en-US");

/** A card's due date and time, short, in the browser's locale and zone. */
export const formatDue = (due: string): string => DUE_FORMAT.format(new Date(due));

/** "12,500" */
export const formatCount = (n: number): string => COUNT_FORMAT.format(n);

/** The board's columns: the statuses its cards are in, in the workflow's order. */
export function columnsOf(cards: readonly BoardCard[], statuses: readonly BoardStatus[]): BoardStatus[] {
  const used = new Set(cards.map((c) => c.status_id));
  return statuses.filter((s) => used.has(s.id));
}

export interface ActionContext {
  board: BoardDeclaration;
  statuses: readonly BoardStatus[];
  stations: readonly BoardStation[];
  userId: number | null;
  /** Run Tasks and Run UpdateEndStatus of the signed-in user. */
  tasks: boolean;
  endStatus: boolean;
}

/** The status an action would move the card to (undefined: none, or claim and move). */
export function targetOf(
  action: OperatorAction,
  card: BoardCard,
  ctx: ActionContext,
): BoardStatus | undefined {
  const station = ctx.stations.find((s) => s.id === card.station_id);
  const code = targetCode(action, ctx.board, station);
  return code ? ctx.statuses.find((s) => s.code === code) : undefined;
}

/**
 * Whether a card offers `action`: the permission (Tasks; completing also UpdateEndStatus), the
 * holder (all but hold and release are the holder's; a card already held by the user offers no
 * claim), and the status move (the same rule the server checks: statusesAllowedFrom).
 */
export function actionAvailable(action: OperatorAction, card: BoardCard, ctx: ActionContext): boolean {
  if (!ctx.tasks || (action === "complete" && !ctx.endStatus)) return false;
  const current = ctx.statuses.find((s) => s.id === card.status_id);
  if (current?.category === "complete" || current?.category === "cancelled") return false;
  const heldByOther = card.operator_id !== null && card.operator_id !== ctx.userId;
  if (action === "claim") return card.operator_id === null;
  if (heldByOther && action !== "hold" && action !== "release") return false;
  if (action === "move") return card.next_station !== null && movable(current, ctx.statuses, ctx.board);
  // A held run is released first (to where it was held from), then worked on.
  const held = current?.code === HELD;
  if (action === "release") return held && (current?.next.length ?? 0) > 0;
  if (held) return false;
  const target = targetOf(action, card, ctx);
  if (!target || !current || target.id === current.id) return false;
  return statusesAllowedFrom(current, ctx.statuses).includes(target.id);
}

/** The card a scanned code names: its run number, or one of its order numbers, digits compared. */
export function scannedCard<T extends Pick<BoardCard, "run_number" | "order_number">>(
  cards: readonly T[],
  scanned: string,
): T | undefined {
  const digits = scanned.replace(/\D/g, "");
  if (!digits) return undefined;
  const only = (value: string | null) => (value ?? "").replace(/\D/g, "");
  return (
    cards.find((c) => only(c.run_number) === digits) ?? cards.find((c) => only(c.order_number) === digits)
  );
}

/** "1 h 05 min" from minutes. */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}

export const elapsedMinutes = (since: string, now: Date): number =>
  Math.max(0, (now.getTime() - new Date(since).getTime()) / 60_000);
