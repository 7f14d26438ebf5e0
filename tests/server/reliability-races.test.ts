import { afterAll, beforeAll, expect, it } from "vitest";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import type { Json } from "../reliability/hostile-input";
import type { Send } from "../reliability/probe";
import { RecordBodies } from "../reliability/record-bodies";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";
import { RecordFactory } from "./resource-factory";

// Races: requests started together, as two people (or one double click) send them.
// - 20 PATCHes from the same version: exactly one wins, 19 are told of the conflict (409), the
//   record and its change log hold the winner's write once;
// - purchase-order receipts into one inventory item, in parallel: each counted once, the item's
//   quantity log a gapless chain of balances ending at on_hand;
// - runs reserving one stock item in parallel: never more committed than on hand.

const registry = await loadRegistry();
const RACERS = 20;

const kindOf = (kind: string): ResourceModel => {
  const model = registry.byKind.get(kind as ResourceModel["kind"]);
  if (!model) throw new Error(`no ${kind} kind`);
  return model;
};

describeEachStore("races (%s)", (dbKind) => {
  let t: TestApp;
  let send: Send;
  let bodies: RecordBodies;

  const call = async (method: string, url: string, body?: unknown) => {
    const res = await send(
      method,
      url,
      body === undefined ? undefined : { text: JSON.stringify(body), contentType: "application/json" },
    );
    return { status: res.status, json: JSON.parse(res.text) as Json, text: res.text };
  };
  const data = async (url: string) => (await call("GET", url)).json.data as Json;
  const changeLogs = async (path: string, id: number) =>
    ((await call("GET", `${path}/${id}/change-logs?limit=100`)).json.meta as Json).total as number;
  const quantityLog = async (inventoryId: number) =>
    (
      (await call("GET", `inventories/quantity-change-logs?inventory_id=${inventoryId}&limit=100`)).json
        .data as Json[]
    ).reverse();

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    const admin = await signIn(t.app, "admin@pressroom.test");
    send = async (method, url, body) => {
      const res = await t.app.inject({
        method: method as "GET",
        url: `/api/v1/${url}`,
        headers: { ...bearer(admin), ...(body ? { "content-type": body.contentType } : {}) },
        ...(body ? { payload: body.text } : {}),
      });
      return {
        status: res.statusCode,
        text: res.body,
        contentType: String(res.headers["content-type"] ?? ""),
      };
    };
    bodies = new RecordBodies(send, new RecordFactory(t.app, admin, registry));
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
  });

  /** A new inventory item holding `onHand`. */
  const stockItem = (onHand: number) =>
    bodies.create(kindOf("Inventory"), (body) => {
      body.on_hand = onHand;
    });

  // Each racer changes a text field to its own value (and, for kinds with rows, a row too).
  const changes: Record<string, (i: number, record: Json) => Json> = {
    Vendor: (i) => ({ name: `Racing vendor ${i}` }),
    Customer: (i) => ({ contact_name: `Racer ${i} was here` }),
    Inventory: (i) => ({ on_hand: 1000 + i }),
    Order: (i, record) => ({
      special_instructions: `Racer ${i}`,
      items: (record.items as Json[]).map((row) => ({ id: row.id, description: `Racer ${i}'s item` })),
    }),
    PurchaseOrder: (i, record) => ({
      notes: `Racer ${i}`,
      lines: (record.lines as Json[]).map((row) => ({ id: row.id, description: `Racer ${i}'s line` })),
    }),
  };

  it.each(Object.keys(changes))(
    "%s: 20 PATCHes from one version: one 200, nineteen 409s, one change-log entry",
    async (kind) => {
      const model = kindOf(kind);
      const path = model.resource.path;
      const created = await bodies.create(model);
      const record = await data(`${path}/${created.id}`);
      const logsBefore = await changeLogs(path, created.id);
      const answers = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          call("PATCH", `${path}/${created.id}`, { version: record.version, ...changes[kind](i, record) }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(RACERS - 1);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.json.message).toMatch(/changed/);
      const winner = statuses.indexOf(200);
      const after = await data(`${path}/${created.id}`);
      expect(after.version).toBe((record.version as number) + 1);
      const expected = changes[kind](winner, record);
      for (const [name, value] of Object.entries(expected)) {
        if (Array.isArray(value)) {
          expect((after[name] as Json[]).map((r) => r.description)).toEqual(
            value.map((r) => (r as Json).description),
          );
        } else expect(after[name], name).toEqual(value);
      }
      expect(await changeLogs(path, created.id)).toBe(logsBefore + 1);
      if (kind === "Inventory") {
        const log = await quantityLog(created.id);
        expect(log.at(-1)?.balance_after).toBe(after.on_hand);
        expect(log.filter((e) => e.type === "adjust")).toHaveLength(2); // the opening balance and the winner
      }
    },
  );

  it("purchase-order receipts into one item, in parallel, each count once", async () => {
    const item = await stockItem(50);
    const poModel = kindOf("PurchaseOrder");
    const quantities = [5, 7, 11, 13, 17, 19, 23, 29];
    const pos: Json[] = [];
    for (const [i, quantity] of quantities.entries()) {
      const po = await bodies.create(poModel, (body) => {
        body.status = "sent";
        body.lines = [
          { inventory_id: item.id, description: `Receipt race ${i}`, quantity, quantity_received: 0 },
        ];
      });
      pos.push(po);
    }
    const answers = await Promise.all(
      pos.map((po, i) =>
        call("PATCH", `purchase-orders/${po.id}`, {
          version: po.version,
          lines: [{ id: (po.lines as Json[])[0].id, quantity_received: quantities[i] }],
        }),
      ),
    );
    expect(
      answers.map((a) => a.status),
      answers.map((a) => a.text).join("\n"),
    ).toEqual(quantities.map(() => 200));
    for (const a of answers) expect((a.json.data as Json).status).toBe("received");
    const total = quantities.reduce((sum, q) => sum + q, 0);
    const after = await data(`inventories/${item.id}`);
    expect(after.on_hand).toBe(50 + total);
    // The log is a chain: each entry moves the balance from the one before by its quantity.
    const log = await quantityLog(item.id);
    let balance = 0;
    for (const entry of log) {
      balance += entry.quantity as number;
      expect(entry.balance_after).toBe(balance);
    }
    expect(balance).toBe(after.on_hand);
    expect(log.filter((e) => e.type === "receive").map((e) => e.quantity)).toEqual(
      expect.arrayContaining(quantities),
    );
    expect(log.filter((e) => e.type === "receive")).toHaveLength(quantities.length);
  });

  it("one receipt sent twenty times at once raises the item once", async () => {
    const item = await stockItem(10);
    const po = await bodies.create(kindOf("PurchaseOrder"), (body) => {
      body.status = "sent";
      body.lines = [
        { inventory_id: item.id, description: "Double-click receipt", quantity: 40, quantity_received: 0 },
      ];
    });
    const lineId = (po.lines as Json[])[0].id;
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        call("PATCH", `purchase-orders/${po.id}`, {
          version: po.version,
          lines: [{ id: lineId, quantity_received: 40 }],
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(RACERS - 1);
    expect((await data(`inventories/${item.id}`)).on_hand).toBe(50);
    expect((await quantityLog(item.id)).filter((e) => e.type === "receive")).toHaveLength(1);
  });

  it("runs reserving one stock item in parallel never commit more than is on hand", async () => {
    const stock = await stockItem(1000);
    const orderModel = kindOf("Order");
    const template = await bodies.body(orderModel);
    const itemTemplate = (template.items as Json[])[0];
    const racers = 6;
    const order = await bodies.create(orderModel, (body) => {
      body.items = Array.from({ length: racers }, (_, i) => ({
        ...itemTemplate,
        description: `Gang item ${i}`,
        quantity: 300,
        stock_id: stock.id,
        color_spec: "4/4",
        coating: "none",
      }));
    });
    const runModel = kindOf("Run");
    const runBodies = await Promise.all(
      (order.items as Json[]).map(async (orderItem) => {
        const body = await bodies.body(runModel);
        return {
          ...body,
          stock_id: stock.id,
          color_spec: "4/4",
          coating: "none",
          status_id: null,
          sheets: 300,
          overs: 0,
          items: [
            {
              order_id: order.id,
              order_item_id: orderItem.id,
              slot: 1,
              number_up: 1,
              quantity_required: 300,
            },
          ],
        };
      }),
    );
    const answers = await Promise.all(runBodies.map((body) => call("POST", "runs", body)));
    const statuses = answers.map((a) => a.status);
    // 1,000 on hand holds three runs of 300; the others are refused, none half-written.
    expect(
      statuses.filter((s) => s === 201),
      answers.map((a) => a.text).join("\n"),
    ).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(racers - 3);
    const after = await data(`inventories/${stock.id}`);
    expect(after.committed).toBe(900);
    expect(after.available).toBe(100);
    const runs = (await call("GET", `runs?stock_id=${stock.id}&limit=100`)).json.data as Json[];
    expect(runs).toHaveLength(3);
  });
});
