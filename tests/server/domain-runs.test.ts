import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type Api,
  api,
  expectFieldError,
  makeInventory,
  makeOrder,
  type Saved,
  status,
  unique,
} from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Runs: the gang rule (stock, colours, coating), the stock a run commits (the item needing the
// most sheets, ceil(quantity required ÷ number up), plus overs), never beyond what is on hand,
// released when items leave or the run is cancelled or deleted; due_at = the earliest item's.

describeEachStore("runs (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let gloss: Saved;
  let matte: Saved;
  let order: Saved;
  /** The order's items: 0 and 4 match the run, 1 is on matte, 2 prints 4/0, 3 is aqueous. */
  let items: Saved[];

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    gloss = await makeInventory(a, "100# Gloss Cover 19×25 (run test)", 1000);
    matte = await makeInventory(a, "80# Matte Text 19×25 (run test)", 1000);
    const same = { stock_id: gloss.id, color_spec: "4/4", coating: "uv" };
    order = await makeOrder(a, [
      { ...same, quantity: 5000 },
      { ...same, stock_id: matte.id },
      { ...same, color_spec: "4/0" },
      { ...same, coating: "aqueous" },
      { ...same, quantity: 200 },
    ]);
    items = order.items as Saved[];
  });
  afterAll(() => t?.dispose());

  const slot = (i: number, extra: Record<string, unknown> = {}) => ({
    order_id: order.id,
    order_item_id: items[i].id,
    slot: i + 1,
    number_up: 10,
    quantity_required: 5000,
    ...extra,
  });
  const newRun = (runItems: unknown[], extra: Record<string, unknown> = {}) =>
    a.call("POST", "runs", {
      run_number: unique("R-"),
      stock_id: gloss.id,
      color_spec: "4/4",
      coating: "uv",
      items: runItems,
      ...extra,
    });
  const committed = async (stock: Saved) => {
    const row = await a.get("inventories", stock.id);
    return { committed: row.committed, available: row.available };
  };

  it("commits the sheets its items need and sets sheets and due_at", async () => {
    const res = await newRun([
      slot(0, { due_at: "2026-03-10T17:00:00.000Z" }),
      slot(0, { quantity_required: 800, number_up: 4, due_at: "2026-03-06T17:00:00.000Z" }),
    ]);
    // The same order item twice is refused: one slot per item.
    expectFieldError(res, "items.1.order_item_id", `Item ${items[0].id} is on this run twice`);

    const res2 = await newRun([
      slot(0, { due_at: "2026-03-10T17:00:00.000Z" }),
      slot(4, { quantity_required: 200, number_up: 1, due_at: "2026-03-06T17:00:00.000Z" }),
    ]);
    const run = res2.json().data as Saved;
    // 5,000 at 10 up needs 500 sheets, 200 at 1 up 200: the first sets the count, the second comes out over.
    expect(run).toMatchObject({ sheets: 500, due_at: "2026-03-06T17:00:00.000Z" });
    expect(await committed(gloss)).toEqual({ committed: 500, available: 500 });

    // Overs are sheets too.
    await a.update("runs", run.id, { overs: 50 });
    expect(await committed(gloss)).toEqual({ committed: 550, available: 450 });

    const emptied = await a.update("runs", run.id, { items: [] });
    expect(emptied.due_at).toBeNull();
    expect(await committed(gloss)).toEqual({ committed: 0, available: 1000 });
    await a.call("DELETE", `runs/${run.id}`);
  });

  it("refuses items that do not share the run's stock, colours and coating (400)", async () => {
    const names = [gloss.name, matte.name];
    const stock = await newRun([slot(0), slot(1)]);
    expectFieldError(
      stock,
      "items.1.order_item_id",
      `Item ${items[1].id} is on ${names[1]}, the run is on ${names[0]}`,
    );
    const colours = await newRun([slot(2)]);
    expectFieldError(colours, "items.0.order_item_id", `Item ${items[2].id} prints 4/0, the run prints 4/4`);
    const coating = await newRun([slot(3)]);
    expectFieldError(
      coating,
      "items.0.order_item_id",
      `Item ${items[3].id} has Aqueous coating, the run has UV coating`,
    );
    expect(await committed(gloss)).toEqual({ committed: 0, available: 1000 });

    // Changing the run's own stock re-checks the items it holds.
    const run = (await newRun([slot(0)])).json().data as Saved;
    const moved = await a.call("PATCH", `runs/${run.id}`, { stock_id: matte.id, version: run.version });
    expectFieldError(
      moved,
      "items.0.order_item_id",
      `Item ${items[0].id} is on ${names[0]}, the run is on ${names[1]}`,
    );
    await a.call("DELETE", `runs/${run.id}`);
  });

  it("never commits more than is on hand (409), and leaves nothing changed", async () => {
    const run = (await newRun([slot(0)])).json().data as Saved;
    expect(await committed(gloss)).toEqual({ committed: 500, available: 500 });
    const res = await a.call("PATCH", `runs/${run.id}`, {
      items: [{ ...slot(0), id: (run.items as Saved[])[0].id, number_up: 2 }],
      version: run.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Not enough ${gloss.name}: 1,000 sheets available, 2,500 needed`);
    expect(await committed(gloss)).toEqual({ committed: 500, available: 500 });

    // A second run sees only what the first left available (another item: item 0 is on the first).
    const second = await newRun([slot(4, { number_up: 8 })]);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`Not enough ${gloss.name}: 500 sheets available, 625 needed`);
    await a.call("DELETE", `runs/${run.id}`);
    expect(await committed(gloss)).toEqual({ committed: 0, available: 1000 });
  });

  it("releases the stock of a cancelled run", async () => {
    const cancelled = await status(a, "run", "cancelled");
    const run = (await newRun([slot(0)])).json().data as Saved;
    expect((await committed(gloss)).committed).toBe(500);
    await a.update("runs", run.id, { status_id: cancelled.id });
    expect(await committed(gloss)).toEqual({ committed: 0, available: 1000 });
  });

  it("logs the committed change on the stock item and releases it when the run is deleted", async () => {
    const order2 = await makeOrder(a, [
      { stock_id: matte.id, color_spec: "4/4", coating: "uv", quantity: 300 },
    ]);
    const item = (order2.items as Saved[])[0];
    const run = (
      await newRun(
        [{ order_id: order2.id, order_item_id: item.id, slot: 1, number_up: 1, quantity_required: 300 }],
        {
          stock_id: matte.id,
        },
      )
    ).json().data as Saved;
    expect((await committed(matte)).committed).toBe(300);
    const inventoryLog = (await a.call("GET", `inventories/${matte.id}/change-logs`)).json().data;
    expect(inventoryLog[0].changes.committed).toEqual({ from: 0, to: 300 });
    await a.call("DELETE", `runs/${run.id}`);
    expect((await committed(matte)).committed).toBe(0);
  });
});
