import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uspsHoliday } from "../../server/resources/hooks/usps-holidays";
import { type Api, demoStaff, type Json, type Saved, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, type TestApp } from "./helpers";

// Issue 19, the order's mail drops (/orders/manage-mail-drops/{order_id}): GET orders/{id}/mail-drops
// and POST orders/{id}/mail-drops/{mail_order_id} { version, action: add | split | reschedule }.
// Each of the mail order's rules refuses with its sentence (a weekend, a USPS holiday, past 90 days
// of the first drop, more pieces than the order prints, a split not adding up, equal quantities, a
// drop no longer scheduled, a stale version), and nothing changes; the good writes land. Order
// UpdateAny is needed (the press room: 403) and another tenant's order is a 404. Dates are worked out
// from today: weekdays a few weeks out.

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plus = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * DAY);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const TODAY = iso(Date.now());
// The drops' days, offsets from FIRST (a Wednesday three weeks or more ahead, so always within the year
// a drop may be scheduled ahead): chosen so that none is a USPS holiday.
const OFFSETS = [0, 1, 7, 14, 15, 21, 28, 91];
const firstWednesday = (from: string): string => {
  const wed = plus(from, (3 - weekday(from) + 7) % 7);
  return OFFSETS.some((d) => uspsHoliday(plus(wed, d))) ? firstWednesday(plus(wed, 1)) : wed;
};
const FIRST = firstWednesday(plus(TODAY, 21));
const SUNDAY = plus(FIRST, 4);
// A USPS holiday written out by hand, the first ahead of next week: Labor Day (the first Monday of
// September) or Thanksgiving (the fourth Thursday of November).
const nth = (date: string, day: number) => plus(date, (day - weekday(date) + 7) % 7);
const year = Number(TODAY.slice(0, 4));
const HOLIDAY = [year, year + 1]
  .flatMap((y) => [
    { date: nth(`${y}-09-01`, 1), name: "Labor Day" },
    { date: nth(`${y}-11-22`, 4), name: "Thanksgiving Day" },
  ])
  .find((h) => plus(h.date, -7) > plus(TODAY, 1)) as { date: string; name: string };

type Res = { statusCode: number; body: string; json(): unknown };
type Drop = { id: number; drop_no: number; scheduled_date: string; quantity: number; status: string };
type MailOrder = Saved & { piece_count: number; drops: Drop[]; order_id: number };

