import type { Field } from "../../src/resource-engine/fields";
import type { Database } from "../db/open";
import { HttpError } from "../http/errors";
import type { Row } from "./hooks";
import type { ResourceRegistry } from "./model";
import { statusRows, terminalRefusal } from "./status-rules";

// Workflow moves, checked on update against the stored row (in the write's transaction, after
// the row is locked): an enum with `transitions` may only move along them, and a statusOf
// reference only to one of the previous Status's next_status_ids (when that list is not empty),
// and never out of a terminal status (status-rules.ts).
// A refused move is a 409 naming both ends: "A refund approval cannot go from Requested to Processed".

const article = (words: string) => (/^[aeiou]/i.test(words) ? "An" : "A");

function moveRefused(words: string, from: unknown, to: unknown, field: string): HttpError {
  const message = `${article(words)} ${words} cannot go from ${String(from)} to ${String(to)}`;
  return new HttpError(409, message, [{ field, message }]);
}

const present = (value: unknown) => value !== null && value !== undefined;

/**
 * Enum moves of `values` (being written over `before`) that the field's transitions do not
 * allow: throws the 409. Setting the same value again, or from or to no value, is no move.
 */
export function checkEnumMoves(
  words: string,
  fields: Record<string, Field>,
  before: Row,
  values: Row,
  at = "",
): void {
  for (const [name, field] of Object.entries(fields)) {
    if (field.type !== "enum" || !field.transitions || !Object.hasOwn(values, name)) continue;
    const from = before[name];
    const to = values[name];
    if (!present(from) || !present(to) || from === to) continue;
    if ((field.transitions[from as string] ?? []).includes(to as string)) continue;
    const label = (v: unknown) => field.values.find((e) => e.value === v)?.label ?? v;
    throw moveRefused(words, label(from), label(to), `${at}${name}`);
  }
}

export interface StatusMove {
  words: string;
  path: string;
  from: number;
  to: number;
  /** The row's own label in messages ("Item 2 of W-1"); the record's when absent. */
  label?: string;
}

/** The statusOf references `values` moves (from one status to another) over `before`. */
export function statusMoves(
  words: string,
  fields: Record<string, Field>,
  before: Row,
  values: Row,
  at = "",
): StatusMove[] {
  const moves: StatusMove[] = [];
  for (const [name, field] of Object.entries(fields)) {
    if (field.type !== "reference" || !field.statusOf || !Object.hasOwn(values, name)) continue;
    const from = before[name];
    const to = values[name];
    if (typeof from === "number" && typeof to === "number" && from !== to) {
      moves.push({ words, path: `${at}${name}`, from, to });
    }
  }
  return moves;
}

/**
 * Throws the 409 of the first move that leaves a terminal status (status-rules.ts; `label` names
 * the record or row, "W-1") or that its previous status's next_status_ids do not allow.
 */
export async function checkStatusMoves(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  moves: StatusMove[],
  label = "This record",
): Promise<void> {
  if (moves.length === 0 || !registry.byKind.get("Status")?.table.table.next_status_ids) return;
  const byId = await statusRows(
    db,
    registry,
    tenantId,
    moves.flatMap((m) => [m.from, m.to]),
  );
  // The statuses the previous ones lead to, by name in a terminal refusal.
  const missing = [...byId.values()].flatMap((s) => s.next).filter((id) => !byId.has(id));
  for (const [id, row] of await statusRows(db, registry, tenantId, missing)) byId.set(id, row);
  for (const move of moves) {
    const from = byId.get(move.from);
    const to = byId.get(move.to);
    const terminal = terminalRefusal(move.label ?? label, move.words, from, to, byId, move.path);
    if (terminal) throw terminal;
    // An empty list on a status that is not terminal: any move (status-rules.ts, policy).
    const next = from?.next ?? [];
    if (next.length === 0 || next.includes(move.to)) continue;
    throw moveRefused(move.words, from?.name, to?.name ?? move.to, move.path);
  }
}
