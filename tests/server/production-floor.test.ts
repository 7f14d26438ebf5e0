import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type Api,
  api,
  type Json,
  makeInventory,
  makeOrder,
  makeProduct,
  type Saved,
  unique,
} from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 18, the floor past the press and the prepress queues: every board's runs start, complete
// (into their station's output status) and go on to the next station by their items' route, or
// are sent on (move); the items follow their run; the jugglers' candidates and the gang rule on
// the runs they build; staging's release; shipping's packing slip; the outsourced items. Each
// move and refusal is a row of a table, on PGlite and PostgreSQL.

type Res = { statusCode: number; json(): unknown; body: string };
type Data<T> = { data: T };

describeEachStore("production floor (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let press: Api;
  let csr: Api;
  let stock: Saved;
  let product: Saved;
  const station: Record<string, Saved> = {};
  const runStatus: Record<string, number> = {};
  const itemStatus: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    press = api(t.app, await signIn(t.app, "press@pressroom.test"));
    csr = api(t.app, await signIn(t.app, "csr@pressroom.test"));
    stock = await makeInventory(admin, "100# Gloss Cover 19×25 (floor)", 50_000);
    const stations = (await admin.call("GET", "production-stations?limit=100")).json() as Data<Saved[]>;
    for (const s of stations.data) station[String(s.code)] = s;
    const statuses = (await admin.call("GET", "statuses?limit=100&entity=run")).json() as Data<Saved[]>;
    for (const s of statuses.data) runStatus[String(s.code)] = s.id;
    const items = (await admin.call("GET", "statuses?limit=100&entity=order_item")).json() as Data<Saved[]>;
    for (const s of items.data) itemStatus[String(s.code)] = s.id;
    // A digital product: juggled, printed on the Indigo, cut on the Zünd, staged, shipped.
    product = await makeProduct(admin);
    product = await admin.update("products", product.id, {
      production_route: ["DJ", "DP1", "DC1", "ST1", "SH1"].map((code) => station[code].id),
    });
  });
  afterAll(() => t?.dispose());

  const ok = <T = Saved>(res: Res, code = 200): T => {
    expect(res.statusCode, res.body).toBe(code);
    return (res.json() as Data<T>).data;
  };
  const refused = (res: Res, code: number, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(code);
    const body = res.json() as { message: string; errors?: { message: string }[] };
    const said = [body.message, ...(body.errors ?? []).map((e) => e.message)];
    expect(
      said.some((m) => (typeof message === "string" ? m === message : message.test(m))),
      said.join(" | "),
    ).toBe(true);
  };
  const act = (a: Api, id: number, action: string, body: Json = {}) =>
    a.call("POST", `runs/${id}/actions/${action}`, body);

  /** An order of one item of `product` (approved), and a run of it at `at` in `code`. */
  async function runAt(at: string, code: string, coating = "uv"): Promise<{ run: Saved; order: Saved }> {
    const order = await makeOrder(admin, [
      { product_id: product.id, stock_id: stock.id, color_spec: "4/4", coating, quantity: 500 },
    ]);
    const [item] = (await admin.get("orders", order.id)).items as Saved[];
    for (const step of ["preflight", "awaiting_proof", "approved"]) {
      await admin.update("orders", order.id, { items: [{ id: item.id, item_status_id: itemStatus[step] }] });
    }
    const run = await admin.create("runs", {
      run_number: unique("R-"),
      stock_id: stock.id,
      color_spec: "4/4",
      coating,
      station_id: station[at].id,
      status_id: runStatus[code],
      items: [{ order_id: order.id, order_item_id: item.id, slot: 1, number_up: 10, quantity_required: 500 }],
    });
    return { run, order };
  }
  const itemOf = async (order: Saved) => ((await admin.get("orders", order.id)).items as Saved[])[0];

  // [board, station, where it waits, action, status after, station after (code), item status after]
  const MOVES: [string, string, string, string, string, string, string | null][] = [
    ["digital production", "DP1", "sent_to_rip", "start", "printing", "DP1", "printing"],
    ["digital production", "DP1", "printing", "complete", "printed", "DC1", null],
    ["digital cutting", "DC1", "printed", "start", "cutting", "DC1", null],
    ["digital cutting", "DC1", "cutting", "complete", "staged", "ST1", null],
    ["coating", "CT1", "printed", "start", "coating", "CT1", null],
    ["coating", "CT1", "coating", "complete", "coated", "CU1", null],
    ["cutting", "CU1", "coated", "start", "cutting", "CU1", null],
    ["cutting", "CU1", "cutting", "complete", "cut", "BD1", null],
    ["bindery", "BD1", "cut", "start", "binding", "BD1", null],
    ["bindery", "BD1", "binding", "complete", "finishing", "ST1", null],
    ["press (sent on)", "CT1", "printed", "move", "printed", "CU1", null],
  ];

  it.each(MOVES)("%s: a run at %s in %s: %s → %s at %s", async (_b, at, code, action, after, to, item) => {
    const { run, order } = await runAt(at, code);
    const done = ok(
      await act(press, run.id, action, action === "complete" ? { good_quantity: 500, waste: 4 } : {}),
    );
    // Arriving at staging (a station without a board), a run takes its output status: staged.
    const expected = to === "ST1" && action === "complete" ? "staged" : after;
    expect(done.status_id).toBe(runStatus[expected]);
    expect(done.station_id).toBe(station[to].id);
    if (to !== at) expect(done.operator_id).toBeNull();
    if (item) expect((await itemOf(order)).item_status_id).toBe(itemStatus[item]);
  });

  it("moves the items with their run: printing, printed, then staged at staging", async () => {
    const { run, order } = await runAt("DP1", "sent_to_rip");
    expect((await itemOf(order)).item_status_id).toBe(itemStatus.batched);
    ok(await act(press, run.id, "start"));
    expect((await itemOf(order)).item_status_id).toBe(itemStatus.printing);
    ok(await act(press, run.id, "complete", { good_quantity: 500, waste: 0 }));
    expect((await itemOf(order)).item_status_id).toBe(itemStatus.printed);
    ok(await act(press, run.id, "start"));
    const staged = ok(await act(press, run.id, "complete", { good_quantity: 500, waste: 0 }));
    expect(staged.status_id).toBe(runStatus.staged);
    // Printed → cut → staged, each a move of the item workflow.
    expect((await itemOf(order)).item_status_id).toBe(itemStatus.staged);
    const logs = (await admin.call("GET", `orders/${order.id}/change-logs?limit=20`)).json() as Data<
      { changes: Record<string, { to: unknown }> }[]
    >;
    expect(logs.data.some((l) => Object.values(l.changes).some((c) => c.to === itemStatus.staged))).toBe(
      true,
    );
  });

  // [what, station, status, action, refusal]
  const REFUSED: [string, string, string, string, string | RegExp][] = [
    [
      "no move while at work",
      "CT1",
      "coating",
      "move",
      /is Coating: complete the work at UV coating before sending it on/,
    ],
    ["no move before print", "OP1", "plated", "move", /is Plated: complete the work at Offset press 1/],
    [
      "no board at staging",
      "ST1",
      "staged",
      "start",
      /is at Staging, a station without a board: there is nothing to start there/,
    ],
    ["nothing after shipping", "SH1", "staged", "move", /has no station after Shipping on its items' routes/],
    ["cutting is no coater's start", "CU1", "printed", "complete", "A run cannot go from Printed to Cut"],
  ];

  it.each(REFUSED)("refuses %s", async (_what, at, code, action, message) => {
    const { run } = await runAt(at, code);
    refused(await act(press, run.id, action, { good_quantity: 1, waste: 0 }), 409, message);
  });

  it("refuses claiming a closed run", async () => {
    const { run } = await runAt("SH1", "shipping");
    await admin.update("runs", run.id, { status_id: runStatus.closed });
    refused(
      await act(press, run.id, "claim"),
      409,
      `Run ${run.run_number} is Closed: a complete run cannot be claimed`,
    );
  });

  it("guards the digital queues with Order ReadAny", async () => {
    for (const type of ["digital_production", "digital_cutting"]) {
      expect((await csr.call("GET", `production/boards/${type}`)).statusCode).toBe(200);
      expect((await press.call("GET", `production/boards/${type}`)).statusCode).toBe(403);
      const board = ok<{ cards: Json[] }>(await admin.call("GET", `production/boards/${type}`));
      expect(board.cards.length, type).toBeGreaterThan(0);
    }
    for (const path of ["jugglers/prepress", "jugglers/digital", "staging", "shipping", "outsourced"]) {
      expect((await press.call("GET", `production/${path}`)).statusCode, path).toBe(403);
    }
    expect((await admin.call("GET", "production/jugglers/offset")).statusCode).toBe(404);
  });

  interface Candidate extends Json {
    id: number;
    order_id: number;
    quantity: number;
    stock_id: number;
    color_spec: string;
    coating: string;
  }

  it("gangs the juggler's candidates: same stock, colours and coating; a mismatch refused with its reason", async () => {
    const work = ok<{ items: Candidate[]; runs: Json[]; station_id: number }>(
      await admin.call("GET", "production/jugglers/prepress"),
    );
    const key = (c: Candidate) => `${c.stock_id}|${c.color_spec}|${c.coating}`;
    const groups = new Map<string, Candidate[]>();
    for (const c of work.items) groups.set(key(c), [...(groups.get(key(c)) ?? []), c]);
    const [alike, other] = [...groups.values()].sort((a, b) => b.length - a.length);
    expect(alike.length, "four seeded alike").toBeGreaterThanOrEqual(3);
    expect(other?.length, "another gang").toBeGreaterThanOrEqual(1);
    const digital = ok<{ items: Candidate[] }>(await admin.call("GET", "production/jugglers/digital"));
    expect(digital.items.length).toBeGreaterThanOrEqual(3);

    const three = alike.slice(0, 3);
    const stockBefore = await admin.get("inventories", three[0].stock_id);
    const slot = (c: Candidate, n: number) => ({
      order_id: c.order_id,
      order_item_id: c.id,
      slot: n,
      number_up: 4,
      quantity_required: c.quantity,
    });
    const run = await csr.call("POST", "runs", {
      stock_id: three[0].stock_id,
      color_spec: three[0].color_spec,
      coating: three[0].coating,
      station_id: work.station_id,
      items: three.map((c, i) => slot(c, i + 1)),
    });
    // Customer service has no Run Create: the juggler is the administrator here.
    expect(run.statusCode).toBe(403);
    const gang = await admin.create("runs", {
      stock_id: three[0].stock_id,
      color_spec: three[0].color_spec,
      coating: three[0].coating,
      station_id: work.station_id,
      items: three.map((c, i) => slot(c, i + 1)),
    });
    expect(gang.status_id).toBe(runStatus.filling);
    const needed = Math.max(...three.map((c) => Math.ceil(c.quantity / 4)));
    expect(gang.sheets).toBe(needed);
    const stockAfter = await admin.get("inventories", three[0].stock_id);
    expect(Number(stockAfter.committed) - Number(stockBefore.committed)).toBe(needed);
    const after = ok<{ items: Candidate[]; runs: Saved[] }>(
      await admin.call("GET", "production/jugglers/prepress"),
    );
    expect(after.items.some((c) => three.some((x) => x.id === c.id))).toBe(false);
    expect(after.runs.some((r) => r.id === gang.id)).toBe(true);
    for (const c of three) {
      const items = (await admin.get("orders", c.order_id)).items as Saved[];
      expect(items.find((i) => i.id === c.id)?.item_status_id).toBe(itemStatus.batched);
    }

    // Extended with an item of another gang: refused, the mismatch named.
    const odd = other[0];
    const rows = (gang.items as Saved[]).map((i) => ({ id: i.id }));
    const res = await admin.call("PATCH", `runs/${gang.id}`, {
      version: gang.version,
      items: [...rows, slot(odd, 4)],
    });
    refused(
      res,
      400,
      new RegExp(
        `^Item ${odd.id} (is on .+, the run is on|prints .+, the run prints|has .+ coating, the run has)`,
      ),
    );
    // Taken off again, an item goes back to the juggler.
    ok(await admin.call("PATCH", `runs/${gang.id}`, { version: gang.version, items: rows.slice(0, 2) }));
    const back = ok<{ items: Candidate[] }>(await admin.call("GET", "production/jugglers/prepress"));
    expect(back.items.some((c) => c.id === three[2].id)).toBe(true);
  });

  interface Queued extends Json {
    id: number;
    order_number: string;
    version: number;
    staged: number;
    total: number;
  }

  it("releases a wholly staged order to shipping, refuses one still missing items, and makes its packing slip", async () => {
    const staging = ok<Queued[]>(await csr.call("GET", "production/staging"));
    const partial = staging.find((o) => o.staged < o.total);
    const whole = staging.find((o) => o.total > 0 && o.staged === o.total);
    expect(partial, "a half-staged order (seed)").toBeDefined();
    expect(whole, "a wholly staged order (seed)").toBeDefined();
    if (!partial || !whole) return;
    refused(
      await csr.call("POST", `production/staging/${partial.id}/release`, {}),
      409,
      new RegExp(
        `^${partial.order_number} cannot go to shipping yet, ${partial.staged} of ${partial.total} items staged: item \\d+ .+ is `,
      ),
    );
    expect((await press.call("POST", `production/staging/${whole.id}/release`, {})).statusCode).toBe(403);
    refused(
      await csr.call("POST", `production/staging/${whole.id}/release`, { version: whole.version + 3 }),
      409,
      "This order was changed by someone else since you opened it. Reload it to see their changes.",
    );
    const released = ok(
      await csr.call("POST", `production/staging/${whole.id}/release`, { version: whole.version }),
    );
    const orderStatuses = (await admin.call("GET", "statuses?limit=100&entity=order")).json() as Data<
      Saved[]
    >;
    expect(released.status_id).toBe(orderStatuses.data.find((s) => s.code === "ready_to_ship")?.id);

    const shipping = ok<(Queued & { left_to_ship: number; slips: Json[] })[]>(
      await csr.call("GET", "production/shipping"),
    );
    const ready = shipping.find((o) => o.id === whole.id);
    expect(ready?.slips).toEqual([]);
    const slip = ok<Saved>(await csr.call("POST", `production/shipping/${whole.id}/packing-slip`, {}), 201);
    expect(slip.status).toBe("draft");
    expect(slip.order_id).toBe(whole.id);
    const lines = slip.lines as Saved[];
    expect(lines.reduce((n, l) => n + Number(l.quantity_shipped), 0)).toBe(ready?.left_to_ship);
    refused(
      await csr.call("POST", `production/shipping/${whole.id}/packing-slip`, {}),
      409,
      `Every item of ${whole.order_number} is on a packing slip already (${slip.slip_number})`,
    );
    refused(
      await csr.call("POST", `production/shipping/${partial.id}/packing-slip`, {}),
      409,
      `${partial.order_number} is not ready to ship: release it from staging first`,
    );
  });

  it("lists the items at the trade printer with vendor, dates and purchase order", async () => {
    const items = ok<Json[]>(await admin.call("GET", "production/outsourced"));
    expect(items.length).toBeGreaterThan(0);
    const item = items.find((i) => i.po_number !== null);
    expect(item).toMatchObject({ vendor: expect.any(String), sent_on: expect.any(String) });
    expect(String(item?.expected_on) >= String(item?.sent_on)).toBe(true);
  });
});
