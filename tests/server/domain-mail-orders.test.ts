import { afterAll, beforeAll, expect, it } from "vitest";
import { uspsHoliday } from "../../server/resources/hooks/usps-holidays";
import { type Api, api, expectFieldError, type Saved, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Drops are scheduled from today to a year ahead (issue 16, class 8), so the dates are found
// from today: business days (no weekend, no USPS holiday) a few weeks out.
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);
const plus = (date: string, days: number) => iso(ms(date) + days * DAY);
const weekday = (date: string) => new Date(ms(date)).getUTCDay();
const isBusinessDay = (date: string) => weekday(date) % 6 !== 0 && !uspsHoliday(date);
/** The first business day on or after `date`. */
const businessDay = (date: string): string => (isBusinessDay(date) ? date : businessDay(plus(date, 1)));
/** The last business day on or before `date`. */
const businessDayBefore = (date: string): string =>
  isBusinessDay(date) ? date : businessDayBefore(plus(date, -1));
const FIRST = businessDay(iso(Date.now() + 14 * DAY));
const later = (days: number) => businessDay(plus(FIRST, days));
const SATURDAY = plus(FIRST, (6 - weekday(FIRST) + 7) % 7);
// A USPS holiday worked out by hand: Thanksgiving, the fourth Thursday of November (22nd–28th),
// the first one more than a week after FIRST.
const thanksgiving = (year: number) => {
  const nov22 = `${year}-11-22`;
  return plus(nov22, (4 - weekday(nov22) + 7) % 7);
};
const HOLIDAY = [0, 1]
  .map((n) => thanksgiving(Number(FIRST.slice(0, 4)) + n))
  .find((d) => d > plus(FIRST, 7)) as string;

// Mail orders: piece_count is the drops' sum; drops mail equal quantities on weekdays that are
// no USPS holiday, within 90 days of the first drop.

describeEachStore("mail orders (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let customer: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    customer = await a.first("customers");
  });
  afterAll(() => t?.dispose());

  const drop = (drop_no: number, scheduled_date: string, quantity = 5000, extra = {}) => ({
    drop_no,
    scheduled_date,
    quantity,
    ...extra,
  });
  const post = (drops: unknown[]) =>
    a.call("POST", "mail-orders", {
      mail_order_number: unique("M-"),
      customer_id: customer.id,
      drops,
    });

  it("counts the pieces of its drops (cancelled drops mail nothing)", async () => {
    const res = await post([drop(1, FIRST), drop(2, later(14)), drop(3, later(28))]);
    expect(res.statusCode).toBe(201);
    const order = res.json().data as Saved;
    expect(order.piece_count).toBe(15000);

    const drops = order.drops as Saved[];
    const changed = await a.update("mail-orders", order.id, {
      drops: [drops[0], drops[1], { ...drops[2], status: "cancelled" }, drop(4, later(42), 5001)],
    });
    expect(changed.piece_count).toBe(15001);

    // A write without drops keeps the count.
    expect((await a.update("mail-orders", order.id, { permit_no: "1234" })).piece_count).toBe(15001);
    expect((await post([])).json().data.piece_count).toBe(0);
  });

  it("refuses a drop on a weekend (400 on that drop's date)", async () => {
    const res = await post([drop(1, FIRST), drop(2, later(3)), drop(3, SATURDAY)]);
    expectFieldError(
      res,
      "drops.2.scheduled_date",
      `Drops cannot mail on a weekend: ${SATURDAY} is a Saturday`,
    );
  });

  it("refuses a drop on a USPS holiday", async () => {
    const res = await post([drop(1, businessDay(plus(HOLIDAY, -7))), drop(2, HOLIDAY)]);
    expectFieldError(
      res,
      "drops.1.scheduled_date",
      `Drops cannot mail on a USPS holiday: ${HOLIDAY} is Thanksgiving Day`,
    );
  });

  it("refuses a drop more than 90 days after the first", async () => {
    const ok = await post([drop(1, FIRST), drop(2, businessDayBefore(plus(FIRST, 90)))]);
    expect(ok.statusCode).toBe(201);
    // The first drop is the earliest date, wherever it is in the list.
    const tooLate = businessDay(plus(FIRST, 91));
    const days = (ms(tooLate) - ms(FIRST)) / DAY;
    expect(days).toBeGreaterThan(90);
    const res = await post([drop(1, tooLate), drop(2, FIRST)]);
    expectFieldError(
      res,
      "drops.0.scheduled_date",
      `Every drop mails within 90 days of the first (${FIRST}); this one is ${days} days after it`,
    );
  });

  it("refuses unequal drop quantities (an uneven split may differ by one piece)", async () => {
    const even = await post([drop(1, FIRST, 3334), drop(2, later(7), 3333)]);
    expect(even.statusCode).toBe(201);
    const res = await post([drop(1, FIRST, 5000), drop(2, later(7), 4000)]);
    expectFieldError(res, "drops.1.quantity", "Every drop mails the same quantity: the first mails 5,000");
    // Nothing of a refused write is kept.
    const list = await a.call("GET", `mail-orders?customer_id=${customer.id}&limit=100`);
    expect((list.json().data as Saved[]).some((m) => m.piece_count === 9000)).toBe(false);
  });

  it("checks the drops of an update too", async () => {
    const order = (await post([drop(1, FIRST)])).json().data as Saved;
    const sunday = plus(SATURDAY, 1);
    const res = await a.call("PATCH", `mail-orders/${order.id}`, {
      version: order.version,
      drops: [...(order.drops as Saved[]), drop(2, sunday)],
    });
    expectFieldError(res, "drops.1.scheduled_date", `Drops cannot mail on a weekend: ${sunday} is a Sunday`);
    expect((await a.get("mail-orders", order.id)).drops).toHaveLength(1);
  });
});
