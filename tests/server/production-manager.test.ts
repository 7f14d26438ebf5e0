import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warmManagerAnswers } from "../../server/production/manager-routes";
import { uspsHoliday } from "../../server/resources/hooks/usps-holidays";
import { loadRegistry } from "../../server/resources/model";
import { type Api, api, type Json, makeInventory, makeOrder, type Saved, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 18: the production manager's figures (GET production/manager) and the inkjet queue's
// addressing actions. Each figure is checked on a small situation made through the API, its
// expected numbers worked out by hand (the seeded floor is there too, so counts are read as the
// difference the situation makes; a station, a press and their runs are the test's own).

type Res = { statusCode: number; json(): unknown; body: string };
type Ratio = { part: number; whole: number };
interface Answer {
  today: string;
  stations: (Json & { id: number })[];
  orders: { late: number; due_today: number; at_risk: number };
  on_time: { today: Ratio; window: Ratio };
  presses: (Json & { equipment_id: number })[];
  waste: { today: Ratio; window: Ratio };
  equipment: Record<string, number>;
  items: { on_hold: number; awaiting_proof: number; outsourced_pending: number };
  mail: { today: { pieces: number; drops: number }; window: { pieces: number; drops: number } };
}

const ZONE = "America/Chicago";
const DAY = 86_400_000;
/** The shop's date, `days` from today, by Intl (independent of the server's zoned-day.ts). */
const shopDate = (days = 0) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + days * DAY));
const businessDay = (date: string) =>
  ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) && !uspsHoliday(date);

