import { and, desc, eq } from "drizzle-orm";
import type { Kind } from "../../src/access/kinds";
import type { Database } from "../db/open";
import { change_logs, users } from "../db/schema";
import { countAll } from "./list-query";

// Who changed an administration record, when, and what: rows of the shared change_logs table
// (one per create, update and delete, written in the write's own transaction), read back as
// GET {path}/{id}/change-logs (api-contract.md). The generic kinds' helpers
// (server/resources/change-logs.ts) take a declared ResourceModel, which these hand-built kinds
// do not have; the rows and the answer are the same.

type Snapshot = Record<string, unknown>;
type Changes = Record<string, { from: unknown; to: unknown }>;

/** Bookkeeping fields every record has; a change log is about what a person changed. */
const IGNORED = new Set(["id", "version", "created_at", "updated_at", "last_login_at"]);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function diff(before: Snapshot | null, after: Snapshot | null): Changes {
  const changes: Changes = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const empty = (v: unknown) => v === null || (Array.isArray(v) && v.length === 0);
  for (const field of fields) {
    if (IGNORED.has(field)) continue;
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    // As the generic kinds' logs do: a create lists what was set, a delete what was there.
    if ((!before && empty(to)) || (!after && empty(from))) continue;
    if (!same(from, to)) changes[field] = { from, to };
  }
  return changes;
}

export interface ChangeEntry {
  tenantId: number;
  kind: Kind;
  recordId: number;
  action: "create" | "update" | "delete";
  userId: number;
  before: Snapshot | null;
  after: Snapshot | null;
}

/** Writes one entry; an update that changed nothing a person sees writes none. */
export async function logChange(db: Database, entry: ChangeEntry): Promise<void> {
  const changes = diff(entry.before, entry.after);
  if (entry.action === "update" && Object.keys(changes).length === 0) return;
  await db.insert(change_logs).values({
    tenant_id: entry.tenantId,
    kind: entry.kind,
    record_id: entry.recordId,
    action: entry.action,
    user_id: entry.userId,
    changes,
  });
}

export interface ChangeLogPage {
  data: {
    id: number;
    action: string;
    changed_at: string;
    user: { id: number; name: string } | null;
    changes: Changes;
  }[];
  meta: { page: number; limit: number; total: number };
}

/** A record's entries, newest first. */
export async function listChanges(
  db: Database,
  where: { tenantId: number; kind: Kind; recordId: number },
  page: number,
  limit: number,
): Promise<ChangeLogPage> {
  const condition = and(
    eq(change_logs.tenant_id, where.tenantId),
    eq(change_logs.kind, where.kind),
    eq(change_logs.record_id, where.recordId),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: change_logs.id,
        action: change_logs.action,
        changed_at: change_logs.changed_at,
        changes: change_logs.changes,
        user_id: users.id,
        user_name: users.name,
      })
      .from(change_logs)
      .leftJoin(users, eq(users.id, change_logs.user_id))
      .where(condition)
      .orderBy(desc(change_logs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: countAll }).from(change_logs).where(condition),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      action: r.action,
      changed_at: r.changed_at.toISOString(),
      user: r.user_id === null || r.user_name === null ? null : { id: r.user_id, name: r.user_name },
      changes: r.changes,
    })),
    meta: { page, limit, total },
  };
}
