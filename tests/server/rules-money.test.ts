import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { selectRows } from "../../server/db/open";
import { type Api, api, expectFieldError, type Json, type Saved, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 16, classes 1 and 2: money tied to its order, and derived payment state. Each wrong write
// goes through the API and is refused with the rule's message; the right one is accepted. Figures
// are written out by hand.

const COMPUTED = "Computed by the server; leave it out of the body";

describeEachStore("money tied to its order (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let csr: Api;
  let product: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    csr = api(t.app, await signIn(t.app, "csr@pressroom.test"));
    product = await a.first("products", "status=active").catch(() => a.first("products"));
  });
  afterAll(() => t?.dispose());

  const customer = (terms = "prepaid") =>
    a.create("customers", { name: unique("Money "), status: "active", terms });
  /** An order of `customer` whose total is `price` (one line, no charges). */
  const order = async (who: Saved, price: number, extra: Json = {}) =>
    a.create("orders", {
      customer_id: who.id,
      ordered_at: "2026-03-02T15:00:00.000Z",
      items: [{ product_id: product.id, description: "Cards", quantity: 100, price }],
      ...extra,
    });
  const pay = (o: Saved, amount: number, extra: Json = {}, as = a) =>
    as.call("POST", "user-payments", {
      order_id: o.id,
      customer_id: o.customer_id,
      amount,
      method: "card",
      status: "captured",
      paid_at: "2026-03-03T10:00:00.000Z",
      transaction_id: unique("TX-"),
      ...extra,
    });
  const refund = (o: Saved, amount: number, extra: Json = {}) =>
    a.call("POST", "refund-approvals", {
      order_id: o.id,
      amount,
      reason: "print_defect",
      remedy: "refund",
      ...extra,
    });
  const created = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Saved }).data;
  };
  const conflict = (res: { statusCode: number; body: string; json(): unknown }, message: string) => {
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { message: string }).message).toBe(message);
  };
  /** A refund request moved along its workflow to `to` (by the admin, a manager). */
  const moveRefund = async (id: number, to: string[]) => {
    for (const status of to) await a.update("refund-approvals", id, { status });
  };
  const money = async (o: Saved) => {
    const now = await a.get("orders", o.id);
    return { amount_due: now.amount_due, payment_status: now.payment_status };
  };

  it("a payment's customer is its order's", async () => {
    const o = await order(await customer(), 100);
    const other = await customer();
    const res = await pay(o, 10, { customer_id: other.id });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { errors: { field: string }[] }).errors[0].field).toBe("order_id");
    created(await pay(o, 10));
  });

  it("payments never exceed the order's total; the amount due and state follow", async () => {
    const o = await order(await customer(), 100);
    expect(await money(o)).toEqual({ amount_due: 100, payment_status: "unpaid" });
    created(await pay(o, 40));
    expect(await money(o)).toEqual({ amount_due: 60, payment_status: "partially_paid" });
    conflict(
      await pay(o, 60.01),
      `Payment of $60.01 is more than the $60.00 due on order ${String(o.order_number)}`,
    );
    // An authorization holds its amount too.
    const held = created(await pay(o, 50, { status: "authorized" }));
    expect(await money(o)).toEqual({ amount_due: 60, payment_status: "partially_paid" });
    conflict(
      await pay(o, 10.01),
      `Payment of $10.01 is more than the $10.00 due on order ${String(o.order_number)}`,
    );
    await a.update("user-payments", held.id, { status: "captured" });
    expect(await money(o)).toEqual({ amount_due: 10, payment_status: "partially_paid" });
    created(await pay(o, 10));
    expect(await money(o)).toEqual({ amount_due: 0, payment_status: "paid" });
    // A raise of an existing payment is checked the same way.
    const small = await order(await customer(), 30);
    const p = created(await pay(small, 20));
    const res = await a.call("PATCH", `user-payments/${p.id}`, { amount: 30.5, version: p.version });
    conflict(res, `Payment of $30.50 is more than the $30.00 due on order ${String(small.order_number)}`);
  });

  it("parallel payments on one order: only what the total holds is taken", async () => {
    const o = await order(await customer(), 100);
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(o, 30)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await money(o)).toEqual({ amount_due: 10, payment_status: "partially_paid" });
  });

  it("a cancelled order takes no payment", async () => {
    const statuses = (await a.call("GET", "statuses?entity=order&limit=100")).json().data as Saved[];
    const cancelled = statuses.find((s) => s.category === "cancelled");
    expect(cancelled).toBeDefined();
    const o = await order(await customer(), 80, { status_id: cancelled?.id });
    conflict(await pay(o, 10), `Order ${String(o.order_number)} is cancelled: it takes no payments`);
  });

  it("a payment's status follows its machine; refunded states are the server's", async () => {
    const o = await order(await customer(), 100);
    expectFieldError(
      await pay(o, 10, { status: "refunded" }),
      "status",
      "A new transaction starts as Authorized, Captured or Declined",
    );
    expectFieldError(
      await pay(o, 10, { status: "voided" }),
      "status",
      "A new transaction starts as Authorized, Captured or Declined",
    );
    const declined = created(await pay(o, 10, { status: "declined" }));
    expect(await money(o)).toEqual({ amount_due: 100, payment_status: "unpaid" });
    const res = await a.call("PATCH", `user-payments/${declined.id}`, {
      status: "captured",
      version: declined.version,
    });
    conflict(res, "A transaction cannot go from Declined to Captured");
    const captured = created(await pay(o, 20));
    const toRefunded = await a.call("PATCH", `user-payments/${captured.id}`, {
      status: "refunded",
      version: captured.version,
    });
    conflict(toRefunded, "A transaction cannot go from Captured to Refunded");
    const auth = created(await pay(o, 30, { status: "authorized" }));
    expect(await money(o)).toEqual({ amount_due: 80, payment_status: "partially_paid" });
    await a.update("user-payments", auth.id, { status: "voided" });
    await a.update("user-payments", captured.id, { status: "voided" });
    expect(await money(o)).toEqual({ amount_due: 100, payment_status: "unpaid" });
    const held = created(await pay(o, 25, { status: "authorized" }));
    expect(await money(o)).toEqual({ amount_due: 100, payment_status: "authorized" });
    expect(held.status).toBe("authorized");
  });

  it("payment_status and amount_due are refused in a body, also for the CSR", async () => {
    const o = await order(await customer(), 100);
    for (const who of [a, csr]) {
      const res = await who.call("PATCH", `orders/${o.id}`, {
        payment_status: "paid",
        version: (await a.get("orders", o.id)).version,
      });
      expectFieldError(res, "payment_status", COMPUTED);
      const due = await who.call("PATCH", `orders/${o.id}`, {
        amount_due: 0,
        version: (await a.get("orders", o.id)).version,
      });
      expectFieldError(due, "amount_due", COMPUTED);
    }
    const body = {
      customer_id: o.customer_id,
      ordered_at: "2026-03-02T15:00:00.000Z",
      payment_status: "paid",
      items: [{ product_id: product.id, description: "Cards", quantity: 100, price: 5 }],
    };
    expectFieldError(await csr.call("POST", "orders", body), "payment_status", COMPUTED);
    expect(await money(o)).toEqual({ amount_due: 100, payment_status: "unpaid" });
    // The CSR enters a payment: the state follows.
    created(await pay(o, 100, {}, csr));
    expect(await money(o)).toEqual({ amount_due: 0, payment_status: "paid" });
  });

  it("an order billed to an account is on account until paid", async () => {
    const o = await order(await customer("net30"), 50);
    expect(await money(o)).toEqual({ amount_due: 50, payment_status: "on_account" });
    created(await pay(o, 50, { method: "check" }));
    expect(await money(o)).toEqual({ amount_due: 0, payment_status: "paid" });
  });

  it("an order's total does not fall below what was paid", async () => {
    const o = await order(await customer(), 100);
    created(await pay(o, 100));
    const res = await a.call("PATCH", `orders/${o.id}`, {
      discount: 10,
      version: (await a.get("orders", o.id)).version,
    });
    conflict(
      res,
      `The total of $90.00 is less than the $100.00 paid on order ${String(o.order_number)}; refund the difference first`,
    );
    await a.update("orders", o.id, { shipping: 12.5 });
    expect(await money(o)).toEqual({ amount_due: 12.5, payment_status: "partially_paid" });
  });

  it("refunds: the order's payment, captured, within what is left, created requested", async () => {
    const o = await order(await customer(), 100);
    const other = await order(await customer(), 100);
    const p = created(await pay(o, 100));
    const foreign = created(await pay(other, 100));
    const label = String(p.transaction_id);
    // Another order's payment.
    const wrong = await refund(o, 10, { payment_id: foreign.id });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect((wrong.json() as { errors: { field: string }[] }).errors[0].field).toBe("payment_id");
    // Created already processed.
    expectFieldError(
      await refund(o, 10, { payment_id: p.id, status: "processed" }),
      "status",
      "A new refund approval starts as Requested",
    );
    conflict(
      await refund(o, 100.01, { payment_id: p.id }),
      `Refund of $100.01 is more than the $100.00 left to refund on payment ${label}`,
    );
    const first = created(await refund(o, 60, { payment_id: p.id }));
    conflict(
      await refund(o, 40.01, { payment_id: p.id }),
      `Refund of $40.01 is more than the $40.00 left to refund on payment ${label}`,
    );
    // Without a payment: what the order's payments took, less its other refunds.
    conflict(
      await refund(o, 50, {}),
      `Refund of $50.00 is more than the $40.00 left to refund on order ${String(o.order_number)}`,
    );
    // A reprint or a credit gives no money back.
    created(await refund(o, 100, { remedy: "reprint" }));
    // A declined payment is no money to refund.
    const unpaid = await order(await customer(), 100);
    const declined = created(await pay(unpaid, 100, { status: "declined" }));
    conflict(
      await refund(unpaid, 10, { payment_id: declined.id }),
      `Payment ${String(declined.transaction_id)} is Declined: only captured money can be refunded`,
    );
    conflict(
      await refund(unpaid, 10),
      `Refund of $10.00 is more than the $0.00 left to refund on order ${String(unpaid.order_number)}`,
    );
    // The workflow, enforced through the API.
    const skip = await a.call("PATCH", `refund-approvals/${first.id}`, {
      status: "processed",
      version: first.version,
    });
    conflict(skip, "A refund approval cannot go from Requested to Processed");
    await moveRefund(first.id, ["under_review", "approved"]);
    const approved = await a.get("refund-approvals", first.id);
    expect(approved.approver_id).toBeTypeOf("number");
    expect(approved.decided_at).toBeTypeOf("string");
    expectFieldError(
      await a.call("PATCH", `refund-approvals/${first.id}`, { approver_id: null, version: approved.version }),
      "approver_id",
      COMPUTED,
    );
    // The payment with refund requests keeps its amount and is not voided.
    const pNow = await a.get("user-payments", p.id);
    conflict(
      await a.call("PATCH", `user-payments/${p.id}`, { status: "voided", version: pNow.version }),
      `Payment ${label} has refund requests: it cannot be voided`,
    );
    // Processed: the payment is partially refunded, the order owes what went back.
    await moveRefund(first.id, ["processed"]);
    expect((await a.get("user-payments", p.id)).status).toBe("partially_refunded");
    expect(await money(o)).toEqual({ amount_due: 60, payment_status: "partially_paid" });
    const rest = created(await refund(o, 40, { payment_id: p.id }));
    await moveRefund(rest.id, ["under_review", "approved", "processed"]);
    expect((await a.get("user-payments", p.id)).status).toBe("refunded");
    expect(await money(o)).toEqual({ amount_due: 100, payment_status: "refunded" });
    // Refunded in full: nothing more goes back, and a processed refund stays.
    conflict(
      await refund(o, 0.01, { payment_id: p.id }),
      `Refund of $0.01 is more than the $0.00 left to refund on payment ${label}`,
    );
    const del = await a.call("DELETE", `refund-approvals/${rest.id}`);
    expect(del.statusCode, del.body).toBe(409);
  });

  it("bounds: what the forms may offer", async () => {
    const o = await order(await customer(), 100);
    const p = created(await pay(o, 30));
    const ask = (path: string, body: unknown, as = a) => as.call("POST", `${path}/bounds`, body);
    const payBounds = await ask("user-payments", { values: { order_id: o.id }, id: null });
    expect(payBounds.statusCode, payBounds.body).toBe(200);
    expect(payBounds.json().data).toEqual({
      amount: { max: 70, message: `At most $70.00: what is due on order ${String(o.order_number)}` },
    });
    // Editing the payment frees its own amount.
    const edit = await ask("user-payments", { values: { order_id: o.id }, id: p.id }, csr);
    expect(edit.json().data.amount.max).toBe(100);
    const refundBounds = await ask("refund-approvals", {
      values: { order_id: o.id, payment_id: p.id },
      id: null,
    });
    expect(refundBounds.json().data).toEqual({
      amount: {
        max: 30,
        message: `At most $30.00: what is left to refund on payment ${String(p.transaction_id)}`,
      },
    });
    expect(
      (await ask("refund-approvals", { values: { order_id: o.id, remedy: "reprint" } })).json().data,
    ).toEqual({});
    expect((await ask("user-payments", { values: {} })).json().data).toEqual({});
    expectFieldError(
      await ask("user-payments", { values: { order_id: o.id }, id: "x" }),
      "id",
      /record being edited/,
    );
    expect((await ask("user-payments", [1])).statusCode).toBe(400);
    expect((await ask("user-payments", { values: 3 })).statusCode).toBe(400);
    // Kinds without bounds have no such route; the press room may not write payments.
    expect((await ask("customers", { values: {} })).statusCode).toBe(404);
    const press = api(t.app, await signIn(t.app, "press@pressroom.test"));
    expect((await ask("user-payments", { values: {} }, press)).statusCode).toBe(403);
  });

  it("the seeded orders' money is what the rule computes", async () => {
    const rows = (await selectRows(
      t.database.db,
      sql.raw(`
      with pay as (
        select order_id,
          coalesce(sum(amount) filter (where status in ('captured','partially_refunded','refunded')), 0) as captured,
          coalesce(sum(amount) filter (where status = 'authorized'), 0) as authorized
        from user_payments group by order_id),
      back as (
        select order_id, sum(amount) as refunded from refund_approvals
        where status = 'processed' and remedy = 'refund' group by order_id)
      select o.order_number, o.total::text, o.amount_due::text, o.payment_status,
        coalesce(pay.captured, 0)::text as captured, coalesce(pay.authorized, 0)::text as authorized,
        coalesce(back.refunded, 0)::text as refunded
      from orders o left join pay on pay.order_id = o.id left join back on back.order_id = o.id
      order by o.id limit 400`),
    )) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) {
      const [total, captured, refunded] = [r.total, r.captured, r.refunded].map((v) =>
        Math.round(Number(v) * 100),
      );
      expect(Math.round(Number(r.amount_due) * 100), r.order_number).toBe(total - (captured - refunded));
      const kept = captured - refunded;
      if (kept > 0 && kept >= total) expect(r.payment_status, r.order_number).toBe("paid");
      else if (kept > 0) expect(r.payment_status, r.order_number).toBe("partially_paid");
      else if (captured > 0 && refunded > 0) expect(r.payment_status, r.order_number).toBe("refunded");
      else if (Number(r.authorized) > 0) expect(r.payment_status, r.order_number).toBe("authorized");
      else expect(["unpaid", "on_account"], r.order_number).toContain(r.payment_status);
    }
    // No refund (not rejected) gives back more than its payment.
    const over = await selectRows(
      t.database.db,
      sql.raw(`select p.id from user_payments p join refund_approvals r on r.payment_id = p.id
        where r.remedy = 'refund' and r.status <> 'rejected' group by p.id, p.amount having sum(r.amount) > p.amount`),
    );
    expect(over).toEqual([]);
  });
});
