import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../db/open";
import { scheduled_jobs } from "../db/schema";
import { HttpError } from "../http/errors";

// The durable scheduler's table work (the table: scheduled_jobs in server/db/schema.ts): putting a job in,
// claiming due jobs with FOR UPDATE SKIP LOCKED so two processes never take the same one, and the backoff
// between attempts. The poller and the running of a claimed job are scheduler.ts.

export type JobState = "scheduled" | "running" | "done" | "failed" | "cancelled";

export interface JobRow {
  id: number;
  tenant_id: number;
  kind: string;
  subject_id: number | null;
  payload: Record<string, unknown>;
  dedupe_key: string | null;
  run_at: Date;
  state: JobState;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  locked_until: Date | null;
}

export interface NewJob {
  tenantId: number;
  kind: string;
  subjectId?: number | null;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** One job per (tenant, kind, key): a second enqueue of the key revives a cancelled one, else does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** The first retry waits this long; each further one twice as long as the one before. */
export const FIRST_BACKOFF_MS = 60_000;
export const LONGEST_BACKOFF_MS = 6 * 3_600_000;

/** The wait before the attempt after `attempt` (1 = the first attempt failed): 1 min, 2, 4, 8 … at most 6 h. */
export function backoffMs(attempt: number): number {
  return Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempt - 1));
}

/** Puts a job in; answers its id, or null when its dedupe key is already taken by a job not cancelled. */
export async function enqueueJob(tx: Database, job: NewJob): Promise<number | null> {
  const values = {
    tenant_id: job.tenantId,
    kind: job.kind,
    subject_id: job.subjectId ?? null,
    payload: job.payload ?? {},
    dedupe_key: job.dedupeKey ?? null,
    run_at: job.runAt,
    max_attempts: job.maxAttempts ?? 5,
  };
  const [row] = await tx
    .insert(scheduled_jobs)
    .values(values)
    .onConflictDoUpdate({
      target: [scheduled_jobs.tenant_id, scheduled_jobs.kind, scheduled_jobs.dedupe_key],
      set: {
        state: "scheduled",
        run_at: values.run_at,
        payload: values.payload,
        attempts: 0,
        last_error: null,
        finished_at: null,
        updated_at: new Date(),
        version: sql`${scheduled_jobs.version} + 1`,
      },
      setWhere: sql`${scheduled_jobs.state} = 'cancelled'`,
    })
    .returning({ id: scheduled_jobs.id });
  return row?.id ?? null;
}

/** Cancels a subject's jobs still waiting (not the running one), e.g. a paused campaign's next run. */
export async function cancelWaitingJobs(
  tx: Database,
  tenantId: number,
  kind: string,
  subjectId: number,
): Promise<void> {
  await tx.execute(sql`update scheduled_jobs set state = 'cancelled', updated_at = now(), version = version + 1
    where tenant_id = ${tenantId} and kind = ${kind} and subject_id = ${subjectId} and state = 'scheduled'`);
}

const due = (now: Date) =>
  sql`((state = 'scheduled' and run_at <= ${now}) or (state = 'running' and locked_until < ${now}))`;

/**
 * Claims up to `limit` due jobs for `worker` until now + leaseMs: the scheduled ones whose time has come and
 * the running ones whose lease has passed (their process died). Rows another transaction holds are skipped,
 * so two pollers never claim one job. `ids`: only these jobs (Run now). Nothing due writes nothing.
 */
export async function claimDueJobs(
  db: Database,
  worker: string,
  options: { now: Date; leaseMs: number; limit: number; ids?: number[] },
): Promise<JobRow[]> {
  const { now, leaseMs, limit, ids } = options;
  const only = ids
    ? sql` and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [any] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from scheduled_jobs where ${due(now)}${only} limit 1) d`,
  );
  if (!any || any.n === 0) return [];
  const until = new Date(now.getTime() + leaseMs);
  return db.transaction(async (tx) => {
    const rows = await selectRows<Record<string, unknown>>(
      tx,
      sql`update scheduled_jobs j set state = 'running', locked_by = ${worker}, locked_until = ${until},
          attempts = j.attempts + 1, updated_at = ${now}, version = j.version + 1
        from (select id from scheduled_jobs where ${due(now)}${only}
              order by run_at, id limit ${limit} for update skip locked) d
        where j.id = d.id
        returning j.*`,
    );
    return rows.map(toJob);
  });
}

/** A raw row (snake_case, timestamps as strings on some drivers) as a JobRow. */
export function toJob(row: Record<string, unknown>): JobRow {
  const date = (v: unknown) =>
    v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));
  return {
    id: Number(row.id),
    tenant_id: Number(row.tenant_id),
    kind: String(row.kind),
    subject_id: row.subject_id === null || row.subject_id === undefined ? null : Number(row.subject_id),
    payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<
      string,
      unknown
    >,
    dedupe_key: (row.dedupe_key as string | null) ?? null,
    run_at: date(row.run_at) as Date,
    state: row.state as JobState,
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    last_error: (row.last_error as string | null) ?? null,
    locked_by: (row.locked_by as string | null) ?? null,
    locked_until: date(row.locked_until),
  };
}

/** An error as one sentence a person can act on: a refusal's field messages, never a stack. */
export function errorSentence(error: unknown): string {
  if (error instanceof HttpError) {
    const details = (error.errors ?? []).map((e) => e.message);
    return (details.length > 0 ? details.join("; ") : error.message).slice(0, 2000);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}
