import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";
import { RecordFactory } from "./resource-factory";

// The real workflows, through the API: for every kind whose status moves along declared transitions, each status
// is tried against every other. A move the shop's workflow (domain.md, with the returns the declarations allow)
// does not name is refused with a 409 naming both statuses and changes nothing; a move it names is never refused as
// a move (another rule of the kind may still refuse it, with its own message). The maps are written out here, not
// read from the declarations: a move added to or dropped from a declaration shows as a difference.

const registry = await loadRegistry();

type Workflow = { singular: string; labels: Record<string, string>; moves: Record<string, string[]> };

const WORKFLOWS: Record<string, Workflow> = {
  // requested → under review → approved | rejected; approved → processed.
  RefundApproval: {
    singular: "A refund approval",
    labels: {
      requested: "Requested",
      under_review: "Under review",
      approved: "Approved",
      rejected: "Rejected",
      processed: "Processed",
    },
    moves: { requested: ["under_review"], under_review: ["approved", "rejected"], approved: ["processed"] },
  },
  // draft → sent → acknowledged → partially received → received → closed; cancelled before anything arrives. A
  // vendor may ship without acknowledging, and a delivery may come complete at once.
  PurchaseOrder: {
    singular: "A purchase order",
    labels: {
      draft: "Draft",
      sent: "Sent",
      acknowledged: "Acknowledged",
      partially_received: "Partially received",
      received: "Received",
      closed: "Closed",
      cancelled: "Cancelled",
    },
    moves: {
      draft: ["sent", "cancelled"],
      sent: ["acknowledged", "partially_received", "received", "cancelled"],
      acknowledged: ["partially_received", "received", "cancelled"],
      partially_received: ["received"],
      received: ["closed"],
    },
  },
  // uploaded → mapped → processing → processed → approved → in use → archived; failed. A failed or re-mapped list
  // goes round again; an approved one can be retired unused.
  List: {
    singular: "A mailing list",
    labels: {
      uploaded: "Uploaded",
      mapped: "Mapped",
      processing: "Processing",
      processed: "Processed",
      approved: "Approved",
      in_use: "In use",
      archived: "Archived",
      failed: "Failed",
    },
    moves: {
      uploaded: ["mapped", "failed"],
      mapped: ["processing", "uploaded"],
      processing: ["processed", "failed"],
      processed: ["approved", "mapped"],
      approved: ["in_use", "archived"],
      in_use: ["archived"],
      failed: ["uploaded", "mapped"],
    },
  },
  // draft → packed → shipped → delivered.
  PackingSlip: {
    singular: "A packing slip",
    labels: { draft: "Draft", packed: "Packed", shipped: "Shipped", delivered: "Delivered" },
    moves: { draft: ["packed"], packed: ["shipped"], shipped: ["delivered"] },
  },
  // authorized → captured, declined or voided; captured → voided. Partially refunded and refunded are the server's.
  UserPayment: {
    singular: "A transaction",
    labels: {
      authorized: "Authorized",
      captured: "Captured",
      declined: "Declined",
      voided: "Voided",
      refunded: "Refunded",
      partially_refunded: "Partially refunded",
    },
    moves: { authorized: ["captured", "declined", "voided"], captured: ["voided"] },
  },
};

describeEachStore("the declared workflows, every move tried (%s)", (dbKind) => {
  let t: TestApp;
  let admin: string;
  let factory: RecordFactory;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = await signIn(t.app, "admin@pressroom.test");
    factory = new RecordFactory(t.app, admin, registry);
  });
  afterAll(() => t?.dispose());

  const call = (method: "GET" | "PATCH", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });

  it("covers every kind whose status has transitions, and no other", () => {
    const declared = registry.models
      .filter((m) => Object.values(m.fields).some((f) => f.type === "enum" && f.transitions))
      .map((m) => m.kind)
      .sort();
    expect(declared).toEqual(Object.keys(WORKFLOWS).sort());
  });

  it.each(Object.keys(WORKFLOWS))(
    "%s: refuses every move its workflow does not name, and no other",
    async (kind) => {
      const model = registry.byKind.get(kind as never) as ResourceModel;
      const { singular, labels, moves } = WORKFLOWS[kind];
      const record = await factory.createKind(model.kind);
      const url = `${model.resource.path}/${record.id}`;
      const table = model.table.table;
      const wrong: string[] = [];
      let refused = 0;
      let allowed = 0;
      for (const from of Object.keys(labels)) {
        for (const to of Object.keys(labels)) {
          if (to === from) continue;
          // The record is put in `from` directly: reaching each status through the API would need each kind's other
          // rules met first (a received line, a printed item), which the rules suites test.
          await t.database.db
            .update(table)
            .set({ status: from } as never)
            .where(eq(table.id, record.id));
          const { version } = (await call("GET", url)).json().data;
          const res = await call("PATCH", url, { version, status: to });
          const message = `${singular} cannot go from ${labels[from]} to ${labels[to]}`;
          const refusedAsMove = res.statusCode === 409 && res.json().message === message;
          if ((moves[from] ?? []).includes(to)) {
            allowed += 1;
            if (refusedAsMove) wrong.push(`${from} → ${to} refused, though the workflow names it`);
          } else {
            refused += 1;
            if (!refusedAsMove)
              wrong.push(`${from} → ${to} answered ${res.statusCode} ${res.body.slice(0, 160)}`);
            else if ((await call("GET", url)).json().data.version !== version)
              wrong.push(`${from} → ${to} refused but written`);
          }
        }
      }
      expect(wrong).toEqual([]);
      const count = Object.keys(labels).length;
      const named = Object.values(moves).flat().length;
      expect([allowed, refused]).toEqual([named, count * (count - 1) - named]);
    },
  );
});
