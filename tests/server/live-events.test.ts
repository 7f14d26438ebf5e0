import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { LISTENER_NAME } from "../../server/db/listener";
import { type DatabaseHandle, openDatabase } from "../../server/db/open";
import { writeChangeLogs } from "../../server/resources/change-logs";
import { type Api, api, makeOrder, type Saved } from "./domain-fixtures";
import {
  createTestApp,
  createTestDatabase,
  describeEachStore,
  describeOnStore,
  getProfile,
  signIn,
  type TestApp,
  type TestDatabase,
} from "./helpers";

// Issue 18, live updates: GET /api/v1/events over a real socket (light-my-request waits for the
// end of an answer, and a stream has none). A write by one user reaches another's open stream with
// its path, id, action, version and changed fields; nothing of a refused or rolled-back write;
// nothing across tenants or to a caller without Read of the kind; a ReadOwn reader only their own;
// Last-Event-ID resumes, or resets when too old; no token is a 401.
//
// Negative checks end with a fence: a write the same stream must see, written after the ones it
// must not. Events arrive in commit order, so once the fence is in, anything else would be too.

interface Received {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

interface Stream {
  events: Received[];
  comments: string[];
  status: number;
  contentType: string | null;
  /** Resolves with the first event matching, waiting up to 5 s. */
  waitFor(match: (e: Received) => boolean): Promise<Received>;
  close(): void;
}

async function openStream(base: string, token: string | null, lastEventId?: string): Promise<Stream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
  const res = await fetch(`${base}/api/v1/events`, { headers, signal: controller.signal });
  const events: Received[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const stream: Stream = {
    events,
    comments,
    status: res.status,
    contentType: res.headers.get("content-type"),
    waitFor: (match) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check as () => void);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check as () => void);
          reject(new Error(`no matching event; got ${JSON.stringify(events)}`));
        }, 5000);
        if (!check()) waiters.add(check as () => void);
      }),
    close: () => controller.abort(),
  };
  if (res.status !== 200 || !res.body) return stream;
  // A small reader of the format: blocks split by blank lines, `field: value` lines, comments.
  void (async () => {
    const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        text += chunk.value;
        let end = text.indexOf("\n\n");
        while (end >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          end = text.indexOf("\n\n");
          const fields: Record<string, string> = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else {
              const at = line.indexOf(":");
              fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
            }
          }
          if (fields.data !== undefined) {
            events.push({ id: fields.id, event: fields.event ?? "message", data: JSON.parse(fields.data) });
            for (const waiter of [...waiters]) waiter();
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return stream;
}

const isChange = (path: string, id: number) => (e: Received) =>
  e.event === "change" && e.data.path === path && e.data.id === id;

describeEachStore("live updates (%s)", (dbKind) => {
  let t: TestApp;
  let base: string;
  let admin: Api;
  let csr: Api;
  let other: Api;
  const tokens: Record<string, string> = {};
  let pressId: number;
  let adminId: number;
  const streams: Stream[] = [];
  const open = async (who: string | null, lastEventId?: string) => {
    const stream = await openStream(base, who ? tokens[who] : null, lastEventId);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    base = `http://127.0.0.1:${address.port}`;
    for (const email of ["admin", "csr", "press"])
      tokens[email] = await signIn(t.app, `${email}@pressroom.test`);
    tokens.other = await signIn(t.app, "admin@other.test", 2);
    admin = api(t.app, tokens.admin);
    csr = api(t.app, tokens.csr);
    other = api(t.app, tokens.other);
    pressId = (await getProfile(t.app, tokens.press)).json().data.user.id;
    adminId = (await getProfile(t.app, tokens.admin)).json().data.user.id;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.dispose();
  });

  it("answers 401 without a token, and does not take one from the URL", async () => {
    expect((await open(null)).status).toBe(401);
    const res = await fetch(`${base}/api/v1/events?token=${tokens.admin}&access_token=${tokens.admin}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it("is described in the OpenAPI document (an event stream, bearer token)", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const operation = doc.paths["/api/v1/events"].get;
    expect(Object.keys(operation.responses["200"].content)).toEqual(["text/event-stream"]);
    expect(operation.responses["401"]).toBeDefined();
    expect(operation.security).toEqual([{ bearer: [] }]);
    expect(operation.description).toContain("Last-Event-ID");
  });

  it("sends another user's write to an open stream: path, id, action, version, changed fields", async () => {
    const stream = await open("admin");
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const customer = await csr.first("customers");
    const changed = await csr.update("customers", customer.id, {
      contact_name: "Live Lou",
      company: "Live Co",
    });
    const event = await stream.waitFor(isChange("customers", customer.id));
    expect(event.event).toBe("change");
    expect(event.id).toMatch(/^\d+$/);
    expect(event.data.action).toBe("updated");
    expect(event.data.version).toBe(customer.version + 1);
    expect(event.data.version).toBe(changed.version);
    expect([...(event.data.fields as string[])].sort()).toEqual(["company", "contact_name"]);
    expect(stream.comments).toContain("connected");

    const order = await makeOrder(admin, [{ quantity: 250 }]);
    const created = await stream.waitFor(isChange("orders", order.id));
    expect(created.data).toMatchObject({ action: "created", version: 1 });
    expect(created.data.fields).toEqual(expect.arrayContaining(["order_number", "customer_id", "items"]));
    const gone = await admin.call("DELETE", `orders/${order.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const deleted = await stream.waitFor(
      (e) => isChange("orders", order.id)(e) && e.data.action === "deleted",
    );
    expect(deleted.data.version).toBeNull();
    expect(Number(deleted.id)).toBeGreaterThan(Number(created.id));
  });

  it("sends nothing of a refused write or a rolled-back transaction", async () => {
    const stream = await open("admin");
    const listed = await admin.call("GET", "customers?limit=2");
    const [first, fence] = listed.json().data as Saved[];
    expect(first.id).not.toBe(fence.id);
    // A stale version: refused with 409 inside the write's transaction.
    const stale = await admin.call("PATCH", `customers/${first.id}`, { contact_name: "Never", version: 999 });
    expect(stale.statusCode).toBe(409);
    // A change-log entry (and its NOTIFY) written, then the transaction rolled back.
    const model = (await import("../../server/resources/model")).loadRegistry;
    const registry = await model();
    const customers = registry.byKind.get("Customer");
    if (!customers) throw new Error("no Customer kind");
    await expect(
      t.database.db.transaction(async (tx) => {
        await writeChangeLogs(tx, customers, [
          {
            tenantId: 1,
            recordId: first.id,
            action: "update",
            userId: adminId,
            changes: { contact_name: { from: "a", to: "b" } },
          },
        ]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await admin.update("customers", fence.id, { contact_name: "Fence" });
    await stream.waitFor(isChange("customers", fence.id));
    expect(stream.events.filter(isChange("customers", first.id))).toEqual([]);
  });

  it("keeps tenants apart and tells no one of kinds they may not read", async () => {
    const tenant2 = await open("other");
    const csrStream = await open("csr");
    const adminStream = await open("admin");
    // A run: the administrator reads runs, customer service does not.
    const run = await admin.first("runs");
    await admin.update("runs", run.id, { notes: "Live: run moved" });
    const seen = await adminStream.waitFor(isChange("runs", run.id));
    expect(seen.data.fields).toEqual(["notes"]);
    // Fences: customer service's own kind, tenant 2's own write.
    const customer = await admin.first("customers");
    await admin.update("customers", customer.id, { contact_name: "Fence for CSR" });
    await csrStream.waitFor(isChange("customers", customer.id));
    expect(csrStream.events.filter((e) => e.data.path === "runs")).toEqual([]);
    const theirs = await other.first("customers");
    await other.update("customers", theirs.id, { contact_name: "Tenant 2 fence" });
    await tenant2.waitFor(isChange("customers", theirs.id));
    expect(tenant2.events.filter((e) => e.event === "change").map((e) => e.data)).toEqual([
      expect.objectContaining({ path: "customers", id: theirs.id }),
    ]);
    // ...and tenant 1's streams heard nothing of tenant 2.
    expect(adminStream.events.filter(isChange("customers", theirs.id))).toEqual([]);
  });

  it("tells readers of mail orders of a campaign's runs as they start and end, and no one else", async () => {
    const [adminStream, csrStream, pressStream] = [
      await open("admin"),
      await open("csr"),
      await open("press"),
    ];
    const campaign = await admin.first("campaigns");
    const ran = await admin.call("POST", `campaigns/${campaign.id}/run`);
    expect(ran.statusCode, ran.body).toBe(200);
    const outcome = ran.json().data.outcome as string;
    expect(["done", "retry", "failed"]).toContain(outcome);
    for (const stream of [adminStream, csrStream]) {
      const started = await stream.waitFor(
        (e) => isChange("campaigns", campaign.id)(e) && (e.data.fields as string[])[1] === "started",
      );
      expect(started.data).toMatchObject({ action: "updated", version: null, fields: ["runs", "started"] });
      const ended = await stream.waitFor(
        (e) => isChange("campaigns", campaign.id)(e) && (e.data.fields as string[])[1] === outcome,
      );
      expect(Number(ended.id)).toBeGreaterThan(Number(started.id));
    }
    // The press room reads no mail orders: a fence it must see, written after the runs.
    const run = await admin.first("runs");
    await admin.update("runs", run.id, { notes: "Live: after the campaign's run" });
    await pressStream.waitFor(isChange("runs", run.id));
    expect(pressStream.events.filter((e) => e.data.path === "campaigns")).toEqual([]);
  });

  it("tells a ReadOwn reader of their own records only (and of one given away)", async () => {
    const press = await open("press");
    const notTheirs = await makeOrder(admin, [{}], { owner_id: adminId });
    const theirs = await makeOrder(admin, [{}], { owner_id: pressId });
    await press.waitFor(isChange("orders", theirs.id));
    await admin.update("orders", notTheirs.id, { customer_po: "PO-NOT-PRESS" });
    // Given away: the press operator still hears that it changed (it leaves their list).
    await admin.update("orders", theirs.id, { owner_id: adminId });
    const away = await press.waitFor((e) => isChange("orders", theirs.id)(e) && e.data.action === "updated");
    expect(away.data.fields).toEqual(["owner_id"]);
    // Now not theirs: a change tells them nothing. Fence: a third order of theirs.
    await admin.update("orders", theirs.id, { customer_po: "PO-GONE" });
    const fence = await makeOrder(admin, [{}], { owner_id: pressId });
    await press.waitFor(isChange("orders", fence.id));
    expect(press.events.filter(isChange("orders", notTheirs.id))).toEqual([]);
    expect(press.events.filter(isChange("orders", theirs.id)).map((e) => e.data.action)).toEqual([
      "created",
      "updated",
    ]);
    // Nor do they hear of kinds they do not read at all (customers).
    expect(press.events.filter((e) => e.data.path === "customers")).toEqual([]);
  });

  it("resumes after Last-Event-ID, and resets when that id is no longer known", async () => {
    const first = await open("admin");
    const customer = await admin.first("customers");
    await admin.update("customers", customer.id, { contact_name: "Resume 1" });
    const one = await first.waitFor(isChange("customers", customer.id));
    first.close();
    // Written while the client is away.
    await admin.update("customers", customer.id, { contact_name: "Resume 2" });
    await admin.update("customers", customer.id, { company: "Resume 3" });
    const resumed = await open("admin", one.id);
    await resumed.waitFor(
      (e) => isChange("customers", customer.id)(e) && e.data.fields?.toString() === "company",
    );
    const replayed = resumed.events.filter(isChange("customers", customer.id));
    expect(replayed.map((e) => e.data.fields)).toEqual([["contact_name"], ["company"]]);
    expect(replayed.map((e) => e.data.version)).toEqual([
      (one.data.version as number) + 1,
      (one.data.version as number) + 2,
    ]);
    // An id this process never saw: refetch everything.
    const tooOld = await open("admin", "999999999");
    const reset = await tooOld.waitFor((e) => e.event === "reset");
    expect(reset.id).toBe(replayed[1].id);
    const garbage = await open("admin", "not-a-number");
    await garbage.waitFor((e) => e.event === "reset");
  });
});

// Two server processes on one PostgreSQL (here two apps with pools and listeners of their own): a
// write through one reaches a stream held by the other. Also measures the delay from the write's
// answer to the event on the other's stream.
describeOnStore("postgres", "live updates across servers (postgres)", () => {
  let db: TestDatabase;
  let second: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase("postgres");
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${db.name}`;
    second = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    for (const handle of [db.handle, second]) {
      const app = buildApp({ database: handle });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      if (!address || typeof address === "string") throw new Error("no port");
      apps.push(app);
      bases.push(`http://127.0.0.1:${address.port}`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await db?.dispose();
  });

  it("tells a stream on one server of a write through the other, within a second", async () => {
    const [writer, watcher] = apps;
    const watching = await openStream(bases[1], await signIn(watcher, "admin@pressroom.test"));
    const csr = api(writer, await signIn(writer, "csr@pressroom.test"));
    const customer = await csr.first("customers");
    const delays: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const saved = await csr.update("customers", customer.id, { contact_name: `Across ${i}` });
      const answered = performance.now();
      await watching.waitFor(
        (e) => isChange("customers", customer.id)(e) && e.data.version === saved.version,
      );
      delays.push(performance.now() - answered);
    }
    watching.close();
    delays.sort((a, b) => a - b);
    const p95 = delays[Math.ceil(delays.length * 0.95) - 1];
    console.log(
      `live across servers: median ${delays[10].toFixed(1)} ms, p95 ${p95.toFixed(1)} ms after the answer`,
    );
    expect(p95).toBeLessThan(1000);
  });

  it("tells its streams to refetch when its database listener was cut off, and listens again", async () => {
    const [writer, watcher] = apps;
    const watching = await openStream(bases[1], await signIn(watcher, "admin@pressroom.test"));
    const admin = api(writer, await signIn(writer, "admin@pressroom.test"));
    // Every listener connection on this database (both servers') is cut.
    const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    try {
      const cut = await killer.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name like $2",
        [db.name, `${LISTENER_NAME} %`],
      );
      expect(cut.rowCount).toBeGreaterThan(0);
    } finally {
      await killer.end();
    }
    await watching.waitFor((e) => e.event === "reset");
    const customer = await admin.first("customers");
    const saved = await admin.update("customers", customer.id, { contact_name: "After the cut" });
    await watching.waitFor((e) => isChange("customers", customer.id)(e) && e.data.version === saved.version);
    watching.close();
  });
});
