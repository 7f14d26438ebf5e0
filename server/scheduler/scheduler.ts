import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { LiveSubject } from "../../src/access/live-subjects";
import { type Database, selectRows } from "../db/open";
import { job_runs, scheduled_jobs } from "../db/schema";
import { notifySubject } from "../live/notify";
import { backoffMs, claimDueJobs, errorSentence, type JobRow, toJob } from "./job-queue";

// The durable scheduler: a poller in each server process claims due jobs (job-queue.ts: FOR UPDATE SKIP
// LOCKED, a lease), then runs each in its own transaction that first locks the job's row again and checks the
// claim is still this process's. The job's effect (a campaign's order and mail order), its "done" mark and its
// run in job_runs commit together, so a job takes effect exactly once: a second process never claims a locked
// row, a process that died mid-run rolled its effect back and its job is claimed again when the lease passes,
// and a claim taken over after a lease passed is noticed before anything is written. A failing job is retried
// with a growing wait (backoffMs) until its attempts are spent, then marked failed; every attempt is recorded.

export interface JobContext {
  tx: Database;
  job: JobRow;
  now: Date;
}

export interface JobHandler {
  /** The job's effect, inside the transaction that marks it done; answers what to record of it. */
  run(ctx: JobContext): Promise<Record<string, unknown>>;
  /** After the last attempt failed, in the transaction that marks it failed (e.g. schedule the next one). */
  failed?(ctx: JobContext): Promise<void>;
  /** Tell live streams of the job's subject (subject_id) when a run starts and ends: fields ["runs", stage]. */
  live?: LiveSubject;
}

export type Outcome = "done" | "retry" | "failed" | "lost";

export interface SchedulerOptions {
  /** Milliseconds between polls; 0: start() does nothing. */
  pollMs: number;
  /** How long a claim lasts before another process may take the job. */
  leaseMs?: number;
  /** Jobs claimed per poll. */
  batch?: number;
  log?: FastifyBaseLogger;
  /** Names this process in locked_by and job_runs. */
  workerId?: string;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;

export class Scheduler {
  readonly workerId: string;
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly options: SchedulerOptions,
  ) {
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /** The handler of a kind of job (a route plugin registers its own). */
  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Polls every pollMs until stop(); a poll's failure (the database away) is logged and the next one tries. */
  start(): void {
    if (this.options.pollMs <= 0 || this.timer || this.stopped) return;
    const tick = () => {
      this.polling = this.runDue()
        .catch((error: unknown) => this.options.log?.error({ err: error }, "Scheduler poll failed"))
        .finally(() => {
          this.polling = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for the poll in flight (its jobs finish or roll back). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
  }

  /** Claims the due jobs and runs them one by one; answers each job's outcome. */
  async runDue(now = new Date()): Promise<Map<number, Outcome>> {
    const outcomes = new Map<number, Outcome>();
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return outcomes;
    const claimed = await claimDueJobs(this.db, this.workerId, {
      now,
      leaseMs: this.options.leaseMs ?? DEFAULT_LEASE_MS,
      limit: this.options.batch ?? 10,
    });
    for (const job of claimed) outcomes.set(job.id, await this.runClaimed(job));
    return outcomes;
  }

  /** Runs one job now when it is waiting (Run now); null when it is not (taken, done, unknown). */
  async runNow(jobId: number, now = new Date()): Promise<Outcome | null> {
    const [job] = await claimDueJobs(this.db, this.workerId, {
      now,
      leaseMs: this.options.leaseMs ?? DEFAULT_LEASE_MS,
      limit: 1,
      ids: [jobId],
    });
    return job ? this.runClaimed(job) : null;
  }

  private async runClaimed(claim: JobRow): Promise<Outcome> {
    const handler = this.handlers.get(claim.kind);
    const startedAt = new Date();
    // The claim is committed: its subject's readers hear that a run started.
    await this.tell(this.db, handler, claim, "started");
    return this.db.transaction(async (tx) => {
      const [row] = await selectRows<Record<string, unknown>>(
        tx,
        sql`select * from scheduled_jobs where id = ${claim.id} for update`,
      );
      const job = row ? toJob(row) : null;
      // Taken over after our lease passed (or cancelled meanwhile): the other claim runs it.
      const ours =
        job?.state === "running" && job.locked_by === this.workerId && job.attempts === claim.attempts;
      if (!job || !ours) return "lost";
      const ctx = { job, now: startedAt };
      try {
        if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
        const result = await tx.transaction((sp) => handler.run({ ...ctx, tx: sp }));
        await this.finish(tx, job, "done", startedAt, { result });
        await this.tell(tx, handler, job, "done");
        return "done";
      } catch (error) {
        const message = errorSentence(error);
        const last = job.attempts >= job.max_attempts;
        this.options.log?.warn(
          { job: job.id, kind: job.kind, attempt: job.attempts, error: message },
          "Job failed",
        );
        if (last && handler?.failed) {
          const failed = handler.failed;
          await tx
            .transaction((sp) => failed({ ...ctx, tx: sp }))
            .catch((e: unknown) => {
              this.options.log?.error({ err: e, job: job.id }, "A failed job's follow-up failed");
            });
        }
        await this.finish(tx, job, last ? "failed" : "retry", startedAt, { error: message });
        await this.tell(tx, handler, job, last ? "failed" : "retry");
        return last ? "failed" : "retry";
      }
    });
  }

  /** A live event of the job's subject (in `db`'s transaction: told on commit); never fails the job. */
  private async tell(
    db: Database,
    handler: JobHandler | undefined,
    job: JobRow,
    stage: string,
  ): Promise<void> {
    if (!handler?.live || !job.subject_id) return;
    const { live } = handler;
    const change = { tenantId: job.tenant_id, recordId: job.subject_id, fields: ["runs", stage] };
    // In a savepoint: a refused NOTIFY leaves the job's own transaction whole.
    await db
      .transaction((sp) => notifySubject(sp, live, change))
      .catch((error: unknown) =>
        this.options.log?.warn({ err: error, job: job.id }, "A job's live event failed"),
      );
  }

  private async finish(
    tx: Database,
    job: JobRow,
    outcome: "done" | "retry" | "failed",
    startedAt: Date,
    what: { result?: Record<string, unknown>; error?: string },
  ): Promise<void> {
    const finishedAt = new Date();
    const state = outcome === "retry" ? "scheduled" : outcome;
    await tx.execute(sql`update ${scheduled_jobs} set state = ${state},
        run_at = ${outcome === "retry" ? new Date(finishedAt.getTime() + backoffMs(job.attempts)) : job.run_at},
        last_error = ${what.error ?? null}, locked_by = null, locked_until = null,
        finished_at = ${outcome === "retry" ? null : finishedAt}, updated_at = ${finishedAt}, version = version + 1
      where id = ${job.id}`);
    await tx.insert(job_runs).values({
      tenant_id: job.tenant_id,
      job_id: job.id,
      kind: job.kind,
      subject_id: job.subject_id,
      attempt: job.attempts,
      outcome,
      error: what.error ?? null,
      result: what.result ?? null,
      worker: this.workerId,
      started_at: startedAt,
      finished_at: finishedAt,
    });
  }
}
