import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, api, expectFieldError, type Saved, unique } from "./domain-fixtures";
import { createTestApp, DATABASE_KINDS, signIn, type TestApp } from "./helpers";

// Mail orders: piece_count is the drops' sum; drops mail equal quantities on weekdays that are
// no USPS holiday, within 90 days of the first drop.

describe.each(DATABASE_KINDS)("mail orders (%s)", (dbKind) => {
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
    const res = await post([drop(1, "2026-03-02"), drop(2, "2026-03-16"), drop(3, "2026-03-30")]);
    expect(res.statusCode).toBe(201);
    const order = res.json().data as Saved;
    expect(order.piece_count).toBe(15000);

    const drops = order.drops as Saved[];
    const changed = await a.update("mail-orders", order.id, {
      drops: [drops[0], drops[1], { ...drops[2], status: "cancelled" }, drop(4, "2026-04-13", 5001)],
    });
    expect(changed.piece_count).toBe(15001);

    // A write without drops keeps the count.
    expect((await a.update("mail-orders", order.id, { permit_no: "1234" })).piece_count).toBe(15001);
    expect((await post([])).json().data.piece_count).toBe(0);
  });

  it("refuses a drop on a weekend (400 on that drop's date)", async () => {
    const res = await post([drop(1, "2026-03-02"), drop(2, "2026-03-09"), drop(3, "2026-03-14")]);
    expectFieldError(
      res,
      "drops.2.scheduled_date",
      "Drops cannot mail on a weekend: 2026-03-14 is a Saturday",
    );
  });

  it("refuses a drop on a USPS holiday", async () => {
    const res = await post([drop(1, "2026-05-18"), drop(2, "2026-05-25")]);
    expectFieldError(
      res,
      "drops.1.scheduled_date",
      "Drops cannot mail on a USPS holiday: 2026-05-25 is Memorial Day",
    );
  });

  it("refuses a drop more than 90 days after the first", async () => {
    const ok = await post([drop(1, "2026-03-02"), drop(2, "2026-05-29")]);
    expect(ok.statusCode).toBe(201);
    // The first drop is the earliest date, wherever it is in the list.
    const res = await post([drop(1, "2026-06-03"), drop(2, "2026-03-02")]);
    expectFieldError(
      res,
      "drops.0.scheduled_date",
      "Every drop mails within 90 days of the first (2026-03-02); this one is 93 days after it",
    );
  });

  it("refuses unequal drop quantities (an uneven split may differ by one piece)", async () => {
    const even = await post([drop(1, "2026-03-02", 3334), drop(2, "2026-03-09", 3333)]);
    expect(even.statusCode).toBe(201);
    const res = await post([drop(1, "2026-03-02", 5000), drop(2, "2026-03-09", 4000)]);
    expectFieldError(res, "drops.1.quantity", "Every drop mails the same quantity: the first mails 5,000");
    // Nothing of a refused write is kept.
    const list = await a.call("GET", `mail-orders?customer_id=${customer.id}&limit=100`);
    expect((list.json().data as Saved[]).some((m) => m.piece_count === 9000)).toBe(false);
  });

  it("checks the drops of an update too", async () => {
    const order = (await post([drop(1, "2026-03-02")])).json().data as Saved;
    const res = await a.call("PATCH", `mail-orders/${order.id}`, {
      version: order.version,
      drops: [...(order.drops as Saved[]), drop(2, "2026-03-08")],
    });
    expectFieldError(res, "drops.1.scheduled_date", "Drops cannot mail on a weekend: 2026-03-08 is a Sunday");
    expect((await a.get("mail-orders", order.id)).drops).toHaveLength(1);
  });
});
