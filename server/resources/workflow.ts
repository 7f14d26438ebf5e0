import { and, eq, inArray } from "drizzle-orm";
import type { Field } from "../../src/resource-engine/fields";
import type { Database } from "../db/open";
import { HttpError } from "../http/errors";
import type { Row } from "./hooks";
import type { ResourceRegistry } from "./model";

// Workflow moves, checked on update against the stored row (in the write's transaction, after
// the row is locked): an enum with `transitions` may only move along them, and a statusOf
// reference only to one of the previous Status's next_status_ids (when that list is not empty).
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

/** Throws the 409 of the first move its previous status's next_status_ids do not allow. */
export async function checkStatusMoves(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  moves: StatusMove[],
): Promise<void> {
  const status = registry.byKind.get("Status");
  if (moves.length === 0 || !status?.table.table.next_status_ids) return;
  const t = status.table.table;
  const ids = [...new Set(moves.flatMap((m) => [m.from, m.to]))];
  const rows = await db
    .select({ id: t.id, name: t[status.resource.titleField], next: t.next_status_ids })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.id, ids)));
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  for (const move of moves) {
    const next = (byId.get(move.from)?.next as number[] | null) ?? [];
    if (next.length === 0 || next.includes(move.to)) continue;
    throw moveRefused(move.words, byId.get(move.from)?.name, byId.get(move.to)?.name ?? move.to, move.path);
  }
}
