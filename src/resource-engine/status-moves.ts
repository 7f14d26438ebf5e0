import type { EnumField, EnumValue } from "./fields";

// Which statuses a record may take next, shared by the server's status look-up (what a form's
// status select offers) and the form itself. The server refuses every other move
// (server/resources/workflow.ts, status-rules.ts); these functions say the same rule forwards:
// - A Status (a `statusOf` reference): its next_status_ids, or any status of the entity when that
//   list is empty on an open or production status. Terminal means terminal: a cancelled status
//   leads nowhere; a complete one only to the complete statuses its list names.
// - An enum with `transitions`: the declared map; a value missing from it leads nowhere.
// The current value is always offered (keeping it is no move).
// A new record starts where a workflow starts (a page's choice; the server fills the first status
// when none is sent): an open status, or for an enum its default and the values no move leads to.

export interface StatusNode {
  id: number;
  /** Status.category (open, production, complete, cancelled); absent where not declared. */
  category?: string | null;
  next: number[];
}

/** Categories a status never leaves for a category outside them (status-rules.ts, FINAL). */
const FINAL: Record<string, readonly string[]> = { complete: ["complete"], cancelled: [] };

/** The ids of `all` (the entity's statuses) a record in `from` may take, `from` included. */
export function statusesAllowedFrom(from: StatusNode, all: readonly StatusNode[]): number[] {
  const stays = from.category ? FINAL[from.category] : undefined;
  const allowed = stays
    ? all.filter((s) => from.next.includes(s.id) && stays.includes(s.category ?? ""))
    : from.next.length === 0
      ? all
      : all.filter((s) => from.next.includes(s.id));
  return [from.id, ...allowed.map((s) => s.id).filter((id) => id !== from.id)];
}

/** The statuses a new record may start in: the open ones (all, where no category is declared). */
export function startStatuses(all: readonly StatusNode[]): number[] {
  const open = all.filter((s) => s.category === "open");
  const categorised = all.some((s) => s.category);
  return (categorised ? open : all).map((s) => s.id);
}

/** The values an edit may choose: the stored one and those its transitions allow. */
export function enumAllowedFrom(field: EnumField, current: unknown): EnumValue[] {
  if (!field.transitions || current === undefined || current === null || current === "") return field.values;
  const next = new Set([String(current), ...(field.transitions[String(current)] ?? [])]);
  return field.values.filter((v) => next.has(v.value));
}

/** The values a new record may start with: declared, else the default and the values no transition leads to. */
export function enumStartValues(field: EnumField): EnumValue[] {
  // Declared starts (fields.ts `initial`) win.
  if (field.initial) return field.values.filter((v) => field.initial?.includes(v.value));
  if (!field.transitions) return field.values;
  const reached = new Set(Object.values(field.transitions).flat());
  const starts = field.values.filter((v) => v.value === field.default || !reached.has(v.value));
  return starts.length > 0 ? starts : field.values;
}
