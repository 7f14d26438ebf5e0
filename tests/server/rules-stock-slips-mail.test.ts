import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../server/db/open";
import {
  dropBounds,
  dropRuleErrors,
  pieceErrors,
  presortErrors,
} from "../../server/resources/hooks/mail-order-rules";
import packingSlipHooks from "../../server/resources/hooks/packing-slips";
import purchaseOrderHooks from "../../server/resources/hooks/purchase-orders";
import { uspsHoliday } from "../../server/resources/hooks/usps-holidays";
import {
  type Api,
  api,
  expectFieldError,
  type Json,
  makeInventory,
  makeOrder,
  type Saved,
  status,
  unique,
} from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 16, classes 5 (stock: purchase-order receipts, adjustments), 6 (packing slips) and 8
// (direct mail). Each wrong write goes through the API and is refused with the rule's message;
// the right one is accepted.

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plus = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * DAY);

describe("mail-order bounds (pure)", () => {
  const NOW = Date.parse("2026-11-25T15:00:00Z");

  it("drop numbers, dates from today to a year ahead, never mailed before the date", () => {
    const errors = dropRuleErrors(
      [
        { drop_no: 1, scheduled_date: "2026-11-25", quantity: 10 },
        { drop_no: 1, scheduled_date: "2026-11-23", quantity: 10 },
        { drop_no: 3, scheduled_date: "2027-11-27", quantity: 10 },
        {
          drop_no: 4,
          scheduled_date: "2026-12-01",
          quantity: 10,
          status: "mailed",
          mailed_at: "2026-11-28T15:00:00Z",
        },
        { id: 9, drop_no: 5, scheduled_date: "2026-01-05", quantity: 10 },
      ],
      [{ id: 9, scheduled_date: "2026-01-05" }],
      NOW,
    );
    expect(errors).toEqual([
      {
        field: "drops.1.drop_no",
        message: "Drop numbers are unique within a mail order: drop 1 is already the 1st drop",
      },
      {
        field: "drops.1.scheduled_date",
        message: "A drop cannot be scheduled in the past: 2026-11-23 is before today (2026-11-25)",
      },
      {
        field: "drops.2.scheduled_date",
        message: "A drop is scheduled at most a year ahead: 2027-11-27 is after 2027-11-26",
      },
      {
        field: "drops.3.mailed_at",
        message: "Drop 4 cannot be mailed before its scheduled date 2026-12-01 (mailed on 2026-11-28)",
      },
    ]);
    // Today anywhere on earth: at 03:00 UTC it is still yesterday in America.
    expect(
      dropRuleErrors([{ drop_no: 1, scheduled_date: "2026-11-24" }], [], Date.parse("2026-11-25T03:00:00Z")),
    ).toEqual([]);
  });

  it("pieces: the smallest source bounds the drops; presort counts within the piece count", () => {
    const limits = [
      { pieces: 10_000, words: "the 10,000 records of its mailing lists (A)" },
      { pieces: 7_000, words: "the 7,000 pieces order W-1 prints" },
    ];
    const drops = [
      { drop_no: 1, quantity: 4_000 },
      { drop_no: 2, quantity: 4_000 },
      { drop_no: 3, quantity: 4_000, status: "cancelled" },
    ];
    expect(pieceErrors(drops, limits)).toEqual([
      {
        field: "drops.1.quantity",
        message: "The drops mail 8,000 pieces, more than the 7,000 pieces order W-1 prints",
      },
    ]);
    expect(pieceErrors(drops.slice(0, 1), limits)).toEqual([]);
    expect(dropBounds(drops, limits)["drops.1.quantity"]).toEqual({
      min: 1,
      max: 3_000,
      message: "At most 3,000: the 7,000 pieces order W-1 prints, 4,000 on the other drops",
    });
    expect(
      presortErrors({
        piece_count: 1000,
        presort_carrier_route: 600,
        presort_5_digit: 300,
        presort_3_digit: 200,
      }),
    ).toEqual([
      {
        field: "presort_3_digit",
        message:
          "The presort counts add up to 1,100, more than the 1,000 pieces the drops mail (3-digit goes over)",
      },
    ]);
    expect(presortErrors({ piece_count: 1000, presort_carrier_route: 600, presort_aadc: 400 })).toEqual([]);
  });

  it("a PO line receives at most its quantity ordered (the receiving form's bound)", async () => {
    const bounds = await purchaseOrderHooks.bounds?.({
      values: { lines: [{ quantity: 500, quantity_received: 0 }, { description: "no quantity yet" }] },
      id: null,
    } as never);
    expect(bounds).toEqual({
      "lines.0.quantity_received": {
        min: 0,
        max: 500,
        message: "At most 500: the quantity ordered on this line",
      },
    });
  });
});

