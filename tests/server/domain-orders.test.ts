import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, api, makeOrder, type Saved, status } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Orders: subtotal, total and amount due are the server's (items, charges, captured payments),
// and the status follows the items along the order workflow.

describeEachStore("orders (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
  });
  afterAll(() => t?.dispose());

  const pay = (order: Saved, amount: number, state: string) =>
    a.create("user-payments", {
      order_id: order.id,
      customer_id: order.customer_id,
      amount,
      status: state,
      paid_at: "2026-03-02T16:00:00.000Z",
    });

  it("computes subtotal, total and amount due from the items and charges", async () => {
    const order = await makeOrder(a, [{ price: 100.1 }, { price: 45.25 }, { price: null }], {
      discount: 10,
      shipping: 12.5,
      tax: 8.2,
    });
    expect(order).toMatchObject({ subtotal: 145.35, total: 156.05, amount_due: 156.05 });

    const changed = await a.update("orders", order.id, {
      items: [{ price: 200 }].map((i) => ({ ...i, ...pick(order) })),
    });
    expect(changed).toMatchObject({ subtotal: 200, total: 210.7, amount_due: 210.7 });

    const charges = await a.update("orders", order.id, { discount: 0.7 });
    expect(charges).toMatchObject({ subtotal: 200, total: 220, amount_due: 220 });
  });

  it("refuses the computed fields in a body (400)", async () => {
    const order = await makeOrder(a, [{ price: 10 }]);
    for (const field of ["subtotal", "total", "amount_due"]) {
      const res = await a.call("PATCH", `orders/${order.id}`, { [field]: 1, version: order.version });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field, message: "Computed by the server; leave it out of the body" },
      ]);
    }
  });

  it("takes captured payments off the amount due, as they come, change and go", async () => {
    const order = await makeOrder(a, [{ price: 300 }], { shipping: 20 });
    expect(order.amount_due).toBe(320);

    const authorized = await pay(order, 100, "authorized");
    expect((await a.get("orders", order.id)).amount_due).toBe(320);

    await a.update("user-payments", authorized.id, { status: "captured" });
    const afterCapture = await a.get("orders", order.id);
    // Two server updates: the payment state went unpaid → authorized → partially paid.
    expect(afterCapture).toMatchObject({
      amount_due: 220,
      payment_status: "partially_paid",
      version: order.version + 2,
    });

    await pay(order, 20.5, "captured");
    expect((await a.get("orders", order.id)).amount_due).toBe(199.5);

    // The items change: the captured payments still count.
    const repriced = await a.update("orders", order.id, { items: [{ ...pick(order), price: 400 }] });
    expect(repriced).toMatchObject({ total: 420, amount_due: 299.5 });

    // A payment is refunded by a processed refund request (refunded is the server's status).
    const refund = await a.create("refund-approvals", {
      order_id: order.id,
      payment_id: authorized.id,
      amount: 100,
      reason: "print_defect",
      remedy: "refund",
    });
    for (const status of ["under_review", "approved", "processed"]) {
      await a.update("refund-approvals", refund.id, { status });
    }
    expect((await a.get("user-payments", authorized.id)).status).toBe("refunded");
    expect((await a.get("orders", order.id)).amount_due).toBe(399.5);

    const logs = (await a.call("GET", `orders/${order.id}/change-logs`)).json().data as { changes: object }[];
    expect(logs[0].changes).toEqual({ amount_due: { from: 299.5, to: 399.5 } });
  });

  describe("status following the items", () => {
    let received: Saved;
    let inProduction: Saved;
    let cancelled: Saved;
    let itemStatus: Record<string, Saved>;

    beforeAll(async () => {
      [received, inProduction, cancelled] = await Promise.all(
        ["received", "in_production", "cancelled"].map((code) => status(a, "order", code)),
      );
      const codes = ["received", "printing", "packed", "cancelled"];
      const found = await Promise.all(codes.map((code) => status(a, "order_item", code)));
      itemStatus = Object.fromEntries(codes.map((code, i) => [code, found[i]]));
    });

    it("moves to the least advanced item's category, along the workflow", async () => {
      const order = await makeOrder(a, [{}, {}], { status_id: received.id });
      const moved = await a.update("orders", order.id, {
        items: [
          { ...pick(order), item_status_id: itemStatus.printing.id },
          { ...pick(order), item_status_id: itemStatus.packed.id },
        ],
      });
      // received → in_prepress → in_production: the nearest production status its workflow reaches.
      expect(moved.status_id).toBe(inProduction.id);
      const [log] = (await a.call("GET", `orders/${order.id}/change-logs`)).json().data;
      expect(log.changes.status_id).toEqual({ from: received.id, to: inProduction.id });

      // Rows past open stay on the order (status-rules.ts): they are cancelled by their ids.
      const allCancelled = await a.update("orders", order.id, {
        items: (moved.items as Saved[]).map((row) => ({
          id: row.id,
          item_status_id: itemStatus.cancelled.id,
        })),
      });
      expect(allCancelled.status_id).toBe(cancelled.id);
    });

    it("leaves a status the write chooses, and one already in the items' category", async () => {
      const order = await makeOrder(a, [{}], { status_id: received.id });
      const chosen = await a.update("orders", order.id, {
        status_id: cancelled.id,
        items: [{ ...pick(order), item_status_id: itemStatus.printing.id }],
      });
      expect(chosen.status_id).toBe(cancelled.id);

      const open = await makeOrder(a, [{}], { status_id: received.id });
      const same = await a.update("orders", open.id, {
        items: [{ ...pick(open), item_status_id: itemStatus.received.id }],
      });
      expect(same.status_id).toBe(received.id);
    });

    it("starts a new order at the first status of its items' category when none is given", async () => {
      const order = await makeOrder(a, [{ item_status_id: itemStatus.printing.id }]);
      expect(order.status_id).toBe(inProduction.id);
    });
  });
});

/** A new item like the order's first (its product, description, quantity). */
function pick(order: Saved) {
  const [item] = order.items as Saved[];
  return { product_id: item.product_id, description: item.description, quantity: item.quantity };
}
