import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, api, type Json, makeOrder, type Saved, status, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 16, class 7: terminal statuses are never left, an item past open stays on its order, an
// order is complete only when its items are, and status setup in use cannot be corrupted. Each
// wrong write is refused through the API with a message naming the rule; the right one passes.

// The seeded order-item walk to Packed (domain.md's sequence, seed-data/statuses.ts).
const TO_PACKED = [
  "preflight",
  "awaiting_proof",
  "approved",
  "batched",
  "printing",
  "printed",
  "cut",
  "staged",
  "packed",
];

describeEachStore("status rules (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    const codes = [...TO_PACKED, "received", "shipped", "delivered", "cancelled"];
    for (const code of codes) ids[`item:${code}`] = (await status(a, "order_item", code)).id;
    for (const code of ["received", "in_production", "ready_to_ship", "shipped", "invoiced", "cancelled"]) {
      ids[`order:${code}`] = (await status(a, "order", code)).id;
    }
  });
  afterAll(() => t?.dispose());

  const patch = async (order: Saved, body: Json) => {
    const { version } = await a.get("orders", order.id);
    return a.call("PATCH", `orders/${order.id}`, { ...body, version });
  };
  const rowsOf = async (order: Saved) => (await a.get("orders", order.id)).items as Saved[];
  /** Moves item `index` of the order along `codes`, one accepted PATCH each. */
  async function walkItem(order: Saved, index: number, codes: string[]) {
    for (const code of codes) {
      const rows = await rowsOf(order);
      const items = rows.map((r, i) =>
        i === index ? { id: r.id, item_status_id: ids[`item:${code}`] } : { id: r.id },
      );
      const res = await patch(order, { items });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const refused = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
    expect(res.statusCode).toBe(status);
    expect((res.json() as { message: string }).message).toBe(message);
  };

  describe("terminal means terminal", () => {
    it("never revives a cancelled order, whatever it asks for", async () => {
      const order = await makeOrder(a, [{}]);
      const cancelled = await patch(order, { status_id: ids["order:cancelled"] });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      for (const code of ["received", "in_production"]) {
        const res = await patch(order, { status_id: ids[`order:${code}`] });
        refused(
          res,
          409,
          `${order.order_number} is Cancelled: a cancelled order cannot change status (a cancelled status is final)`,
        );
      }
      expect((await a.get("orders", order.id)).status_id).toBe(ids["order:cancelled"]);
    });

    it("moves a complete item only on to the complete statuses it lists", async () => {
      const order = await makeOrder(a, [{}]);
      await walkItem(order, 0, [...TO_PACKED, "shipped"]);
      const [row] = await rowsOf(order);
      const back = await patch(order, { items: [{ id: row.id, item_status_id: ids["item:packed"] }] });
      const message = `Item 1 of ${order.order_number} is Shipped: a shipped order item can only move on to Delivered (a complete status is final)`;
      refused(back, 409, message);
      expect(back.json().errors).toEqual([{ field: "items.0.item_status_id", message }]);
      const cancel = await patch(order, { items: [{ id: row.id, item_status_id: ids["item:cancelled"] }] });
      refused(cancel, 409, message);

      await walkItem(order, 0, ["delivered"]);
      const out = await patch(order, { items: [{ id: row.id, item_status_id: ids["item:shipped"] }] });
      refused(
        out,
        409,
        `Item 1 of ${order.order_number} is Delivered: a delivered order item cannot change status (a complete status is final)`,
      );
    });

    it("keeps a row's moves checked when the row is replaced by its id", async () => {
      const order = await makeOrder(a, [{}]);
      await walkItem(order, 0, TO_PACKED.slice(0, 4)); // batched
      const [row] = await rowsOf(order);
      const res = await patch(order, {
        items: [{ id: row.id, description: "Replaced", quantity: 250, item_status_id: ids["item:received"] }],
      });
      refused(res, 409, "An order item cannot go from Batched to Received");
    });
  });

  describe("an item past open stays on its order", () => {
    it("refuses to drop (or drop and re-add) an item in production; an open one may go", async () => {
      const order = await makeOrder(a, [{ description: "First" }, { description: "Second" }]);
      await walkItem(order, 0, TO_PACKED.slice(0, 4)); // batched
      const [first, second] = await rowsOf(order);
      const message = `Item 1 of ${order.order_number} is Batched: only an order item in an open status can be removed from its order`;
      const dropped = await patch(order, { items: [{ id: second.id }] });
      refused(dropped, 409, message);
      const readded = await patch(order, {
        items: [
          {
            product_id: first.product_id,
            description: "First",
            quantity: 500,
            item_status_id: ids["item:received"],
          },
          { id: second.id },
        ],
      });
      refused(readded, 409, message);

      const ok = await patch(order, { items: [{ id: first.id }] });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json().data.items as Saved[]).map((r) => r.id)).toEqual([first.id]);
    });

    it("keeps a cancelled item too", async () => {
      const order = await makeOrder(a, [{}, {}]);
      await walkItem(order, 1, ["cancelled"]);
      const [first] = await rowsOf(order);
      refused(
        await patch(order, { items: [{ id: first.id }] }),
        409,
        `Item 2 of ${order.order_number} is Cancelled: only an order item in an open status can be removed from its order`,
      );
    });
  });

  describe("an order's status follows its items", () => {
    it("is complete only when every item not cancelled is", async () => {
      const order = await makeOrder(a, [{}, {}]);
      await walkItem(order, 0, TO_PACKED);
      await walkItem(order, 1, ["cancelled"]);
      expect((await a.get("orders", order.id)).status_id).toBe(ids["order:in_production"]);
      const ready = await patch(order, { status_id: ids["order:ready_to_ship"] });
      expect(ready.statusCode, ready.body).toBe(200);

      const early = await patch(order, { status_id: ids["order:shipped"] });
      refused(
        early,
        409,
        `${order.order_number} cannot be Shipped: an order follows its items, and item 1 is Packed (every item not cancelled must be complete first)`,
      );

      // The item ships in the same write: accepted (the cancelled item does not hold it back).
      const [first, second] = await rowsOf(order);
      const both = await patch(order, {
        status_id: ids["order:shipped"],
        items: [{ id: first.id, item_status_id: ids["item:shipped"] }, { id: second.id }],
      });
      expect(both.statusCode, both.body).toBe(200);
      expect(both.json().data.status_id).toBe(ids["order:shipped"]);

      // A new, unprinted item cannot join a shipped order.
      const added = await patch(order, {
        items: [
          { id: first.id },
          { id: second.id },
          { product_id: first.product_id, description: "Late", quantity: 100 },
        ],
      });
      refused(
        added,
        409,
        `${order.order_number} cannot be Shipped: an order follows its items, and item 3 is Received (every item not cancelled must be complete first)`,
      );
    });

    it("refuses an order created complete with unprinted items", async () => {
      const customer = await a.first("customers");
      const product = await a.first("products");
      const res = await a.call("POST", "orders", {
        order_number: unique("W-"),
        customer_id: customer.id,
        status_id: ids["order:shipped"],
        items: [{ product_id: product.id, description: "Cards", quantity: 100 }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /^W-\S+ cannot be Shipped: an order follows its items, and item 1 is Received \(every item not cancelled must be complete first\)$/,
      );
    });

    it("holds for the seeded orders", async () => {
      const complete = (await a.call("GET", "statuses?entity=order&category=complete&limit=100")).json()
        .data as Saved[];
      const itemCategory = new Map(
        ((await a.call("GET", "statuses?entity=order_item&limit=100")).json().data as Saved[]).map((s) => [
          s.id,
          s.category,
        ]),
      );
      for (const s of complete) {
        const orders = (await a.call("GET", `orders?status_id=${s.id}&limit=100`)).json().data as Saved[];
        for (const o of orders) {
          const items = (await a.get("orders", o.id)).items as Saved[];
          const behind = items.filter(
            (i) => !["complete", "cancelled"].includes(String(itemCategory.get(i.item_status_id as number))),
          );
          expect(behind, `${o.order_number}`).toEqual([]);
        }
      }
    });
  });

  describe("status setup cannot be corrupted while in use", () => {
    it("keeps the entity of a status records use; an unused one may change", async () => {
      const used = await a.create("statuses", { name: "QA used", code: "qa_used", entity: "order" });
      const order = await makeOrder(a, [{}], { status_id: used.id });
      expect(order.status_id).toBe(used.id);
      const res = await a.call("PATCH", `statuses/${used.id}`, { entity: "run", version: used.version });
      refused(
        res,
        409,
        "This status is used by 1 order: a status in use cannot change entity (orders to runs)",
      );
      const free = await a.create("statuses", { name: "QA free", code: "qa_free", entity: "order" });
      const moved = await a.call("PATCH", `statuses/${free.id}`, { entity: "run", version: free.version });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.entity).toBe("run");
    });

    it("keeps codes unique per entity", async () => {
      const dup = await a.call("POST", "statuses", { name: "Again", code: "received", entity: "order" });
      refused(
        dup,
        409,
        'Another status of orders already has the code "received": codes are unique per entity. Use a different code.',
      );
      const free = await a.create("statuses", { name: "QA moved", code: "qa_moved", entity: "run" });
      const clash = await a.call("PATCH", `statuses/${free.id}`, { code: "closed", version: free.version });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toMatch(/already has the code "closed": codes are unique per entity/);
      const other = await a.call("POST", "statuses", {
        name: "Received",
        code: "received",
        entity: "refund",
      });
      expect(other.statusCode, other.body).toBe(201);
    });

    it("lets a status lead only to statuses of its own entity", async () => {
      const wrong = await a.call("POST", "statuses", {
        name: "QA next",
        code: "qa_next",
        entity: "order",
        next_status_ids: [ids["order:received"], ids["item:printed"]],
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([
        {
          field: "next_status_ids",
          message:
            '"Printed" is a status of order items; a status of orders can only lead to statuses of orders',
        },
      ]);
      const right = await a.call("POST", "statuses", {
        name: "QA next",
        code: "qa_next",
        entity: "order",
        next_status_ids: [ids["order:received"]],
      });
      expect(right.statusCode, right.body).toBe(201);
    });
  });
});
