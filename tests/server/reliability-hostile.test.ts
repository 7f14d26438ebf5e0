import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import { differences, type Fingerprint, fingerprint, writeMark } from "../reliability/fingerprint";
import { jsonText, listQueries, nested, spoils } from "../reliability/hostile-input";
import { ProbeCounts, probeQuery, probeWrite, type Send, type WriteWatch } from "../reliability/probe";
import { RecordBodies } from "../reliability/record-bodies";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";
import { RecordFactory } from "./resource-factory";

// Hostile input to every declared kind (generated with fast-check, fixed seed): spoiled create
// and update bodies and odd list queries. Never a 5xx; a refusal is a 400 (413 over 1 MiB) with a
// message and errors[] naming the spoiled field, and leaves every table as it was (row counts and
// checksums); odd but valid values (SQL and HTML metacharacters, odd Unicode, boundary dates)
// are stored as sent. tests/reliability/hostile-input.ts says what is generated.

const registry = await loadRegistry();
const models = registry.models.map((m) => [m.kind, m] as [string, ResourceModel]);

/** Fixed, so a failure repeats; runs per kind and test, tuned to keep the file near a minute on 2 cores. */
const SEED = 20_251_122;
const RUNS = { create: 8, update: 6, query: 8 };

describeEachStore("hostile input (%s)", (dbKind) => {
  let t: TestApp;
  let admin: string;
  let bodies: RecordBodies;
  const counts = new ProbeCounts();

  const send: Send = async (method, url, body) => {
    const res = await t.app.inject({
      method: method as "GET",
      url: `/api/v1/${url}`,
      headers: { ...bearer(admin), ...(body ? { "content-type": body.contentType } : {}) },
      ...(body ? { payload: body.text } : {}),
    });
    return { status: res.statusCode, text: res.body, contentType: String(res.headers["content-type"] ?? "") };
  };

  // The database as last seen, and the write mark it was seen at; a refusal must leave it so.
  // The mark makes the common case (a refusal that never opened a write) cheap; when it moved,
  // the full fingerprint decides. Writes made around the probes (the factory making referenced
  // records, a session's sliding expiry) move the mark too, and are taken in before each probe.
  let known: Fingerprint;
  let seenAt = "";
  let mark = "";
  const db = () => t.database.db;
  const refresh = async () => {
    known = await fingerprint(db());
    seenAt = await writeMark(db());
  };
  const watch: WriteWatch = {
    async before() {
      mark = await writeMark(db());
      if (mark !== seenAt) {
        await refresh();
        mark = seenAt;
      }
    },
    async rejected(what) {
      if ((await writeMark(db())) === mark) return;
      const before = known;
      await refresh();
      const changed = differences(before, known);
      if (changed.length > 0) throw new Error(`${what} was refused but changed ${changed.join("; ")}`);
    },
    accepted: refresh,
  };

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = await signIn(t.app, "admin@pressroom.test");
    bodies = new RecordBodies(send, new RecordFactory(t.app, admin, registry));
    await refresh();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe.each(models)("%s", (_kind, model) => {
    const path = model.resource.path;

    it("create: every spoiled body refused with a 400 naming it, database unchanged; odd valid values kept", async () => {
      const bases = await bodies.maker(model);
      await fc.assert(
        fc.asyncProperty(spoils(model, "create"), async (spoil) => {
          const base = await bases();
          await probeWrite(send, counts, model, "POST", path, base, spoil, watch);
        }),
        { seed: SEED, numRuns: RUNS.create },
      );
    });

    it("update: the same for PATCH from the stored version", async () => {
      const record = await bodies.create(model);
      await fc.assert(
        fc.asyncProperty(spoils(model, "update"), async (spoil) => {
          const base = await bodies.updateBase(model, record.id);
          await probeWrite(send, counts, model, "PATCH", `${path}/${record.id}`, base, spoil, watch);
        }),
        { seed: SEED + 1, numRuns: RUNS.update },
      );
    });

    it("list, export and change-log queries: a 200 of the tenant's rows or a 400, never a 5xx", async () => {
      const before = await fingerprint(db());
      const urls = fc.tuple(fc.constantFrom("", "/export.csv", "/1/change-logs"), listQueries(model));
      await fc.assert(
        fc.asyncProperty(urls, async ([where, query]) => {
          await probeQuery(send, counts, model, `${path}${where}?${query}`, 1);
        }),
        { seed: SEED + 2, numRuns: RUNS.query },
      );
      expect(differences(before, await fingerprint(db()))).toEqual([]);
    });
  });

  // What this suite found, pinned: each was a 500, or a value stored other than as sent.
  it.each([
    ["integrations", "settings", jsonText({ name: "Deep", kind: "other", settings: nested(5000) })],
    ["integrations", "settings", jsonText({ settings: nested(100_000) })],
    ["vendors", "name", JSON.stringify({ name: "Lone \ud800 surrogate" })],
    ["vendors", "", '{"\\udfff":1}'],
    ["api-keys", "revoked_at", JSON.stringify({ revoked_at: "0001-03-04T05:06:07Z" })],
    ["api-keys", "revoked_at", JSON.stringify({ revoked_at: "9999-12-31T23:59:59.999-05:00" })],
    ["auth/login", "email", jsonText({ email: nested(3000), password: "x", tenantId: 1 })],
  ])("refuses what it found: POST %s naming %j", async (url, field, text) => {
    const res = await send("POST", url, { text, contentType: "application/json" });
    expect(res.status, res.text).toBe(400);
    const errors = JSON.parse(res.text).errors as { field?: string }[];
    if (field)
      expect(
        errors.some((e) => e.field === field || e.field?.startsWith(`${field}.`)),
        res.text,
      ).toBe(true);
    else expect(res.text).toContain("not valid Unicode");
  });

  it("the fingerprint sees a committed write and not a rolled-back one", async () => {
    const vendors = registry.byKind.get("Vendor");
    if (!vendors) throw new Error("no Vendor kind");
    const t1 = vendors.table.table;
    const before = await fingerprint(db());
    await db()
      .transaction(async (tx) => {
        await tx.update(t1).set({ version: 99 }).where(eq(t1.tenant_id, 1));
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(differences(before, await fingerprint(db()))).toEqual([]);
    const [first] = await db().select().from(t1).limit(1);
    // The same content written back is a write too.
    await db().update(t1).set({ version: first.version }).where(eq(t1.id, first.id));
    expect(differences(before, await fingerprint(db()))).toEqual([
      `vendors: same ${before.get("vendors")?.rows} rows, rewritten`,
    ]);
    await refresh();
  });

  it("probed every kind and saw no 5xx", () => {
    expect(counts.kinds.size).toBe(registry.models.length);
    expect(counts.serverErrors).toBe(0);
    expect(counts.requests).toBeGreaterThan(registry.models.length * 20);
  });
});