describeEachStore("an order's mail drops (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let csr: Api;
  let press: Api;
  let other: Api;
  let product: Saved;
  let customer: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    ({ admin, csr, press, other } = await demoStaff(t.app));
    product = await admin.first("products");
    customer = await admin.first("customers");
  });
  afterAll(() => t?.dispose());

  /** An order printing `pieces` of the product, and a mail order of it with these drops. */
  async function mailOrder(pieces: number, drops: Json[]): Promise<MailOrder> {
    const order = await admin.create("orders", {
      customer_id: customer.id,
      ordered_at: "2026-03-02T15:00:00.000Z",
      items: [{ product_id: product.id, description: "Postcards", quantity: pieces, price: 100 }],
    });
    return (await admin.create("mail-orders", {
      mail_order_number: unique("MD-"),
      customer_id: customer.id,
      order_id: order.id,
      product_id: product.id,
      drops: drops.map((d, i) => ({ drop_no: i + 1, status: "scheduled", ...d })),
    })) as MailOrder;
  }
  const act = (as: Api, m: MailOrder, body: Json, version = m.version) =>
    as.call("POST", `orders/${m.order_id}/mail-drops/${m.id}`, { version, ...body });
  const said = (res: Res) => {
    const body = res.json() as { message: string; errors?: { message: string }[] };
    return res.statusCode === 400 ? (body.errors ?? []).map((e) => e.message).join(" | ") : body.message;
  };
  const two = [
    { scheduled_date: FIRST, quantity: 5000 },
    { scheduled_date: plus(FIRST, 14), quantity: 5000 },
  ];

  type Case = {
    rule: string;
    pieces: number;
    drops: Json[];
    body: (m: MailOrder) => Json;
    status: number;
    message: string;
  };
  const refusals: Case[] = [
    {
      rule: "no weekend",
      pieces: 10_000,
      drops: two,
      body: (m) => ({ action: "reschedule", drop_id: m.drops[1].id, scheduled_date: SUNDAY }),
      status: 400,
      message: `Drops cannot mail on a weekend: ${SUNDAY} is a Sunday`,
    },
    {
      rule: "no USPS holiday",
      pieces: 10_000,
      drops: [
        { scheduled_date: plus(HOLIDAY.date, -7), quantity: 5000 },
        { scheduled_date: plus(HOLIDAY.date, -6), quantity: 5000 },
      ],
      body: (m) => ({ action: "reschedule", drop_id: m.drops[1].id, scheduled_date: HOLIDAY.date }),
      status: 400,
      message: `Drops cannot mail on a USPS holiday: ${HOLIDAY.date} is ${HOLIDAY.name}`,
    },
    {
      rule: "within 90 days of the first",
      pieces: 10_000,
      drops: two,
      // FIRST is a Wednesday: 91 days later is a Thursday.
      body: (m) => ({ action: "reschedule", drop_id: m.drops[1].id, scheduled_date: plus(FIRST, 91) }),
      status: 400,
      message: `Every drop mails within 90 days of the first (${FIRST}); this one is 91 days after it`,
    },
    {
      rule: "no more pieces than the order prints",
      pieces: 12_000,
      drops: two,
      body: () => ({ action: "add", scheduled_date: plus(FIRST, 28), quantity: 5000 }),
      status: 400,
      message: "The drops mail 15,000 pieces, more than the 12,000 pieces order",
    },
    {
      rule: "a split adds up to the drop's pieces",
      pieces: 10_000,
      drops: [{ scheduled_date: FIRST, quantity: 10_000 }],
      body: (m) => ({
        action: "split",
        drop_id: m.drops[0].id,
        scheduled_date: plus(FIRST, 7),
        quantity: 10_000,
      }),
      status: 400,
      message: "The two drops add up to the 10,000 pieces of drop 1: the new drop mails 1 to 9,999 of them",
    },
    {
      rule: "equal quantities",
      pieces: 10_000,
      drops: two,
      body: (m) => ({
        action: "split",
        drop_id: m.drops[1].id,
        scheduled_date: plus(FIRST, 21),
        quantity: 2500,
      }),
      status: 400,
      message: "Every drop mails the same quantity: the first mails 5,000",
    },
    {
      rule: "only a scheduled drop moves",
      pieces: 10_000,
      drops: [
        { scheduled_date: FIRST, quantity: 5000, status: "in_production" },
        { scheduled_date: plus(FIRST, 14), quantity: 5000 },
      ],
      body: (m) => ({ action: "reschedule", drop_id: m.drops[0].id, scheduled_date: plus(FIRST, 1) }),
      status: 409,
      message: "Drop 1 is in production: only a scheduled drop can be rescheduled",
    },
    {
      rule: "the version read",
      pieces: 10_000,
      drops: two,
      body: (m) => ({
        action: "reschedule",
        drop_id: m.drops[1].id,
        scheduled_date: plus(FIRST, 15),
        version: m.version + 1,
      }),
      status: 409,
      message:
        "This mail order was changed by someone else since you opened it. Reload it to see their changes.",
    },
    {
      rule: "a real date",
      pieces: 10_000,
      drops: two,
      body: (m) => ({ action: "reschedule", drop_id: m.drops[1].id, scheduled_date: `${year}-02-30` }),
      status: 400,
      message: "Enter a real date (YYYY-MM-DD)",
    },
    {
      rule: "a known action",
      pieces: 10_000,
      drops: two,
      body: () => ({ action: "merge" }),
      status: 400,
      message: "Choose an action: add, split or reschedule",
    },
  ];

  it.each(refusals)("refuses against the rule: $rule ($status), nothing changed", async (c) => {
    const m = await mailOrder(c.pieces, c.drops);
    const res = await act(csr, m, c.body(m));
    expect(res.statusCode, res.body).toBe(c.status);
    expect(said(res)).toContain(c.message);
    const after = (await admin.get("mail-orders", m.id)) as MailOrder;
    expect(after.version).toBe(m.version);
    expect(after.drops.map((d) => [d.scheduled_date, d.quantity])).toEqual(
      m.drops.map((d) => [d.scheduled_date, d.quantity]),
    );
  });

  it("reschedules, adds and splits drops with the version read, and logs the action", async () => {
    const m = await mailOrder(15_000, two);
    const moved = await act(csr, m, {
      action: "reschedule",
      drop_id: m.drops[1].id,
      scheduled_date: plus(FIRST, 15),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const m1 = (moved.json() as { data: MailOrder }).data;
    expect(m1.version).toBe(m.version + 1);
    expect(m1.drops.map((d) => d.scheduled_date)).toEqual([FIRST, plus(FIRST, 15)]);

    const added = await act(admin, m1, { action: "add", scheduled_date: plus(FIRST, 28), quantity: 5000 });
    expect(added.statusCode, added.body).toBe(200);
    const m2 = (added.json() as { data: MailOrder }).data;
    expect(m2.piece_count).toBe(15_000);
    expect(m2.drops.map((d) => [d.drop_no, d.quantity, d.status])).toEqual([
      [1, 5000, "scheduled"],
      [2, 5000, "scheduled"],
      [3, 5000, "scheduled"],
    ]);

    // A single drop splits into two halves: the piece count stays.
    const single = await mailOrder(9_001, [{ scheduled_date: FIRST, quantity: 9_001 }]);
    const split = await act(csr, single, {
      action: "split",
      drop_id: single.drops[0].id,
      scheduled_date: plus(FIRST, 7),
      quantity: 4_500,
    });
    expect(split.statusCode, split.body).toBe(200);
    const s1 = (split.json() as { data: MailOrder }).data;
    expect(s1.piece_count).toBe(9_001);
    expect(s1.drops.map((d) => [d.drop_no, d.scheduled_date, d.quantity])).toEqual([
      [1, FIRST, 4_501],
      [2, plus(FIRST, 7), 4_500],
    ]);

    const log = await admin.call("GET", `mail-orders/${single.id}/change-logs`);
    expect(log.body).toContain("split drop");
  });

  it("answers the page's data: the order's mail orders, their drops, the USPS holidays", async () => {
    const m = await mailOrder(10_000, two);
    const res = await csr.call("GET", `orders/${m.order_id}/mail-drops`);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: Json }).data as {
      order: { id: number };
      mail_orders: MailOrder[];
      holidays: { date: string; name: string }[];
      max_span_days: number;
    };
    expect(data.order.id).toBe(m.order_id);
    expect(data.mail_orders.map((x) => x.id)).toEqual([m.id]);
    expect(data.mail_orders[0].drops.map((d) => d.quantity)).toEqual([5000, 5000]);
    expect(data.holidays).toContainEqual(HOLIDAY);
    expect(data.max_span_days).toBe(90);
  });

  it("needs Order UpdateAny (403) and the caller's tenant (404), and the mail order of that order", async () => {
    const m = await mailOrder(10_000, two);
    const move = { action: "reschedule", drop_id: m.drops[1].id, scheduled_date: plus(FIRST, 15) };
    const cases: [Api, string, number][] = [
      [press, "GET", 403],
      [press, "POST", 403],
      [other, "GET", 404],
      [other, "POST", 404],
    ];
    for (const [as, method, code] of cases) {
      const res =
        method === "GET" ? await as.call("GET", `orders/${m.order_id}/mail-drops`) : await act(as, m, move);
      expect(res.statusCode, `${method} ${res.body}`).toBe(code);
    }
    const elsewhere = await mailOrder(10_000, two);
    const res = await csr.call("POST", `orders/${elsewhere.order_id}/mail-drops/${m.id}`, {
      version: m.version,
      ...move,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect((await admin.get("mail-orders", m.id)).version).toBe(m.version);
  });

  describe("planning sections", () => {
    const PRESS = "Planning press 4c";
    let press4: Saved;
    let stations: Saved[];
    beforeAll(async () => {
      const type = await admin.first("equipment-types");
      press4 = await admin.create("equipments", {
        name: PRESS,
        equipment_type_id: type.id,
        min_sheet_width: 11,
        min_sheet_height: 17,
        max_sheet_width: 20,
        max_sheet_height: 29,
        colors: 4,
      });
      stations = (
        (await admin.call("GET", "production-stations?limit=3&sort=id")).json() as { data: Saved[] }
      ).data;
    });
    type Plan = { id: number; plan_station_ids: number[]; problems: { message: string }[] } & Json;
    const planned = async (colour = "4/4") => {
      const order = await admin.create("orders", {
        customer_id: customer.id,
        ordered_at: "2026-03-02T15:00:00.000Z",
        items: [
          { product_id: product.id, description: "Flyers", quantity: 1000, price: 90, color_spec: colour },
        ],
      });
      return order as Saved & { items: Saved[] };
    };
    const save = (as: Api, order: Saved & { items: Saved[] }, plan: Json, version = order.version) =>
      as.call("PUT", `orders/${order.id}/planning`, { version, items: [{ id: order.items[0].id, ...plan }] });

    const refusals: { rule: string; colour?: string; plan: () => Json; status: number; message: string }[] = [
      {
        rule: "the sheet within the press's largest",
        plan: () => ({ plan_equipment_id: press4.id, plan_sheet_width: 28, plan_sheet_height: 40 }),
        status: 400,
        message: `Item 1: The 28 × 40 in sheet is larger than ${PRESS} takes (at most 20 × 29 in)`,
      },
      {
        rule: "the sheet within the press's smallest",
        plan: () => ({ plan_equipment_id: press4.id, plan_sheet_width: 8.5, plan_sheet_height: 11 }),
        status: 400,
        message: `Item 1: The 8.5 × 11 in sheet is smaller than ${PRESS} takes (at least 11 × 17 in)`,
      },
      {
        rule: "colours at most the press's",
        colour: "6/4",
        plan: () => ({ plan_equipment_id: press4.id, plan_sheet_width: 19, plan_sheet_height: 13 }),
        status: 400,
        message: `Item 1: 6/4 needs 6 colours a side; ${PRESS} prints 4`,
      },
      {
        rule: "a station once",
        plan: () => ({ plan_station_ids: [stations[0].id, stations[0].id] }),
        status: 400,
        message: "A station comes once in a plan",
      },
      {
        rule: "the version read",
        plan: () => ({ plan_minutes: 30, version: 99 }),
        status: 409,
        message:
          "This order was changed by someone else since you opened it. Reload it to see their changes.",
      },
    ];

    it.each(refusals)("refuses against the rule: $rule ($status), nothing changed", async (c) => {
      const order = await planned(c.colour);
      const { version, ...plan } = c.plan();
      const res = await save(csr, order, plan, (version as number | undefined) ?? order.version);
      expect(res.statusCode, res.body).toBe(c.status);
      expect(said(res)).toContain(c.message);
      expect((await admin.get("orders", order.id)).version).toBe(order.version);
    });

    it("saves a plan (stations in the order sent) and answers it with no problems", async () => {
      const order = await planned();
      const route = [stations[2].id, stations[0].id, stations[1].id];
      const res = await save(csr, order, {
        plan_station_ids: route,
        plan_equipment_id: press4.id,
        plan_sheets: 520,
        plan_sheet_width: 13,
        plan_sheet_height: 19,
        plan_minutes: 45,
      });
      expect(res.statusCode, res.body).toBe(200);
      const got = await csr.call("GET", `orders/${order.id}/planning`);
      expect(got.statusCode, got.body).toBe(200);
      const data = (got.json() as { data: { order: Saved; items: Plan[]; presses: Saved[] } }).data;
      expect(data.order.version).toBe(order.version + 1);
      expect(data.items[0]).toMatchObject({
        plan_station_ids: route,
        plan_equipment_id: press4.id,
        plan_sheets: 520,
        plan_sheet_width: 13,
        plan_sheet_height: 19,
        plan_minutes: 45,
        problems: [],
      });
      expect(data.presses.some((p) => p.id === press4.id)).toBe(true);
      // The order form's write is checked the same (the order hook).
      const patched = await csr.call("PATCH", `orders/${order.id}`, {
        version: data.order.version,
        items: [{ id: order.items[0].id, plan_sheet_width: 30, plan_sheet_height: 40 }],
      });
      expect(patched.statusCode, patched.body).toBe(400);
      expect(said(patched)).toBe(
        `Item 1: The 30 × 40 in sheet is larger than ${PRESS} takes (at most 20 × 29 in)`,
      );
      // Another tenant's order: no such order. The press room reads only its own orders (404) and
      // may update none (403).
      const cases: [Api, number, number][] = [
        [other, 404, 404],
        [press, 404, 403],
      ];
      for (const [as, read, write] of cases) {
        expect((await as.call("GET", `orders/${order.id}/planning`)).statusCode).toBe(read);
        expect((await save(as, order, { plan_minutes: 1 }, order.version + 1)).statusCode).toBe(write);
      }
    });

    it("feeds the station boards: a run's card shows its items' planned minutes and planned next station", async () => {
      type Card = {
        id: number;
        station_id: number;
        planned_minutes: number | null;
        next_station: string | null;
      };
      const board = (await admin.call("GET", "production/boards/press")).json() as {
        data: { cards: Card[] };
      };
      const card = board.data.cards[0];
      expect(card, "a run on the press board (seed)").toBeDefined();
      const run = (await admin.get("runs", card.id)) as Saved & {
        items: { order_item_id: number; order_id: number }[];
      };
      const cutter = (
        (await admin.call("GET", "production-stations?station_type=cutting&limit=1")).json() as {
          data: (Saved & { name: string })[];
        }
      ).data[0];
      // Every item of the run planned: the press station, then the cutter; the first item 95 minutes,
      // the others 60 (ganged, they print together: the run takes the longest).
      const byOrder = new Map<number, number[]>();
      for (const item of run.items)
        byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item.order_item_id]);
      const first = run.items[0].order_item_id;
      for (const [orderId, itemIds] of byOrder) {
        const order = await admin.get("orders", orderId);
        const res = await admin.call("PUT", `orders/${orderId}/planning`, {
          version: order.version,
          items: itemIds.map((id) => ({
            id,
            plan_station_ids: [card.station_id, cutter.id],
            plan_minutes: id === first ? 95 : 60,
          })),
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const after = (await admin.call("GET", "production/boards/press")).json() as {
        data: { cards: Card[] };
      };
      const planned = after.data.cards.find((c) => c.id === card.id);
      expect(planned?.planned_minutes).toBe(95);
      expect(planned?.next_station).toBe(cutter.name);
    });
  });
});
