import { sql } from "drizzle-orm";
import type { LiveSubject } from "../../src/access/live-subjects";
import type { Database } from "../db/open";
import type { Action, Changes } from "../resources/change-logs";
import type { ResourceModel } from "../resources/model";

// The sending half of live updates: every change-log entry of a kind's record (written by
// writeChangeLogs, the one place every resource write passes: the generic routes, the hooks'
// server-made writes, released references) is also a NOTIFY on LIVE_CHANNEL, sent inside the
// write's transaction, so PostgreSQL delivers it only on commit, to every server process
// listening (hub.ts). A rolled-back write sends nothing.
//
// The payload stays small (NOTIFY refuses more than 8000 bytes): which record, not its values.
// Its change-log row's id is the event's id (one sequence for all processes, so Last-Event-ID
// means the same thing on each). The new version and the owner after the write are read by
// the statement itself; the owners before come from the changes (a ReadOwn reader hears of a
// record given away too).

export const LIVE_CHANNEL = "pressroom_changes";

/** What one notification holds (short keys: the 8000-byte limit). */
export interface ChangeNotice {
  /** The change-log row's id: the event's id. */
  e: number;
  /** Tenant. */
  t: number;
  /** The kind. */
  k: string;
  /** The record's id. */
  i: number;
  a: Action;
  /** The changed field names (child rows under their collection's name); null when too many to send. */
  f: string[] | null;
  /** Owners named by the changes (before and after). */
  o: number[];
  /** The version after the write (null once deleted). */
  v?: number | null;
  /** The owner after the write. */
  n?: number | null;
}

export interface LoggedChange {
  logId: number;
  tenantId: number;
  recordId: number;
  action: Action;
  changes: Changes;
}

// Room left under NOTIFY's 8000 bytes for the version and owner the statement adds.
const MAX_PAYLOAD = 7600;

export function changeNotice(model: ResourceModel, change: LoggedChange): ChangeNotice {
  const owner = model.resource.ownerField;
  const owners = new Set<number>();
  const ownerChange = owner ? change.changes[owner] : undefined;
  for (const value of [ownerChange?.from, ownerChange?.to]) if (typeof value === "number") owners.add(value);
  // "items.12" (a child row) → "items".
  const fields = [...new Set(Object.keys(change.changes).map((name) => name.split(".")[0]))];
  const notice: ChangeNotice = {
    e: change.logId,
    t: change.tenantId,
    k: model.kind,
    i: change.recordId,
    a: change.action,
    f: fields,
    o: [...owners],
  };
  if (Buffer.byteLength(JSON.stringify(notice)) > MAX_PAYLOAD) notice.f = null;
  return notice;
}

/**
 * NOTIFYs a change of a record that is no resource kind (a campaign's runs: src/access/live-subjects.ts), within
 * `db`'s transaction when it is one. Its event id is taken from the change logs' sequence, so Last-Event-ID
 * orders it among the kinds' events although it writes no change-log row.
 */
export async function notifySubject(
  db: Database,
  subject: LiveSubject,
  change: { tenantId: number; recordId: number; fields: string[] },
): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, jsonb_build_object(
      'e', nextval(pg_get_serial_sequence('change_logs', 'id')), 't', ${change.tenantId}::integer,
      'k', ${subject}::text, 'i', ${change.recordId}::integer, 'a', 'update',
      'f', ${JSON.stringify(change.fields)}::jsonb, 'o', '[]'::jsonb)::text)`);
}

/** NOTIFYs the entries in one statement, within `tx` (the write's transaction). */
export async function notifyChanges(
  tx: Database,
  model: ResourceModel,
  changes: LoggedChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const t = model.table.table;
  const owner = model.resource.ownerField;
  const notices = JSON.stringify(changes.map((change) => changeNotice(model, change)));
  await tx.execute(sql`
    select pg_notify(${LIVE_CHANNEL}, (notice.value || jsonb_build_object(
      'v', ${t.version}, 'n', ${owner ? t[owner] : sql`null`}))::text)
    from jsonb_array_elements(${notices}::jsonb) with ordinality as notice(value, position)
    left join ${t} on ${t.id} = (notice.value->>'i')::integer and ${t.tenant_id} = (notice.value->>'t')::integer
    order by notice.position`);
}
