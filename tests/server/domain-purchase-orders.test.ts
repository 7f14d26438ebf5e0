import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, makeInventory, type Saved, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Purchase orders: the total, receipts raising on hand (logged, in the write's transaction,
// under a lock of the inventory row), corrections taking stock back, the status following the
// receipts along the declared transitions, and on order.

interface QuantityChange {
  inventory_id: number;
  type: string;
  quantity: number;
  balance_after: number;
  reference: string | null;
}

describeEachStore("purchase orders (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let vendor: Saved;
  let facility: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    [vendor, facility] = await Promise.all([a.first("vendors"), a.first("facilities")]);
  });
  afterAll(() => t?.dispose());

  const newPo = (stock: Saved, extra: Record<string, unknown> = {}, quantity = 500) =>
    a.create("purchase-orders", {
      po_number: unique("PO-"),
      vendor_id: vendor.id,
      deliver_to_id: facility.id,
      status: "sent",
      lines: [{ inventory_id: stock.id, description: "100# Gloss Cover 19×25", quantity, unit_cost: 0.05 }],
      ...extra,
    });
  /** The line as stored, with quantity_received set: one receipt (or correction). */
  const receive = (po: Saved, quantityReceived: number) => {
    const [line] = po.lines as Saved[];
    return a.call("PATCH", `purchase-orders/${po.id}`, {
      version: po.version,
      lines: [{ ...line, quantity_received: quantityReceived }],
    });
  };
  const log = async (stock: Saved) =>
    (await a.call("GET", `inventories/quantity-change-logs?inventory_id=${stock.id}&limit=100`)).json()
      .data as QuantityChange[];

  it("totals the lines, freight and tax", async () => {
    const stock = await makeInventory(a, "Totals stock", 0);
    const po = await newPo(stock, { freight: 20, tax: 5.13 });
    expect(po.total).toBe(50.13);
    const more = await a.update("purchase-orders", po.id, {
      lines: [...(po.lines as Saved[]), { description: "Shrink wrap", quantity: 3, unit_cost: 12.5 }],
    });
    expect(more.total).toBe(87.63);
    expect((await a.update("purchase-orders", po.id, { freight: 0 })).total).toBe(67.63);
  });

  it("raises on hand by each receipt, logs it and moves the status", async () => {
    const stock = await makeInventory(a, "Receipt stock", 100);
    let po = await newPo(stock);
    expect((await a.get("inventories", stock.id)).on_order).toBe(500);

    let res = await receive(po, 200);
    expect(res.statusCode).toBe(200);
    po = res.json().data;
    expect(po.status).toBe("partially_received");
    expect(await a.get("inventories", stock.id)).toMatchObject({
      on_hand: 300,
      available: 300,
      on_order: 300,
    });
    expect((await log(stock))[0]).toMatchObject({
      type: "receive",
      quantity: 200,
      balance_after: 300,
      reference: po.po_number,
    });

    res = await receive(po, 500);
    po = res.json().data;
    expect(po).toMatchObject({ status: "received", received_at: new Date().toISOString().slice(0, 10) });
    expect(await a.get("inventories", stock.id)).toMatchObject({ on_hand: 600, on_order: 0 });

    // Lowering the received quantity takes the difference back; the status stays (no way back).
    res = await receive(po, 450);
    po = res.json().data;
    expect(po.status).toBe("received");
    expect((await a.get("inventories", stock.id)).on_hand).toBe(550);
    expect((await log(stock))[0]).toMatchObject({ type: "adjust", quantity: -50, balance_after: 550 });
  });

  it("counts sequential receipts of one line exactly", async () => {
    const stock = await makeInventory(a, "Sequential stock", 0);
    let po = await newPo(stock, {}, 1000);
    for (let i = 1; i <= 10; i++) {
      const res = await receive(po, i * 10);
      expect(res.statusCode).toBe(200);
      po = res.json().data;
    }
    expect((await a.get("inventories", stock.id)).on_hand).toBe(100);
    const entries = await log(stock);
    expect(entries.filter((e) => e.type === "receive").map((e) => e.quantity)).toEqual(Array(10).fill(10));
  });

  it("a stale receipt of the same line is refused, not counted twice", async () => {
    const stock = await makeInventory(a, "Stale stock", 0);
    const po = await newPo(stock);
    const results = await Promise.all([receive(po, 100), receive(po, 100)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await a.get("inventories", stock.id)).on_hand).toBe(100);
  });

  it("two purchase orders receiving into one item at once never double count", async () => {
    const stock = await makeInventory(a, "Concurrent stock", 50);
    const pos = await Promise.all(Array.from({ length: 4 }, () => newPo(stock)));
    const results = await Promise.all(pos.map((po, i) => receive(po, 100 + i)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // 50 + 100 + 101 + 102 + 103
    expect((await a.get("inventories", stock.id)).on_hand).toBe(456);
    const receipts = (await log(stock)).filter((e) => e.type === "receive");
    expect(receipts).toHaveLength(4);
    expect(receipts.map((e) => e.balance_after).sort((x, y) => x - y)).toEqual(
      [...new Set(receipts.map((e) => e.balance_after))].sort((x, y) => x - y),
    );
    expect(Math.max(...receipts.map((e) => e.balance_after))).toBe(456);
  });

  it("refuses receipts on a draft purchase order and deleting one that received (409)", async () => {
    const stock = await makeInventory(a, "Draft stock", 0);
    const draft = await newPo(stock, { status: "draft" });
    const res = await receive(draft, 10);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${draft.po_number} is Draft: only a sent, acknowledged or partially received purchase order receives stock`,
    );
    expect((await a.get("inventories", stock.id)).on_hand).toBe(0);

    const sent = await newPo(stock);
    await receive(sent, 10);
    const deleted = await a.call("DELETE", `purchase-orders/${sent.id}`);
    expect(deleted.statusCode).toBe(409);
    expect((await a.get("inventories", stock.id)).on_hand).toBe(10);
  });
});
