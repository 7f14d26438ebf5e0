import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { type DatabaseHandle, openDatabase, selectRows } from "../../server/db/open";
import { claimDueJobs, FIRST_BACKOFF_MS } from "../../server/scheduler/job-queue";
import { DEFAULT_LEASE_MS } from "../../server/scheduler/scheduler";
import {
  bearer,
  createTestApp,
  createTestDatabase,
  DEMO_PASSWORD,
  describeEachStore,
  describeOnStore,
  signIn,
  spawnServer,
  type TestApp,
  type TestDatabase,
} from "./helpers";

// Automated campaigns and the durable scheduler (issue 22): settings checked, a due run taken once and making
// an order with its mail order and drops through the mail-order rules, the next run scheduled, a refused run
// retried with backoff and then marked failed, a dead process's claim taken over after its lease, paused
// campaigns not run, MailOrder's permissions, another tenant's campaigns unseen; and on PostgreSQL, two app
// instances polling one database: a due campaign makes exactly one mail order.

type Json = Record<string, unknown>;
const call = async (app: FastifyInstance, method: string, url: string, token: string, payload?: unknown) => {
  const res = await app.inject({
    method: method as "GET",
    url: `/api/v1/${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: res.statusCode,
    body: res.json() as { data: Json & Json[]; errors?: Json[]; message?: string },
  };
};

interface Fixture {
  customer: number;
  otherCustomer: number;
  list: number;
  listPieces: number;
  product: number;
}

/** A customer's mailing list with records, another customer, a product: as the seed left them. */
async function fixture(db: DatabaseHandle["db"]): Promise<Fixture> {
  const [list] = await selectRows<{ id: number; customer_id: number; n: number }>(
    db,
    sql`select id, customer_id, record_count as n
      from lists where tenant_id = 1 and customer_id is not null and record_count >= 200 order by id limit 1`,
  );
  const [other] = await selectRows<{ id: number }>(
    db,
    sql`select id from customers where tenant_id = 1 and id <> ${list.customer_id} order by id limit 1`,
  );
  const [product] = await selectRows<{ id: number }>(
    db,
    sql`select id from products where tenant_id = 1 order by id limit 1`,
  );
  return {
    customer: list.customer_id,
    otherCustomer: other.id,
    list: list.id,
    listPieces: list.n,
    product: product.id,
  };
}

const monthly = (f: Fixture, extra: Json = {}) => ({
  name: "Monthly postcards",
  customer_id: f.customer,
  list_id: f.list,
  product_id: f.product,
  cadence: "monthly",
  day_of_month: 15,
  quantity_source: "fixed",
  quantity: 100,
  drop_count: 2,
  ...extra,
});

const count = async (db: DatabaseHandle["db"], query: ReturnType<typeof sql>) =>
  Number((await selectRows<{ n: number }>(db, query))[0]?.n ?? 0);

/** Makes the campaign's waiting job due a minute ago. */
const makeDue = (db: DatabaseHandle["db"], campaignId: number) =>
  db.execute(sql`update scheduled_jobs set run_at = now() - interval '1 minute'
    where subject_id = ${campaignId} and kind = 'campaign.run' and state = 'scheduled'`);

/** The seed's campaigns wait for their next run (tomorrow's at the soonest); one that came due during a run
 * would join the outcomes counted here, so their jobs are cancelled first. */
const quiet = (db: DatabaseHandle["db"]) =>
  db.execute(sql`update scheduled_jobs set state = 'cancelled' where state = 'scheduled'`);

describeEachStore("automated campaigns", (kind) => {
  let t: TestApp;
  let admin = "";
  let press = "";
  let other = "";
  let f: Fixture;
  let db: DatabaseHandle["db"];

  /** The outcomes of the due campaign runs (the SMS a run's new order queues for its customer is not counted). */
  const runDueCampaigns = async () => {
    const outcomes = await t.app.scheduler.runDue();
    const ids = [...outcomes.keys()];
    if (ids.length === 0) return [];
    const campaignJobs = await selectRows<{ id: number }>(
      db,
      sql`select id from scheduled_jobs where kind = 'campaign.run' and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const keep = new Set(campaignJobs.map((j) => j.id));
    return ids.filter((id) => keep.has(id)).map((id) => outcomes.get(id));
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    db = t.database.db;
    [admin, press, other] = await Promise.all([
      signIn(t.app, "admin@pressroom.test"),
      signIn(t.app, "press@pressroom.test"),
      signIn(t.app, "admin@other.test", 2),
    ]);
    f = await fixture(db);
    await quiet(db);
  });
  afterAll(async () => t?.dispose());

  it.each([
    [
      "a monthly campaign without its day",
      { day_of_month: null },
      "day_of_month",
      "Choose the day of the month",
    ],
    [
      "a yearly one on 30 February",
      { cadence: "yearly", month: 2, day_of_month: 30 },
      "day_of_month",
      "February has 29 days",
    ],
    [
      "a quarterly one in the 4th month",
      { cadence: "quarterly", month: 4 },
      "month",
      "1st, 2nd or 3rd month",
    ],
    ["a list_join one without its delay", { cadence: "list_join" }, "delay_days", "how many days after"],
    ["a fixed quantity left out", { quantity: null }, "quantity", "how many pieces"],
    ["five drops", { drop_count: 5 }, "drop_count", "at most 4"],
    ["an unknown cadence", { cadence: "weekly" }, "cadence", "Choose monthly"],
    ["an unknown field", { colour: "red" }, "body", ""],
  ])("refuses %s (400 on the field)", async (_, change, field, message) => {
    const before = await count(db, sql`select count(*)::int as n from campaigns`);
    const res = await call(t.app, "POST", "campaigns", admin, monthly(f, change));
    expect(res.status).toBe(400);
    const error = res.body.errors?.find((e) => e.field === field || (field === "body" && e.field === ""));
    expect(error ?? res.body.errors).toBeDefined();
    if (message) expect(String(error?.message)).toContain(message);
    expect(await count(db, sql`select count(*)::int as n from campaigns`)).toBe(before);
  });

  it("refuses another customer's list and an unknown product", async () => {
    const res = await call(
      t.app,
      "POST",
      "campaigns",
      admin,
      monthly(f, { customer_id: f.otherCustomer, product_id: 2_000_000 }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(["list_id", "product_id"]);
    expect(String(res.body.errors?.find((e) => e.field === "list_id")?.message)).toContain(
      "another customer's",
    );
  });

  it("needs MailOrder Create to create, and another tenant sees none of it", async () => {
    expect((await call(t.app, "POST", "campaigns", press, monthly(f))).status).toBe(403);
    const created = await call(t.app, "POST", "campaigns", admin, monthly(f, { name: "Tenant one's" }));
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await call(t.app, "GET", `campaigns/${id}`, other)).status).toBe(404);
    expect((await call(t.app, "POST", `campaigns/${id}/run`, other)).status).toBe(404);
    expect((await call(t.app, "PATCH", `campaigns/${id}`, other, { version: 1, name: "x" })).status).toBe(
      404,
    );
    const list = await call(t.app, "GET", "campaigns", other);
    expect(list.body.data.map((c) => c.id)).not.toContain(id);
  });

  it("the seed's two campaigns show their past runs, a failed attempt among them", async () => {
    const seeded = await selectRows<{ id: number; cadence: string; list_id: number }>(
      db,
      sql`select id, cadence, list_id from campaigns where tenant_id = 1 and id <= 2 order by id`,
    );
    expect(seeded.map((c) => c.cadence)).toEqual(["monthly", "list_join"]);
    const monthlyRuns = (await call(t.app, "GET", `campaigns/${seeded[0].id}/runs`, admin)).body
      .data as unknown as {
      runs: Json[];
    };
    expect(monthlyRuns.runs.map((r) => r.outcome)).toContain("retry");
    const done = monthlyRuns.runs.filter((r) => r.outcome === "done");
    expect(done.length).toBeGreaterThan(0);
    for (const run of done) {
      const mailOrder = await call(
        t.app,
        "GET",
        `mail-orders/${(run.result as Json).mail_order_id as number}`,
        admin,
      );
      expect(mailOrder.body.data.list_ids).toContain(seeded[0].list_id);
    }
  });

  it("pages a campaign's run history, newest first, with its total", async () => {
    const [seeded] = await selectRows<{ id: number; n: number }>(
      db,
      sql`select c.id, (select count(*)::int from job_runs r where r.tenant_id = 1 and r.kind = 'campaign.run'
          and r.subject_id = c.id) as n from campaigns c where c.tenant_id = 1 and c.id = 1`,
    );
    expect(seeded.n).toBeGreaterThanOrEqual(3);
    const ids = await selectRows<{ id: number }>(
      db,
      sql`select id from job_runs where tenant_id = 1 and kind = 'campaign.run' and subject_id = ${seeded.id} order by id desc`,
    );
    const page = async (query: string) =>
      (await call(t.app, "GET", `campaigns/${seeded.id}/runs?${query}`, admin)).body;
    const second = (await page("page=2&limit=2")).data as unknown as Json;
    expect((second.runs as Json[]).map((r) => r.id)).toEqual(ids.slice(2, 4).map((r) => r.id));
    expect([second.page, second.limit, second.total]).toEqual([2, 2, seeded.n]);
    const first = (await page("")).data as unknown as Json;
    expect((first.runs as Json[]).length).toBe(Math.min(seeded.n, 25));
    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["page=first", "page"],
      ["sort=id", ""],
    ]) {
      const res = await call(t.app, "GET", `campaigns/${seeded.id}/runs?${query}`, admin);
      expect(res.status, query).toBe(400);
      if (field)
        expect(
          res.body.errors?.map((e) => e.field),
          query,
        ).toEqual([field]);
    }
  });

  it("creates a campaign with its next run at 06:00 local on the 15th, and that run waiting as a job", async () => {
    const res = await call(t.app, "POST", "campaigns", admin, monthly(f));
    expect(res.status).toBe(201);
    const c = res.body.data;
    expect(c).toMatchObject({
      customer_id: f.customer,
      list_id: f.list,
      active: true,
      version: 1,
      month: null,
    });
    const [tz] = await selectRows<{ tz: string }>(
      db,
      sql`select timezone as tz from facilities where tenant_id = 1 order by id limit 1`,
    );
    const next = new Date(String(c.next_run_at));
    const local = new Intl.DateTimeFormat("en-CA", {
      timeZone: tz?.tz ?? "UTC",
      day: "2-digit",
      hour: "2-digit",
      hour12: false,
    }).format(next);
    expect(local.replace(/\D+/g, " ").trim()).toBe("15 06");
    expect(next.getTime()).toBeGreaterThan(Date.now());
    const jobs = await selectRows<{ run_at: Date; state: string }>(
      db,
      sql`select run_at, state from scheduled_jobs where subject_id = ${c.id as number} and kind = 'campaign.run'`,
    );
    expect(jobs.map((j) => [new Date(j.run_at).toISOString(), j.state])).toEqual([
      [next.toISOString(), "scheduled"],
    ]);
  });

  it("runs a due campaign once: an order, its mail order with equal drops on mailing days, the next run scheduled", async () => {
    const c = (await call(t.app, "POST", "campaigns", admin, monthly(f, { name: "Due now", quantity: 101 })))
      .body.data;
    const id = c.id as number;
    await makeDue(db, id);
    expect(await runDueCampaigns()).toEqual(["done"]);
    expect(await runDueCampaigns()).toEqual([]);

    const runs = (await call(t.app, "GET", `campaigns/${id}/runs`, admin)).body.data as unknown as {
      runs: Json[];
      waiting: Json[];
    };
    expect(runs.runs).toHaveLength(1);
    const result = runs.runs[0].result as Json;
    expect(runs.runs[0]).toMatchObject({ outcome: "done", attempt: 1, error: null });
    expect(result.pieces).toBe(101);

    const mailOrder = await call(t.app, "GET", `mail-orders/${result.mail_order_id as number}`, admin);
    expect(mailOrder.status).toBe(200);
    expect(mailOrder.body.data).toMatchObject({
      order_id: result.order_id,
      customer_id: f.customer,
      piece_count: 101,
      list_ids: [f.list],
    });
    const drops = mailOrder.body.data.drops as Json[];
    expect(drops.map((d) => d.quantity)).toEqual([51, 50]);
    for (const d of drops) {
      const day = new Date(`${String(d.scheduled_date)}T00:00:00Z`).getUTCDay();
      expect(day === 0 || day === 6).toBe(false);
    }
    const order = await call(t.app, "GET", `orders/${result.order_id as number}`, admin);
    expect(order.body.data.customer_id).toBe(f.customer);
    expect((order.body.data.items as Json[]).map((i) => i.quantity)).toEqual([101]);

    // The next run: the following occurrence, waiting; the campaign says so.
    expect(runs.waiting).toHaveLength(1);
    const after = (await call(t.app, "GET", `campaigns/${id}`, admin)).body.data;
    expect(new Date(String(runs.waiting[0].run_at)).toISOString()).toBe(
      new Date(String(after.next_run_at)).toISOString(),
    );
    expect(new Date(String(after.next_run_at)).getTime()).toBeGreaterThan(Date.now());
    expect(after.last_outcome).toBe("done");
  });

  it("retries a refused run with a growing wait, then marks it failed and schedules the next", async () => {
    const c = (
      await call(
        t.app,
        "POST",
        "campaigns",
        admin,
        monthly(f, { name: "Too many", quantity: f.listPieces + 1, drop_count: 1 }),
      )
    ).body.data;
    const id = c.id as number;
    await makeDue(db, id);
    const startedAt = Date.now();
    expect(await runDueCampaigns()).toEqual(["retry"]);
    const [job] = await selectRows<{
      id: number;
      state: string;
      attempts: number;
      run_at: Date;
      last_error: string;
    }>(
      db,
      sql`select id, state, attempts, run_at, last_error from scheduled_jobs where subject_id = ${id} and kind = 'campaign.run'`,
    );
    expect(job).toMatchObject({ state: "scheduled", attempts: 1 });
    expect(job.last_error).toContain("more than the");
    const wait = new Date(job.run_at).getTime() - startedAt;
    expect(wait).toBeGreaterThanOrEqual(FIRST_BACKOFF_MS - 1000);
    expect(wait).toBeLessThan(FIRST_BACKOFF_MS + 30_000);
    // Not due yet: nothing runs.
    expect(await runDueCampaigns()).toEqual([]);
    // The second attempt waits twice as long.
    await makeDue(db, id);
    expect(await runDueCampaigns()).toEqual(["retry"]);
    const [second] = await selectRows<{ run_at: Date }>(
      db,
      sql`select run_at from scheduled_jobs where id = ${job.id}`,
    );
    expect(new Date(second.run_at).getTime() - Date.now()).toBeGreaterThan(2 * FIRST_BACKOFF_MS - 30_000);
    // Its last attempt: failed, and the campaign goes on to its next occurrence.
    await db.execute(
      sql`update scheduled_jobs set attempts = max_attempts - 1, run_at = now() - interval '1 second' where id = ${job.id}`,
    );
    expect(await runDueCampaigns()).toEqual(["failed"]);
    const runs = (await call(t.app, "GET", `campaigns/${id}/runs`, admin)).body.data as unknown as {
      runs: Json[];
      waiting: Json[];
    };
    expect(runs.runs.map((r) => r.outcome)).toEqual(["failed", "retry", "retry"]);
    expect(String(runs.runs[0].error)).toContain("more than the");
    expect(runs.waiting).toHaveLength(1);
    expect(runs.waiting[0].attempts).toBe(0);
    expect(
      await count(db, sql`select count(*)::int as n from orders where customer_po = ${`Campaign ${id}`}`),
    ).toBe(0);
  });

  it("mails a list_join campaign's contacts of N days ago, a list campaign's valid records, on an anniversary", async () => {
    const [tz] = await selectRows<{ tz: string }>(
      db,
      sql`select timezone as tz from facilities where tenant_id = 1 order by id limit 1`,
    );
    // Three contacts joined the list 7 days ago (local noon), one 6 days ago: a week's delay mails the three.
    await db.execute(sql`insert into list_records (tenant_id, list_id, row_no, cells, created_at)
      select 1, ${f.list}, 900000 + n, '["x"]'::jsonb,
        ((now() at time zone ${tz.tz})::date - (case when n = 4 then 6 else 7 end) + time '12:00') at time zone ${tz.tz}
      from generate_series(1, 4) n`);
    const joined = (
      await call(
        t.app,
        "POST",
        "campaigns",
        admin,
        monthly(f, { name: "Welcome", cadence: "list_join", delay_days: 7 }),
      )
    ).body.data;
    expect(joined).toMatchObject({
      cadence: "list_join",
      delay_days: 7,
      day_of_month: null,
      quantity: null,
      quantity_source: "list",
    });
    const ran = await call(t.app, "POST", `campaigns/${joined.id as number}/run`, admin);
    expect(((ran.body.data.run as Json).result as Json).pieces).toBe(3);

    const whole = (
      await call(
        t.app,
        "POST",
        "campaigns",
        admin,
        monthly(f, { name: "Whole list", quantity_source: "list", quantity: null }),
      )
    ).body.data;
    const [list] = await selectRows<{ n: number }>(
      db,
      sql`select (case when valid_count > 0 then valid_count else record_count end)::int as n from lists where id = ${f.list}`,
    );
    const wholeRun = await call(t.app, "POST", `campaigns/${whole.id as number}/run`, admin);
    expect(((wholeRun.body.data.run as Json).result as Json).pieces).toBe(list.n);

    const [customer] = await selectRows<{ since: string }>(
      db,
      sql`select to_char(created_at, 'MM-DD') as since from customers where id = ${f.customer}`,
    );
    const anniversary = (
      await call(
        t.app,
        "POST",
        "campaigns",
        admin,
        monthly(f, { name: "Anniversary", cadence: "anniversary" }),
      )
    ).body.data;
    const next = new Date(String(anniversary.next_run_at));
    const local = new Intl.DateTimeFormat("en-CA", {
      timeZone: tz.tz,
      month: "2-digit",
      day: "2-digit",
    }).format(next);
    const expected = customer.since === "02-29" ? ["02-28", "02-29"] : [customer.since];
    expect(expected).toContain(local);
  });

  it("the server's poller, started at ready, runs a due campaign by itself and stops on close", async () => {
    const c = (await call(t.app, "POST", "campaigns", admin, monthly(f, { name: "Polled" }))).body.data;
    const id = c.id as number;
    const server = buildApp({ database: t.database, config: { schedulerPollMs: 50 }, startScheduler: true });
    await server.ready();
    try {
      await makeDue(db, id);
      await expect
        .poll(
          () =>
            count(
              db,
              sql`select count(*)::int as n from job_runs where subject_id = ${id} and outcome = 'done'`,
            ),
          {
            timeout: 10_000,
          },
        )
        .toBe(1);
      const [run] = await selectRows<{ worker: string }>(
        db,
        sql`select worker from job_runs where subject_id = ${id}`,
      );
      expect(run.worker).toBe(server.scheduler.workerId);
    } finally {
      await server.close();
    }
    // Stopped: a job due now waits.
    await makeDue(db, id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count(db, sql`select count(*)::int as n from job_runs where subject_id = ${id}`)).toBe(1);
    await quiet(db);
  });

  it("takes over a dead process's claim once its lease has passed, and runs it once", async () => {
    const c = (await call(t.app, "POST", "campaigns", admin, monthly(f, { name: "Crashed" }))).body.data;
    const id = c.id as number;
    await makeDue(db, id);
    const now = new Date();
    const [dead] = await claimDueJobs(db, "dead-process", { now, leaseMs: DEFAULT_LEASE_MS, limit: 10 });
    expect(dead).toMatchObject({ subject_id: id, state: "running", locked_by: "dead-process" });
    expect((await t.app.scheduler.runDue(now)).size).toBe(0);
    const later = new Date(now.getTime() + DEFAULT_LEASE_MS + 1000);
    expect([...(await t.app.scheduler.runDue(later)).values()]).toEqual(["done"]);
    expect(
      await count(db, sql`select count(*)::int as n from orders where customer_po = ${`Campaign ${id}`}`),
    ).toBe(1);
    const [run] = await selectRows<{ attempt: number; worker: string }>(
      db,
      sql`select attempt, worker from job_runs where subject_id = ${id} and kind = 'campaign.run'`,
    );
    expect(run).toEqual({ attempt: 2, worker: t.app.scheduler.workerId });
  });

  it("pauses (no next run, a due one skipped), resumes, refuses a stale version, runs now while paused", async () => {
    const c = (await call(t.app, "POST", "campaigns", admin, monthly(f, { name: "Pausable" }))).body.data;
    const id = c.id as number;
    expect((await call(t.app, "POST", `campaigns/${id}/pause`, press, { version: 1 })).status).toBe(403);
    const paused = await call(t.app, "POST", `campaigns/${id}/pause`, admin, { version: 1 });
    expect(paused.body.data).toMatchObject({ active: false, next_run_at: null, version: 2 });
    const stale = await call(t.app, "POST", `campaigns/${id}/resume`, admin, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain("Reload it");
    await makeDue(db, id);
    expect(await runDueCampaigns()).toEqual([]);

    const now = await call(t.app, "POST", `campaigns/${id}/run`, admin);
    expect(now.body.data).toMatchObject({ outcome: "done" });
    expect(((now.body.data.run as Json).result as Json).pieces).toBe(100);
    expect(
      await count(db, sql`select count(*)::int as n from orders where customer_po = ${`Campaign ${id}`}`),
    ).toBe(1);

    const resumed = await call(t.app, "POST", `campaigns/${id}/resume`, admin, { version: 3 });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.active).toBe(true);
    expect(resumed.body.data.next_run_at).not.toBeNull();
    const edited = await call(t.app, "PATCH", `campaigns/${id}`, admin, {
      version: 4,
      cadence: "yearly",
      month: 2,
      day_of_month: 29,
    });
    expect(edited.status).toBe(200);
    const next = new Date(String(edited.body.data.next_run_at));
    expect([1, 2]).toContain(next.getUTCMonth()); // 28 Feb or 29 Feb (06:00 local is still that day in UTC, or 1 Mar)
    expect(
      await count(
        db,
        sql`select count(*)::int as n from scheduled_jobs where subject_id = ${id} and state = 'scheduled'`,
      ),
    ).toBe(1);
    const filtered = await call(t.app, "GET", "campaigns?cadence=yearly&active=true&q=pausable", admin);
    expect(filtered.body.data.map((r) => r.id)).toEqual([id]);
    expect((await call(t.app, "GET", "campaigns?cadence=weekly", admin)).status).toBe(400);
  });

  it("keeps a change log of a campaign's settings: who changed what, newest first, a page at a time", async () => {
    const c = (await call(t.app, "POST", "campaigns", admin, monthly(f, { name: "Logged" }))).body.data;
    const id = c.id as number;
    expect(
      (await call(t.app, "PATCH", `campaigns/${id}`, admin, { version: 1, day_of_month: 20, name: "Logged" }))
        .status,
    ).toBe(200);
    expect((await call(t.app, "POST", `campaigns/${id}/pause`, admin, { version: 2 })).status).toBe(200);
    const log = await call(t.app, "GET", `campaigns/${id}/change-logs`, admin);
    expect(log.status).toBe(200);
    const rows = log.body.data as Json[];
    expect(rows.map((r) => [r.action, (r.user as Json).name, r.changes])).toEqual([
      ["update", "Avery Admin", { active: { from: true, to: false } }],
      ["update", "Avery Admin", { day_of_month: { from: 15, to: 20 } }],
      [
        "create",
        "Avery Admin",
        expect.objectContaining({
          name: { from: null, to: "Logged" },
          cadence: { from: null, to: "monthly" },
          day_of_month: { from: null, to: 15 },
          quantity: { from: null, to: 100 },
        }),
      ],
    ]);
    const second = await call(t.app, "GET", `campaigns/${id}/change-logs?page=2&limit=1`, admin);
    expect((second.body.data as Json[]).map((r) => r.changes)).toEqual([
      { day_of_month: { from: 15, to: 20 } },
    ]);
    expect((second.body as unknown as { meta: Json }).meta).toEqual({ page: 2, limit: 1, total: 3 });
    expect((await call(t.app, "GET", `campaigns/${id}/change-logs`, other)).status).toBe(404);
    expect((await call(t.app, "GET", `campaigns/${id}/change-logs?limit=500`, admin)).status).toBe(400);
  });

  it("deletes a campaign with its waiting run cancelled; refused while a run is in progress", async () => {
    const c = (await call(t.app, "POST", "campaigns", admin, monthly(f, { name: "Deletable" }))).body.data;
    const id = c.id as number;
    const jobs = (state: string) =>
      count(
        db,
        sql`select count(*)::int as n from scheduled_jobs where kind = 'campaign.run' and subject_id = ${id} and state = ${state}`,
      );
    expect(await jobs("scheduled")).toBe(1);
    expect((await call(t.app, "DELETE", `campaigns/${id}`, press, { version: 1 })).status).toBe(403);
    expect((await call(t.app, "DELETE", `campaigns/${id}`, other, { version: 1 })).status).toBe(404);
    const stale = await call(t.app, "DELETE", `campaigns/${id}`, admin, { version: 2 });
    expect([stale.status, stale.body.message]).toEqual([
      409,
      "This campaign was changed by someone else (or by a run) since you opened it. Reload it and try again.",
    ]);
    expect((await call(t.app, "DELETE", `campaigns/${id}`, admin, {})).status).toBe(400);
    await db.execute(
      sql`update scheduled_jobs set state = 'running', locked_until = now() + interval '5 minutes'
        where kind = 'campaign.run' and subject_id = ${id} and state = 'scheduled'`,
    );
    const busy = await call(t.app, "DELETE", `campaigns/${id}`, admin, { version: 1 });
    expect([busy.status, busy.body.message]).toEqual([
      409,
      "A run of this campaign is in progress: delete it once the run has finished.",
    ]);
    expect((await call(t.app, "GET", `campaigns/${id}`, admin)).status).toBe(200);
    await db.execute(
      sql`update scheduled_jobs set state = 'scheduled', locked_until = null
        where kind = 'campaign.run' and subject_id = ${id} and state = 'running'`,
    );
    const gone = await call(t.app, "DELETE", `campaigns/${id}`, admin, { version: 1 });
    expect([gone.status, gone.body.data]).toEqual([200, { id }]);
    expect((await call(t.app, "GET", `campaigns/${id}`, admin)).status).toBe(404);
    expect([await jobs("scheduled"), await jobs("cancelled")]).toEqual([0, 1]);
    expect((await call(t.app, "DELETE", `campaigns/${id}`, admin, { version: 1 })).status).toBe(404);
  });
});