describeEachStore("production manager and inkjet queue (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let press: Api;
  let csr: Api;
  let other: Api;
  let stock: Saved;
  /** Seeded status ids by entity and code, e.g. st["run:held"]. */
  const st: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    press = api(t.app, await signIn(t.app, "press@pressroom.test"));
    csr = api(t.app, await signIn(t.app, "csr@pressroom.test"));
    other = api(t.app, await signIn(t.app, "admin@other.test", 2));
    stock = await makeInventory(admin, "80# Silk Text 28×40 (manager)", 50_000);
    const statuses = (await admin.call("GET", "statuses?limit=100")).json() as { data: Saved[] };
    for (const s of statuses.data) st[`${s.entity}:${s.code}`] = s.id;
  });
  afterAll(() => t?.dispose());

  const manager = async (a: Api = admin): Promise<Answer> => {
    const res = await a.call("GET", `production/manager?tz=${encodeURIComponent(ZONE)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Answer }).data;
  };
  /** Order items of 500 pieces on the test's stock, one order, colours as given. */
  async function itemsOf(colours: string[]): Promise<Saved[]> {
    const order = await makeOrder(
      admin,
      colours.map((color_spec) => ({ stock_id: stock.id, color_spec, coating: "none", quantity: 500 })),
    );
    return ((await admin.get("orders", order.id)).items as Saved[]).map((i) => ({
      ...i,
      order_id: order.id,
    }));
  }

  /** A run of `item` (500 pieces, its colours), with `fields` (station, equipment, status, sheets). */
  const makeRun = (item: Saved, fields: Json): Promise<Saved> =>
    admin.create("runs", {
      run_number: unique("R-"),
      stock_id: stock.id,
      coating: "none",
      color_spec: item.color_spec,
      items: [
        { order_id: item.order_id, order_item_id: item.id, slot: 1, number_up: 1, quantity_required: 500 },
      ],
      ...fields,
    });

  it("is read at the start, and a sign-in keeps the answer read then", async () => {
    const log = { info: () => {}, warn: (...args: unknown[]) => expect.fail(JSON.stringify(args)) };
    await warmManagerAnswers(t.database.db, await loadRegistry(), log as never);
    const warmed = new Date();
    // A sign-in without failures to forgive writes sessions and users only, which the figures do not read.
    const fresh = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    const res = await fresh.call("GET", "production/manager");
    expect(res.statusCode, res.body).toBe(200);
    const { generated_at } = (res.json() as { data: { generated_at: string } }).data;
    if (dbKind === "pglite") expect(new Date(generated_at).getTime()).toBeLessThanOrEqual(warmed.getTime());
  });

  it("answers a station's work in progress and backlog hours against its capacity", async () => {
    const station = await admin.create("production-stations", {
      name: unique("Test press "),
      code: unique("TP"),
      station_type: "press",
      capacity_per_shift: 8_000,
      capacity_unit: "sheets",
    });
    // Two runs waiting at it (held is one of a press's work statuses), one still filling elsewhere in the flow.
    const [a, b, c] = await itemsOf(["4/4", "4/0", "4/4"]);
    await makeRun(a, { station_id: station.id, status_id: st["run:held"], sheets: 1_500, overs: 500 });
    await makeRun(b, { station_id: station.id, status_id: st["run:held"], sheets: 900, overs: 100 });
    await makeRun(c, { station_id: station.id, status_id: st["run:filling"], sheets: 10_000, overs: 0 });
    const load = (await manager()).stations.find((s) => s.id === station.id);
    // 2,000 + 1,000 sheets; impressions 2,000 × 2 sides + 1,000 × 1; 3,000 sheets at 8,000 a shift of 8 h = 3 h.
    expect(load).toMatchObject({
      runs: 2,
      items: 2,
      sheets: 3_000,
      impressions: 5_000,
      pieces: 1_000,
      capacity_unit: "sheets",
      backlog: 3_000,
      backlog_hours: 3,
    });
    // The other tenant sees neither the station nor its work.
    expect((await manager(other)).stations.some((s) => s.id === station.id)).toBe(false);
  });

  it("counts orders late, due today and at risk", async () => {
    const before = (await manager()).orders;
    const received = st["order:received"];
    const inPrepress = st["order:in_prepress"];
    const order = (wanted_by: string, status_id: number) => makeOrder(admin, [{}], { wanted_by, status_id });
    await order(shopDate(-1), received); // late
    await order(shopDate(0), received); // due today
    await order(shopDate(1), received); // at risk: due tomorrow, not yet in production
    const moving = await order(shopDate(2), inPrepress); // due in two days, but in production: not at risk
    await admin.update("orders", moving.id, { status_id: st["order:in_production"] });
    await order(shopDate(3), received); // beyond the two days
    const cancelled = await order(shopDate(-2), received);
    await admin.update("orders", cancelled.id, { status_id: st["order:cancelled"] });
    const after = (await manager()).orders;
    expect({
      late: after.late - before.late,
      due_today: after.due_today - before.due_today,
      at_risk: after.at_risk - before.at_risk,
    }).toEqual({ late: 1, due_today: 1, at_risk: 1 });
  });

  it("counts slips shipped today on or after their order's due date", async () => {
    const before = (await manager()).on_time;
    const ship = async (wanted_by: string) => {
      const order = await makeOrder(admin, [{ quantity: 100 }], { wanted_by });
      const [item] = (await admin.get("orders", order.id)).items as Saved[];
      // A backordered line ships nothing, so the slip packs before the item is printed.
      const slip = await admin.create("packing-slips", {
        order_id: order.id,
        lines: [
          {
            order_item_id: item.id,
            description: "Postcards",
            quantity_ordered: 100,
            quantity_shipped: 0,
            quantity_backordered: 100,
          },
        ],
      });
      await admin.update("packing-slips", slip.id, { status: "packed" });
      const shipped = await admin.update("packing-slips", slip.id, { status: "shipped" });
      expect(typeof shipped.shipped_at).toBe("string");
      // shipped_at is the server's: a body may not set it.
      const refused = await admin.call("PATCH", `packing-slips/${slip.id}`, {
        shipped_at: "2026-01-01T00:00:00.000Z",
        version: shipped.version,
      });
      expect(refused.statusCode).toBe(400);
    };
    await ship(shopDate(0)); // on time
    await ship(shopDate(-1)); // a day late
    const after = (await manager()).on_time;
    expect({
      today: { part: after.today.part - before.today.part, whole: after.today.whole - before.today.whole },
      window: {
        part: after.window.part - before.window.part,
        whole: after.window.whole - before.window.whole,
      },
    }).toEqual({ today: { part: 1, whole: 2 }, window: { part: 1, whole: 2 } });
  });

  it("adds a run completed today to its press's sheets and impressions and to the waste", async () => {
    const type = await admin.first("equipment-types", "category=press");
    const machine = await admin.create("equipments", {
      name: unique("Test offset "),
      equipment_type_id: type.id,
    });
    const before = await manager();
    expect(before.presses.find((p) => p.equipment_id === machine.id)).toMatchObject({
      runs: 0,
      sheets: 0,
      impressions: 0,
    });
    const [item] = await itemsOf(["4/4"]);
    // At Offset press 1, whose board starts and completes it (boards.ts).
    const press = await admin.first("production-stations", "search=OP1");
    const run = await makeRun(item, {
      equipment_id: machine.id,
      station_id: press.id,
      status_id: st["run:plated"],
      sheets: 1_000,
      overs: 100,
    });
    const act = (action: string, body: Json = {}) =>
      admin.call("POST", `runs/${run.id}/actions/${action}`, body);
    const started = await act("start");
    expect(started.statusCode, started.body).toBe(200);
    const done = (await act("complete", { good_quantity: 1_200, waste: 300 })) as Res;
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { data: Saved }).data).toMatchObject({
      good_quantity: 1_200,
      waste_quantity: 300,
    });
    const after = await manager();
    // 1,100 sheets through the press, printed both sides.
    expect(after.presses.find((p) => p.equipment_id === machine.id)).toMatchObject({
      runs: 1,
      sheets: 1_100,
      impressions: 2_200,
    });
    expect(after.waste.today.part - before.waste.today.part).toBe(300);
    expect(after.waste.today.whole - before.waste.today.whole).toBe(1_500);
    expect(after.waste.window.part - before.waste.window.part).toBe(300);
  });

  it("counts equipment by status, items on hold, awaiting proof and outsourced, and lists them", async () => {
    const before = await manager();
    const type = await admin.first("equipment-types");
    for (const s of ["down", "maintenance", "idle"]) {
      await admin.create("equipments", { name: unique("Machine "), equipment_type_id: type.id, status: s });
    }
    const vendor = await admin.first("vendors");
    const order = await makeOrder(admin, [{}, {}, { outsource_vendor_id: vendor.id }], {
      ordered_at: "2020-01-02T15:00:00.000Z",
      wanted_by: "2020-01-03",
    });
    const items = (await admin.get("orders", order.id)).items as Saved[];
    await admin.update("orders", order.id, {
      items: [
        { id: items[0].id, item_status_id: st["order_item:on_hold"] },
        { id: items[1].id, item_status_id: st["order_item:preflight"] },
        { id: items[2].id },
      ],
    });
    const proof = st["order_item:awaiting_proof"];
    await admin.update("orders", order.id, {
      items: [{ id: items[0].id }, { id: items[1].id, item_status_id: proof }, { id: items[2].id }],
    });
    const after = await manager();
    expect({
      down: after.equipment.down - before.equipment.down,
      maintenance: after.equipment.maintenance - before.equipment.maintenance,
      idle: after.equipment.idle - before.equipment.idle,
      running: after.equipment.running - before.equipment.running,
      on_hold: after.items.on_hold - before.items.on_hold,
      awaiting_proof: after.items.awaiting_proof - before.items.awaiting_proof,
      outsourced_pending: after.items.outsourced_pending - before.items.outsourced_pending,
    }).toEqual({
      down: 1,
      maintenance: 1,
      idle: 1,
      running: 0,
      on_hold: 1,
      awaiting_proof: 1,
      outsourced_pending: 1,
    });

    // The items behind the figures, earliest due first: this 2020 order leads each list.
    for (const [figure, position] of [
      ["on_hold", 1],
      ["awaiting_proof", 2],
      ["outsourced_pending", 3],
    ] as const) {
      const res = await admin.call("GET", `production/manager/items?figure=${figure}&tz=${ZONE}`);
      const answer = (res.json() as { data: { rows: Json[]; total: number } }).data;
      expect(answer.rows[0]).toMatchObject({
        record_path: "orders",
        record_id: order.id,
        number: order.order_number,
        position,
        quantity: 500,
        due: "2020-01-03",
      });
      expect(answer.total).toBe(after.items[figure]);
    }
  });

  it("adds a drop mailed today to the mail pieces dropped", async () => {
    const before = (await manager()).mail;
    const customer = await admin.first("customers");
    const next = [1, 2, 3, 4, 5, 6, 7].map((d) => shopDate(d)).find(businessDay) as string;
    const mo = await admin.create("mail-orders", {
      customer_id: customer.id,
      drops: [{ drop_no: 1, scheduled_date: next, quantity: 1_250 }],
    });
    // The API never mails a drop before its date; the test brings the drop's date to today.
    await t.database.db.execute(
      sql`update mail_orders_drops set scheduled_date = ${shopDate(0)}::date, status = 'mailed', mailed_at = now()
          where parent_id = ${mo.id}`,
    );
    const after = (await manager()).mail;
    expect(after.today.pieces - before.today.pieces).toBe(1_250);
    expect(after.today.drops - before.today.drops).toBe(1);
    expect(after.window.pieces - before.window.pieces).toBe(1_250);
  });

  it("is the production manager's: RunExecutive, signed in, with a known time zone and figure", async () => {
    expect((await press.call("GET", "production/manager")).statusCode).toBe(403);
    expect((await csr.call("GET", "production/manager/items?figure=on_hold")).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/production/manager" })).statusCode).toBe(401);
    const badZone = await admin.call("GET", "production/manager?tz=Mars%2FOlympus");
    expect(badZone.statusCode).toBe(400);
    expect((badZone.json() as { errors: Json[] }).errors).toEqual([
      { field: "tz", message: '"Mars/Olympus" is not a time zone (e.g. America/Chicago)' },
    ]);
    const badFigure = await admin.call("GET", "production/manager/items?figure=everything");
    expect((badFigure.json() as { errors: Json[] }).errors).toEqual([
      {
        field: "figure",
        message: "Expected one of: on_hold, awaiting_proof, outsourced_pending, mailed_today",
      },
    ]);
    expect((await admin.call("GET", "production/manager/items?figure=on_hold&page=0")).statusCode).toBe(400);
  });

  describe("inkjet addressing", () => {
    const soon = () => [7, 8, 9, 10, 11, 12, 13].map((d) => shopDate(d)).find(businessDay) as string;
    /** An inkjet mail order in `code` of 2,000 pieces in one drop. */
    async function mailOrder(code: string, extra: Json = {}): Promise<Saved> {
      const customer = await admin.first("customers");
      return admin.create("mail-orders", {
        customer_id: customer.id,
        addressing: "inkjet",
        mail_class: "first_class",
        status_id: st[`mail_order:${code}`],
        drops: [{ drop_no: 1, scheduled_date: soon(), quantity: 2_000 }],
        ...extra,
      });
    }
    const act = (a: Api, mo: Saved, action: string, body: Json = {}) =>
      a.call("POST", `mail-orders/${mo.id}/addressing/${action}`, body);
    const ok = (res: Res) => {
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Saved }).data;
    };
    const refused = (res: Res, code: number, message: string) => {
      expect(res.statusCode, res.body).toBe(code);
      expect((res.json() as { message: string }).message).toBe(message);
    };
    const queue = async (a: Api = admin) => {
      const res = await a.call("GET", "inkjet-queue");
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { rows: (Json & { id: number })[] } }).data.rows;
    };

    it("starts, holds, releases and completes addressing, each move checked and logged", async () => {
      const mo = await mailOrder("printing");
      const label = String(mo.mail_order_number);
      expect((await queue()).find((r) => r.id === mo.id)).toMatchObject({
        stage: "ready",
        status: "Printing",
        pieces: 2_000,
        mail_class: "first_class",
        next_drop: soon(),
        drops: [{ drop_no: 1, scheduled_date: soon(), quantity: 2_000, status: "scheduled" }],
      });
      refused(
        await act(admin, mo, "start", { version: mo.version + 1 }),
        409,
        "This mail order was changed by someone else since you opened it. Reload it to see their changes.",
      );
      const started = ok(await act(csr, mo, "start", { version: mo.version }));
      expect(started).toMatchObject({
        status_id: st["mail_order:inkjet_addressing"],
        version: mo.version + 1,
      });
      refused(
        await act(admin, started, "start", { version: started.version }),
        409,
        `${label} is already Inkjet addressing`,
      );
      const noReason = await act(admin, started, "hold", { version: started.version });
      expect((noReason.json() as { errors: Json[] }).errors).toEqual([
        { field: "reason", message: "Say why the addressing is put on hold" },
      ]);
      const held = ok(
        await act(admin, started, "hold", { version: started.version, reason: "Ink head clogged" }),
      );
      expect(held.status_id).toBe(st["mail_order:on_hold"]);
      expect((await queue()).find((r) => r.id === mo.id)).toMatchObject({
        stage: "held",
        held_from: "Inkjet addressing",
      });
      refused(
        await act(admin, held, "complete", { version: held.version }),
        409,
        "A mail order cannot go from On hold to Tabbing",
      );
      const released = ok(await act(admin, held, "release", { version: held.version }));
      expect(released.status_id).toBe(st["mail_order:inkjet_addressing"]);
      const done = ok(await act(admin, released, "complete", { version: released.version }));
      expect(done.status_id).toBe(st["mail_order:tabbing"]);
      expect((await queue()).some((r) => r.id === mo.id)).toBe(false);

      const logs = (await admin.call("GET", `mail-orders/${mo.id}/change-logs?limit=50`)).json() as {
        data: { user: { name: string } | null; changes: Record<string, { from: unknown; to: unknown }> }[];
      };
      const hold = logs.data.find((l) => l.changes.reason?.to === "Ink head clogged");
      expect(hold?.user?.name).toBe("Avery Admin");
      expect(hold?.changes.action?.to).toBe("hold addressing");
      expect(hold?.changes.status_id).toEqual({
        from: st["mail_order:inkjet_addressing"],
        to: st["mail_order:on_hold"],
      });
      const start = logs.data.find((l) => l.changes.action?.to === "start addressing");
      expect(start?.user?.name).toBe("Casey CSR");
    });

    it("refuses moves the statuses do not allow, other addressing, and other callers", async () => {
      const draft = await mailOrder("draft");
      refused(
        await act(admin, draft, "start", { version: draft.version }),
        409,
        "A mail order cannot go from Draft to Inkjet addressing",
      );
      refused(
        await act(admin, draft, "release", { version: draft.version }),
        409,
        `${draft.mail_order_number} is Draft, not on hold: there is nothing to release`,
      );
      const labelled = await mailOrder("printing", { addressing: "label" });
      refused(
        await act(admin, labelled, "start", { version: labelled.version }),
        409,
        `${labelled.mail_order_number} is addressed by label, not on the inkjet`,
      );
      expect((await queue()).some((r) => r.id === labelled.id)).toBe(false);
      const mo = await mailOrder("printing");
      expect((await act(press, mo, "start", { version: mo.version })).statusCode).toBe(403);
      expect((await press.call("GET", "inkjet-queue")).statusCode).toBe(403);
      expect((await act(other, mo, "start", { version: mo.version })).statusCode).toBe(404);
      expect((await queue(other)).some((r) => r.id === mo.id)).toBe(false);
      expect((await act(admin, mo, "address", { version: mo.version })).statusCode).toBe(404);
      const noVersion = await act(admin, mo, "start");
      expect(noVersion.statusCode).toBe(400);
      expect((await admin.get("mail-orders", mo.id)).status_id).toBe(st["mail_order:printing"]);
    });
  });
});