describeEachStore("stock, packing slips and direct mail (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let customer: Saved;
  let other: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    const customers = (await a.call("GET", "customers?limit=2&sort=id")).json().data as Saved[];
    [customer, other] = customers;
  });
  afterAll(() => t?.dispose());

  const patch = async (path: string, id: number, body: Json) => {
    const { version } = await a.get(path, id);
    return a.call("PATCH", `${path}/${id}`, { ...body, version });
  };
  const expect409 = (res: { statusCode: number; json(): unknown }, message: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(409);
    expect((res.json() as { message: string }).message).toBe(message);
  };

  it("the seed keeps these rules", async () => {
    const count = async (query: string) => {
      const rows = await selectRows(t.database.db, sql.raw(query));
      return Number((rows[0] as { n: unknown }).n);
    };
    const ACTIVE_DROPS =
      "(select coalesce(sum(d.quantity), 0) from mail_orders_drops d where d.parent_id = m.id and d.status <> 'cancelled')";
    const breaks = {
      overReceived: await count(
        "select count(*) as n from purchase_orders_lines where quantity_received > quantity",
      ),
      overCommitted: await count(
        "select count(*) as n from inventories where on_hand < committed or on_hand < 0",
      ),
      slipLineOfOtherOrder: await count(
        `select count(*) as n from packing_slips_lines l join packing_slips p on p.id = l.parent_id
          where l.order_item_id is null or not exists (select 1 from orders_items i where i.id = l.order_item_id and i.parent_id = p.order_id)`,
      ),
      overShipped: await count(
        `select count(*) as n from orders_items i where i.quantity <
          (select coalesce(sum(l.quantity_shipped), 0) from packing_slips_lines l where l.order_item_id = i.id)`,
      ),
      shippedUnprinted: await count(
        `select count(*) as n from packing_slips_lines l join packing_slips p on p.id = l.parent_id
          join orders_items i on i.id = l.order_item_id left join statuses s on s.id = i.item_status_id
          where p.status <> 'draft' and l.quantity_shipped > 0 and not coalesce(s.category = 'complete'
            or (s.category = 'production' and s.code <> 'reprint' and s.sort_order >= (select min(x.sort_order)
              from statuses x where x.tenant_id = i.tenant_id and x.entity = 'order_item' and x.code = 'printed')), false)`,
      ),
      dropsOverLists: await count(
        `select count(*) as n from mail_orders m where cardinality(m.list_ids) > 0 and ${ACTIVE_DROPS} >
          (select coalesce(sum(l.record_count), 0) from lists l where l.id = any(m.list_ids))`,
      ),
      dropsOverRoutes: await count(
        `select count(*) as n from mail_orders m where cardinality(m.route_ids) > 0 and ${ACTIVE_DROPS} >
          (select coalesce(sum(r.total_count), 0) from routes r where r.id = any(m.route_ids))`,
      ),
      presortOverPieces: await count(
        `select count(*) as n from mail_orders where coalesce(presort_carrier_route, 0) + coalesce(presort_5_digit, 0)
          + coalesce(presort_3_digit, 0) + coalesce(presort_aadc, 0) + coalesce(presort_mixed_aadc, 0) > coalesce(piece_count, 0)`,
      ),
      repeatedDropNumbers: await count(
        "select count(*) as n from (select parent_id, drop_no from mail_orders_drops group by 1, 2 having count(*) > 1) x",
      ),
      mailedEarly: await count(
        "select count(*) as n from mail_orders_drops where status = 'mailed' and (mailed_at + interval '14 hours')::date < scheduled_date",
      ),
      othersLists: await count(
        "select count(*) as n from mail_orders m join lists l on l.id = any(m.list_ids) where l.customer_id is distinct from m.customer_id",
      ),
      othersOrders: await count(
        "select count(*) as n from mail_orders m join orders o on o.id = m.order_id where o.customer_id <> m.customer_id",
      ),
    };
    expect(breaks).toEqual({
      overReceived: 0,
      overCommitted: 0,
      slipLineOfOtherOrder: 0,
      overShipped: 0,
      shippedUnprinted: 0,
      dropsOverLists: 0,
      dropsOverRoutes: 0,
      presortOverPieces: 0,
      repeatedDropNumbers: 0,
      mailedEarly: 0,
      othersLists: 0,
      othersOrders: 0,
    });
  });

  describe("class 5: purchase orders and stock", () => {
    const poBody = async (stock: Saved, extra: Json = {}, line: Json = {}) => ({
      po_number: unique("PO-"),
      vendor_id: (await a.first("vendors")).id,
      deliver_to_id: (await a.first("facilities")).id,
      lines: [
        {
          inventory_id: stock.id,
          description: "100# Gloss Cover 19×25",
          quantity: 100,
          unit_cost: 0.05,
          ...line,
        },
      ],
      ...extra,
    });

    it("a PO is created before anything is received", async () => {
      const stock = await makeInventory(a, "PO create stock", 0);
      for (const status of ["received", "partially_received", "closed"]) {
        const res = await a.call("POST", "purchase-orders", await poBody(stock, { status }));
        expectFieldError(res, "status", "A new purchase order starts as Draft, Sent or Acknowledged");
      }
      const received = await a.call(
        "POST",
        "purchase-orders",
        await poBody(stock, { status: "sent" }, { quantity_received: 100 }),
      );
      expectFieldError(
        received,
        "lines.0.quantity_received",
        "A new purchase order has received nothing yet: save it, then receive the delivery on it",
      );
      expect((await a.get("inventories", stock.id)).on_hand).toBe(0);
      for (const status of ["draft", "sent", "acknowledged"]) {
        expect((await a.call("POST", "purchase-orders", await poBody(stock, { status }))).statusCode).toBe(
          201,
        );
      }
    });

    it("a line receives at most its quantity ordered", async () => {
      const stock = await makeInventory(a, "PO receipt stock", 0);
      const po = await a.create("purchase-orders", await poBody(stock, { status: "sent" }));
      const [line] = po.lines as Saved[];
      const over = await patch("purchase-orders", po.id, {
        lines: [{ ...line, quantity_received: 100_000 }],
      });
      expectFieldError(
        over,
        "lines.0.quantity_received",
        "Received 100,000 is more than the 100 ordered on this line",
      );
      expect((await a.get("inventories", stock.id)).on_hand).toBe(0);
      // Lowering the quantity ordered below what arrived is the same rule.
      const got = await a.update("purchase-orders", po.id, { lines: [{ ...line, quantity_received: 60 }] });
      const lower = await patch("purchase-orders", po.id, {
        lines: [{ ...(got.lines as Saved[])[0], quantity: 50 }],
      });
      expectFieldError(
        lower,
        "lines.0.quantity_received",
        "Received 60 is more than the 50 ordered on this line",
      );
      const full = await a.update("purchase-orders", po.id, {
        lines: [{ ...(got.lines as Saved[])[0], quantity_received: 100 }],
      });
      expect(full.status).toBe("received");
      expect((await a.get("inventories", stock.id)).on_hand).toBe(100);
    });

    it("an adjustment never takes available below zero, nor does taking a receipt back", async () => {
      const stock = await makeInventory(a, "Adjusted stock", 1000);
      const order = await makeOrder(a, [
        { stock_id: stock.id, color_spec: "4/4", coating: "uv", quantity: 4000 },
      ]);
      const run = await a.create("runs", {
        run_number: unique("R-"),
        stock_id: stock.id,
        color_spec: "4/4",
        coating: "uv",
        items: [
          {
            order_id: order.id,
            order_item_id: (order.items as Saved[])[0].id,
            slot: 1,
            number_up: 10,
            quantity_required: 4000,
          },
        ],
      });
      expect(run.sheets).toBe(400);
      expect((await a.get("inventories", stock.id)).available).toBe(600);
      const res = await patch("inventories", stock.id, { on_hand: 350 });
      expect409(
        res,
        "On hand of Adjusted stock cannot go down to 350: 400 are committed to runs and 600 available, so on hand stays at 400 or more",
      );
      expect((await a.get("inventories", stock.id)).on_hand).toBe(1000);
      const negative = await patch("inventories", stock.id, { on_hand: -5 });
      expect(negative.statusCode).toBe(400);
      const ok = await a.update("inventories", stock.id, { on_hand: 400 });
      expect(ok).toMatchObject({ on_hand: 400, committed: 400, available: 0 });

      // Received stock taken back past what the runs hold is refused too.
      const po = await a.create("purchase-orders", await poBody(stock, { status: "sent" }));
      const got = await a.update("purchase-orders", po.id, {
        lines: [{ ...(po.lines as Saved[])[0], quantity_received: 100 }],
      });
      expect((await a.get("inventories", stock.id)).on_hand).toBe(500);
      await a.update("inventories", stock.id, { on_hand: 450 });
      const back = await patch("purchase-orders", po.id, {
        lines: [{ ...(got.lines as Saved[])[0], quantity_received: 0 }],
      });
      expect409(
        back,
        "Not enough Adjusted stock available to take the receipt back: 450 on hand, 400 committed to runs, 100 to take back",
      );
      expect((await a.get("inventories", stock.id)).on_hand).toBe(450);
    });
  });

  describe("class 6: packing slips", () => {
    let printed: number;
    let printing: number;
    const slip = (order: Saved, lines: Json[], extra: Json = {}) =>
      a.call("POST", "packing-slips", { order_id: order.id, lines, ...extra });
    const line = (item: Saved, quantity_shipped: number, extra: Json = {}) => ({
      order_item_id: item.id,
      description: "Postcards 4×6",
      quantity_ordered: item.quantity,
      quantity_shipped,
      ...extra,
    });
    const printedOrder = async (quantities: number[], statusId?: number) =>
      makeOrder(
        a,
        quantities.map((quantity) => ({ quantity, item_status_id: statusId ?? printed })),
      );

    beforeAll(async () => {
      printed = (await status(a, "order_item", "printed")).id;
      printing = (await status(a, "order_item", "printing")).id;
    });

    it("is created as a draft", async () => {
      const order = await printedOrder([500]);
      const item = (order.items as Saved[])[0];
      for (const value of ["packed", "shipped", "delivered"]) {
        expectFieldError(
          await slip(order, [line(item, 500)], { status: value }),
          "status",
          "A new packing slip starts as Draft",
        );
      }
      expect((await slip(order, [line(item, 500)])).statusCode).toBe(201);
    });

    it("lines name an item of the slip's own order", async () => {
      const order = await printedOrder([500]);
      const stranger = await printedOrder([500]);
      const theirs = (stranger.items as Saved[])[0];
      expectFieldError(
        await slip(order, [line(theirs, 10)]),
        "lines.0.order_item_id",
        `Order item ${theirs.id} is not an item of ${order.order_number}: a packing slip ships its own order's items`,
      );
      expectFieldError(
        await slip(order, [{ description: "Loose box", quantity_ordered: 0, quantity_shipped: 5 }]),
        "lines.0.order_item_id",
        `Name the item of ${order.order_number} this line ships`,
      );
    });

    it("a line's quantity ordered is its item's", async () => {
      const order = await printedOrder([500]);
      const item = (order.items as Saved[])[0];
      expectFieldError(
        await slip(order, [line(item, 100, { quantity_ordered: 5_000 })]),
        "lines.0.quantity_ordered",
        `Ordered is what item 1 of ${order.order_number} (Postcards 4×6) orders: 500`,
      );
      expect((await slip(order, [line(item, 100)])).statusCode).toBe(201);
    });

    it("an item ships at most its ordered quantity over all its slips", async () => {
      const order = await printedOrder([500, 200]);
      const [first, second] = order.items as Saved[];
      expectFieldError(
        await slip(order, [line(first, 25_000)]),
        "lines.0.quantity_shipped",
        `Shipping 25,000 of item 1 of ${order.order_number} (Postcards 4×6) is more than is left to ship: 500 ordered, so at most 500`,
      );
      const part = (await slip(order, [line(first, 300), line(second, 200)])).json().data as Saved;
      expect(part.slip_number).toBeTruthy();
      expectFieldError(
        await slip(order, [line(first, 500)]),
        "lines.0.quantity_shipped",
        `Shipping 500 of item 1 of ${order.order_number} (Postcards 4×6) is more than is left to ship: 500 ordered, 300 on ${part.slip_number}, so at most 200`,
      );
      expectFieldError(
        await slip(order, [line(first, 150), line(first, 100)]),
        "lines.1.quantity_shipped",
        `Shipping 100 of item 1 of ${order.order_number} (Postcards 4×6) is more than is left to ship: 500 ordered, 300 on ${part.slip_number} and 150 on this slip's earlier lines, so at most 50`,
      );
      // The rest ships; an update of the first slip counts only the others.
      expect((await slip(order, [line(first, 200)])).statusCode).toBe(201);
      expect(
        (await patch("packing-slips", part.id, { lines: [line(first, 300), line(second, 200)] })).statusCode,
      ).toBe(200);
      const bounds = await packingSlipHooks.bounds?.({
        tx: t.database.db,
        tenantId: 1,
        values: { order_id: order.id, lines: [line(first, 0), line(second, 0)] },
        id: part.id,
      } as never);
      expect(bounds?.["lines.0.quantity_shipped"]).toMatchObject({ max: 300 });
      expect(bounds?.["lines.1.quantity_shipped"]).toMatchObject({ max: 200 });
    });

    it("two slips shipping one item at once: one of them is refused", async () => {
      const order = await printedOrder([400]);
      const item = (order.items as Saved[])[0];
      const answers = await Promise.all([slip(order, [line(item, 300)]), slip(order, [line(item, 300)])]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    });

    it("is packed only for printed items, and a shipped slip is kept", async () => {
      const order = await printedOrder([500, 100], printing);
      const [first, second] = order.items as Saved[];
      const created = (
        await slip(order, [line(first, 500), line(second, 0, { quantity_backordered: 100 })])
      ).json().data as Saved;
      const refused = await patch("packing-slips", created.id, { status: "packed" });
      expect409(
        refused,
        `${created.slip_number} cannot be Packed: item 1 of ${order.order_number} (Postcards 4×6) is Printing and has not been printed (a slip ships printed work; list it as backordered instead)`,
      );
      // Once the first item is printed the slip packs; the backordered one ships nothing.
      await a.update("orders", order.id, {
        items: [{ id: first.id, item_status_id: printed }, { id: second.id }],
      });
      expect((await a.update("packing-slips", created.id, { status: "packed" })).status).toBe("packed");
      const shipped = await a.update("packing-slips", created.id, { status: "shipped" });
      expect409(
        await a.call("DELETE", `packing-slips/${shipped.id}`),
        `${created.slip_number} is Shipped: a shipped or delivered packing slip is the record of what left the shop and is never deleted`,
      );
      const draft = (await slip(order, [line(second, 0)])).json().data as Saved;
      expect((await a.call("DELETE", `packing-slips/${draft.id}`)).statusCode).toBe(200);
    });
  });

  describe("class 8: direct mail", () => {
    /** The first business day (no weekend, no USPS holiday) on or after `from`. */
    const firstWeekday = (from: number) => {
      let date = iso(from);
      while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) || uspsHoliday(date))
        date = plus(date, 1);
      return date;
    };
    const soon = firstWeekday(Date.now() + 14 * DAY);
    const drop = (drop_no: number, quantity: number, extra: Json = {}) => ({
      drop_no,
      scheduled_date: soon,
      quantity,
      ...extra,
    });
    const listOf = (owner: Saved, records: number) =>
      a.create("lists", { name: unique("List "), customer_id: owner.id, record_count: records });
    const post = (body: Json) => a.call("POST", "mail-orders", { customer_id: customer.id, ...body });

    it("drops mail no more than the lists hold or the order prints", async () => {
      const list = await listOf(customer, 3000);
      expectFieldError(
        await post({ list_ids: [list.id], drops: [drop(1, 3500)] }),
        "drops.0.quantity",
        `The drops mail 3,500 pieces, more than the 3,000 records of its mailing lists (${list.name})`,
      );
      expect((await post({ list_ids: [list.id], drops: [drop(1, 3000)] })).statusCode).toBe(201);

      const order = await makeOrder(a, [{ quantity: 2500 }], { customer_id: customer.id });
      const mailed = await post({ order_id: order.id, drops: [drop(1, 1500)] });
      expect(mailed.statusCode).toBe(201);
      expectFieldError(
        await post({ order_id: order.id, list_ids: [list.id], drops: [drop(1, 1500)] }),
        "drops.0.quantity",
        `The drops mail 1,500 pieces, more than the 2,500 pieces order ${order.order_number} prints, less 1,500 on ${(mailed.json().data as Saved).mail_order_number}`,
      );
      expect((await post({ order_id: order.id, drops: [drop(1, 1000)] })).statusCode).toBe(201);
      // The drop form is offered what is left: 2,500 printed, 2,500 on the two mail orders.
      const bounds = await a.call("POST", "mail-orders/bounds", {
        values: { customer_id: customer.id, order_id: order.id, drops: [drop(1, 0)] },
      });
      expect(bounds.statusCode, bounds.body).toBe(200);
      expect(bounds.json().data["drops.0.quantity"]).toMatchObject({ max: 0 });
      const listBounds = await a.call("POST", "mail-orders/bounds", {
        values: { customer_id: customer.id, list_ids: [list.id], drops: [drop(1, 1000), drop(2, 0)] },
      });
      expect(listBounds.json().data["drops.1.quantity"]).toEqual({
        min: 1,
        max: 2000,
        message: `At most 2,000: the 3,000 records of its mailing lists (${list.name}), 1,000 on the other drops`,
      });
    });

    it("presort counts stay within the piece count", async () => {
      const res = await post({ drops: [drop(1, 1000)], presort_carrier_route: 800, presort_5_digit: 300 });
      expectFieldError(
        res,
        "presort_5_digit",
        "The presort counts add up to 1,100, more than the 1,000 pieces the drops mail (5-digit goes over)",
      );
      const ok = (
        await post({ drops: [drop(1, 1000)], presort_carrier_route: 700, presort_5_digit: 300 })
      ).json().data as Saved;
      expectFieldError(
        await patch("mail-orders", ok.id, { presort_aadc: 1 }),
        "presort_aadc",
        "The presort counts add up to 1,001, more than the 1,000 pieces the drops mail (AADC goes over)",
      );
    });

    it("drops are scheduled from today to a year ahead, mailed on or after their date, numbered once", async () => {
      const today = iso(Date.now());
      const past = plus(today, -3);
      const res = await post({ drops: [drop(1, 100, { scheduled_date: past })] });
      expectFieldError(
        res,
        "drops.0.scheduled_date",
        `A drop cannot be scheduled in the past: ${past} is before today (${today})`,
      );
      expectFieldError(
        await post({ drops: [drop(1, 100, { scheduled_date: "9999-01-04" })] }),
        "drops.0.scheduled_date",
        /^Use a year between 1900 and 2199|^A drop is scheduled at most a year ahead/,
      );
      const far = firstWeekday(Date.now() + 400 * DAY);
      expectFieldError(
        await post({ drops: [drop(1, 100, { scheduled_date: far })] }),
        "drops.0.scheduled_date",
        `A drop is scheduled at most a year ahead: ${far} is after ${plus(today, 366)}`,
      );
      expectFieldError(
        await post({ drops: [drop(1, 100), drop(1, 100)] }),
        "drops.1.drop_no",
        "Drop numbers are unique within a mail order: drop 1 is already the 1st drop",
      );
      // Mailed a minute ago (a mailing is never in the future), two weeks before its date.
      const justNow = new Date(Date.now() - 60_000).toISOString();
      expectFieldError(
        await post({ drops: [drop(1, 100, { status: "mailed", mailed_at: justNow })] }),
        "drops.0.mailed_at",
        `Drop 1 cannot be mailed before its scheduled date ${soon} (mailed on ${justNow.slice(0, 10)})`,
      );
      expectFieldError(
        await post({
          drops: [drop(1, 100, { status: "mailed", mailed_at: `${plus(soon, 1)}T12:00:00.000Z` })],
        }),
        "drops.0.mailed_at",
        "Mailed at cannot be in the future",
      );
      const ok = (await post({ drops: [drop(1, 100), drop(2, 100)] })).json().data as Saved;
      expect(ok.piece_count).toBe(200);
    });

    it("a mail order uses only its own customer's lists and orders", async () => {
      const theirs = await listOf(other, 5000);
      expectFieldError(
        await post({ list_ids: [theirs.id], drops: [drop(1, 100)] }),
        "list_ids",
        "Lists must be a mailing list of the mail order's customer",
      );
      const theirOrder = await makeOrder(a, [{ quantity: 500 }], { customer_id: other.id });
      expectFieldError(
        await post({ order_id: theirOrder.id, drops: [drop(1, 100)] }),
        "order_id",
        /must be an order of the mail order's customer/,
      );
      const ours = await listOf(customer, 5000);
      const ok = (await post({ list_ids: [ours.id], drops: [drop(1, 100)] })).json().data as Saved;
      // Moving the mail order to another customer with our list is the same breach.
      expectFieldError(
        await patch("mail-orders", ok.id, { customer_id: other.id }),
        "list_ids",
        "Lists must be a mailing list of the mail order's customer",
      );
    });
  });
});