describeOnStore("postgres", "a due campaign with two app instances on one PostgreSQL", () => {
  let db: TestDatabase;
  let second: DatabaseHandle;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await createTestDatabase("postgres");
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${db.name}`;
    second = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    for (const database of [db.handle, second]) {
      const app = buildApp({ database, config: { schedulerPollMs: 20 }, startScheduler: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await db?.dispose();
  });

  it("makes exactly one mail order however the two pollers race", async () => {
    const f = await fixture(db.handle.db);
    await quiet(db.handle.db);
    const token = await signIn(apps[0], "admin@pressroom.test");
    const created = await call(apps[0], "POST", "campaigns", token, monthly(f, { name: "Raced" }));
    const id = created.body.data.id as number;
    await makeDue(db.handle.db, id);
    // Both poll at once, several times, as two processes' timers would.
    const outcomes = await Promise.all([0, 1, 2, 3].map((i) => apps[i % 2].scheduler.runDue()));
    expect(outcomes.flatMap((o) => [...o.values()])).toEqual(["done"]);
    // And both pollers running for a while change nothing more.
    for (const app of apps) app.scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const app of apps) await app.scheduler.stop();
    const po = `Campaign ${id}`;
    expect(
      await count(db.handle.db, sql`select count(*)::int as n from orders where customer_po = ${po}`),
    ).toBe(1);
    expect(
      await count(
        db.handle.db,
        sql`select count(*)::int as n from mail_orders m join orders o on o.id = m.order_id where o.customer_po = ${po}`,
      ),
    ).toBe(1);
    expect(
      await count(db.handle.db, sql`select count(*)::int as n from job_runs where subject_id = ${id}`),
    ).toBe(1);
  });
  it("two server processes (npm start's bundle), each polling every 50 ms, run a due campaign once", {
    timeout: 120_000,
  }, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${db.name}`;
    const env = {
      DATABASE_URL: url.toString(),
      WEB_CONCURRENCY: "1",
      STATIC_DIR: "/nonexistent",
      SCHEDULER_POLL_MS: "50",
    };
    const servers = [spawnServer(env), spawnServer(env)];
    try {
      const [base] = await Promise.all(servers.map((s) => s.ready));
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@pressroom.test", password: DEMO_PASSWORD, tenantId: 1 }),
      });
      const token = ((await login.json()) as { data: { sessionCookie: string } }).data.sessionCookie;
      const f = await fixture(db.handle.db);
      const created = await fetch(`${base}/api/v1/campaigns`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(monthly(f, { name: "Two processes" })),
      });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { data: { id: number } }).data.id;
      await quiet(db.handle.db);
      await db.handle.db.execute(sql`update scheduled_jobs set state = 'scheduled', run_at = now() - interval '1 minute'
        where subject_id = ${id} and kind = 'campaign.run'`);
      const done = sql`select count(*)::int as n from job_runs where subject_id = ${id} and outcome = 'done'`;
      await expect.poll(() => count(db.handle.db, done), { timeout: 20_000 }).toBe(1);
      // Both go on polling for a while: nothing more happens.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const po = `Campaign ${id}`;
      expect(
        await count(db.handle.db, sql`select count(*)::int as n from orders where customer_po = ${po}`),
      ).toBe(1);
      expect(
        await count(db.handle.db, sql`select count(*)::int as n from job_runs where subject_id = ${id}`),
      ).toBe(1);
      const [run] = await selectRows<{ worker: string }>(
        db.handle.db,
        sql`select worker from job_runs where subject_id = ${id}`,
      );
      const pids = servers.map((s) => String(s.child.pid));
      expect(pids).toContain(run.worker.split(":")[1]);
    } finally {
      for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGTERM");
      await Promise.all(servers.map((s) => s.exited));
    }
  });
});
