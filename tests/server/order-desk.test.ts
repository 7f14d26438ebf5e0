import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, type Json, makeInventory, type Saved, status, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 19, the order desk's server: the order page's data, hold / release / cancel, reprint,
// assigning approved items to a run, staff payments, refund decisions, packing slips (make, pack,
// ship, the mail order's), the job ticket and the slip's ticket with their print counts. Each action
// is refused with its rule's sentence (statuses named), for the wrong caller, a stale version, bad
// input and another tenant's record. Figures are written out by hand. One seeded database per store.

type Res = { statusCode: number; body: string; json(): unknown };
type Item = Saved & { item_status_id: number; price: number; run_id: number | null };
type Order = Saved & { order_number: string; status_id: number; items: Item[]; amount_due: number };

describeEachStore("the order desk (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let csr: Api;
  let press: Api;
  let other: Api;
  let product: Saved;
  let stock: Saved;
  const item: Record<string, number> = {};
  const ord: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    csr = api(t.app, await signIn(t.app, "csr@pressroom.test"));
    press = api(t.app, await signIn(t.app, "press@pressroom.test"));
    other = api(t.app, await signIn(t.app, "admin@other.test", 2));
    product = await admin.first("products", "status=active").catch(() => admin.first("products"));
    stock = await makeInventory(admin, "80# Gloss Text 19×25 (desk)", 50_000);
    const items = (await admin.call("GET", "statuses?entity=order_item&limit=100")).json() as {
      data: Saved[];
    };
    for (const s of items.data) item[String(s.code)] = s.id;
    for (const code of ["received", "on_hold", "cancelled", "shipped", "in_production"]) {
      ord[code] = (await status(admin, "order", code)).id;
    }
  });
  afterAll(() => t?.dispose());

  /** A prepaid customer's order, one $100 line of 500 per item status code. */
  async function orderWith(codes: string[], extra: Json = {}, line: Json = {}): Promise<Order> {
    const customer = await admin.create("customers", {
      name: unique("Desk "),
      status: "active",
      terms: "prepaid",
    });
    return (await admin.create("orders", {
      customer_id: customer.id,
      ordered_at: "2026-03-02T15:00:00.000Z",
      items: codes.map((code) => ({
        product_id: product.id,
        description: `Flyers (${code})`,
        quantity: 500,
        price: 100,
        item_status_id: item[code],
        options: { paper: "gloss-100" },
        ...line,
      })),
      ...extra,
    })) as Order;
  }
  const post = (as: Api, url: string, body: Json = {}) => as.call("POST", url, body);
  const ok = <T = Saved>(res: Res, code = 200): T => {
    expect(res.statusCode, res.body).toBe(code);
    return (res.json() as { data: T }).data;
  };
  const refused = (res: Res, code: number, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(code);
    const body = res.json() as { message: string; errors?: { field?: string; message: string }[] };
    const said = code === 400 ? (body.errors ?? []).map((e) => e.message).join(" | ") : body.message;
    if (typeof message === "string") expect(said).toContain(message);
    else expect(said).toMatch(message);
  };
  const codesOf = (o: Order) =>
    o.items.map((i) => Object.keys(item).find((k) => item[k] === i.item_status_id));

  it("answers the order page's data: names, statuses, options in words, timelines, related records", async () => {
    const o = await orderWith(["received", "printing"], { customer_po: "PO 77" });
    const desk = ok<Json>(await csr.call("GET", `orders/${o.id}/desk`)) as {
      order: Order;
      names: Json;
      statuses: { order: Saved[]; order_item: Saved[] };
      items: {
        number: number;
        options: { name: string; value: string }[];
        timeline: Json[];
        product: Json;
      }[];
      payments: unknown[] | null;
      refunds: unknown[] | null;
      packing_slips: unknown[] | null;
      card: { configured: boolean };
    };
    expect(desk.order.order_number).toBe(o.order_number);
    expect(desk.names.customer).toMatch(/^Desk /);
    expect(desk.statuses.order_item.find((s) => s.code === "printing")?.color).toBe("#1677ff");
    expect(desk.items.map((i) => i.number)).toEqual([1, 2]);
    expect(desk.items[0].product?.name).toBe(product.name);
    // An option without an attribute of that code is shown as stored, never as JSON.
    expect(desk.items[0].options).toEqual([{ name: expect.any(String), value: expect.any(String) }]);
    expect(desk.items[1].timeline).toEqual([expect.objectContaining({ status_id: item.printing })]);
    expect(desk.payments).toEqual([]);
    expect(desk.refunds).toEqual([]);
    expect(desk.packing_slips).toEqual([]);
    expect(desk.card.configured).toBe(false);
    refused(await press.call("GET", `orders/${o.id}/desk`), 404, "Not found");
    refused(await other.call("GET", `orders/${o.id}/desk`), 404, "Not found");
    refused(await csr.call("GET", "orders/12ab/desk"), 404, "Not found");
  });

  it("holds an order and its items, releases each back where it was, logged with who and why", async () => {
    const o = await orderWith(["approved", "printing", "cancelled"]);
    expect(o.status_id).not.toBe(ord.on_hold);
    refused(
      await post(csr, `orders/${o.id}/actions/hold`, { version: o.version + 3 }),
      409,
      "changed by someone else",
    );
    refused(await post(press, `orders/${o.id}/actions/hold`, { version: o.version }), 403, "Forbidden");
    refused(await post(csr, `orders/${o.id}/actions/pause`, { version: o.version }), 400, "Unknown action");
    refused(
      await post(csr, `orders/${o.id}/actions/hold`, { version: "1" }),
      400,
      "Send the version of the record you read",
    );
    const held = ok<Order>(
      await post(csr, `orders/${o.id}/actions/hold`, { version: o.version, reason: "Awaiting PO" }),
    );
    expect(held.status_id).toBe(ord.on_hold);
    expect(codesOf(held)).toEqual(["on_hold", "on_hold", "cancelled"]);
    refused(
      await post(csr, `orders/${o.id}/actions/hold`, { version: held.version }),
      409,
      `Order ${o.order_number} is already On hold`,
    );
    const log = ok<{ changes: Json; user: { name: string } }[]>(
      await csr.call("GET", `orders/${o.id}/change-logs`),
    );
    expect(log[0].user.name).toBe("Casey CSR");
    expect(log[0].changes).toMatchObject({ action: { to: "hold" }, reason: { to: "Awaiting PO" } });
    const released = ok<Order>(await post(csr, `orders/${o.id}/actions/release`, { version: held.version }));
    expect(released.status_id).toBe(o.status_id);
    expect(codesOf(released)).toEqual(["approved", "printing", "cancelled"]);
    refused(
      await post(csr, `orders/${o.id}/actions/release`, { version: released.version }),
      409,
      `Order ${o.order_number} is Received, not on hold: there is nothing to release`,
    );
    const desk = ok<{ items: { timeline: { status_id: number; by: string; note: string | null }[] }[] }>(
      await csr.call("GET", `orders/${o.id}/desk`),
    );
    expect(desk.items[1].timeline.map((s) => s.status_id)).toEqual([
      item.printing,
      item.on_hold,
      item.printing,
    ]);
    expect(desk.items[1].timeline[1]).toMatchObject({ by: "Casey CSR", note: "Awaiting PO" });
  });

  it("refuses a hold where the order's status does not lead there, naming both statuses", async () => {
    const o = await orderWith(["shipped"]);
    expect(o.status_id).toBe(ord.shipped);
    refused(
      await post(csr, `orders/${o.id}/actions/hold`, { version: o.version }),
      409,
      `Order ${o.order_number} cannot go from Shipped to On hold: the Shipped status does not lead there`,
    );
    refused(
      await post(csr, `orders/${o.id}/actions/hold`, { version: o.version }),
      409,
      "Shipped to On hold",
    );
  });

  it("cancels with a reason while every status allows it, refuses work in production", async () => {
    const o = await orderWith(["received", "approved"]);
    refused(
      await post(csr, `orders/${o.id}/actions/cancel`, { version: o.version }),
      400,
      "Say why the order is cancelled",
    );
    refused(
      await post(csr, `orders/${o.id}/actions/cancel`, { version: o.version, reason: "x".repeat(501) }),
      400,
      "Use at most 500 characters",
    );
    const cancelled = ok<Order>(
      await post(csr, `orders/${o.id}/actions/cancel`, {
        version: o.version,
        reason: "Customer called it off",
      }),
    );
    expect(cancelled.status_id).toBe(ord.cancelled);
    expect(codesOf(cancelled)).toEqual(["cancelled", "cancelled"]);
    refused(
      await post(csr, `orders/${o.id}/actions/cancel`, { version: cancelled.version, reason: "again" }),
      409,
      `Order ${o.order_number} is already Cancelled`,
    );
    const busy = await orderWith(["printing"]);
    refused(
      await post(csr, `orders/${busy.id}/actions/cancel`, { version: busy.version, reason: "late" }),
      409,
      `Order ${busy.order_number} cannot be cancelled: it is In production, a status that does not allow cancellation`,
    );
    const open = await orderWith(["received", "printing"], { status_id: ord.received });
    refused(
      await post(csr, `orders/${open.id}/actions/cancel`, { version: open.version, reason: "late" }),
      409,
      `Item 2 of ${open.order_number} (Flyers (printing)) is Printing, a status that does not allow cancellation`,
    );
  });

  it("reprints a printed item as a new item at no charge, with a refund request when the remedy is money", async () => {
    const o = await orderWith(["printed", "received"]);
    const [printed, fresh] = o.items;
    const url = (i: Item) => `orders/${o.id}/items/${i.id}/reprint`;
    refused(
      await post(csr, url(fresh), { version: o.version, reason: "print_defect", remedy: "reprint" }),
      409,
      `Item 2 of ${o.order_number} (Flyers (received)) cannot be reprinted: the Received status does not lead to Reprint`,
    );
    refused(
      await post(csr, url(printed), { version: o.version, reason: "smudged", remedy: "reprint" }),
      400,
      "Invalid option",
    );
    refused(
      await post(csr, url(printed), {
        version: o.version,
        reason: "print_defect",
        remedy: "reprint",
        quantity: 501,
      }),
      400,
      "At most 500: the item is for that many",
    );
    refused(
      await post(csr, url(printed), { version: o.version, reason: "damaged", remedy: "refund" }),
      400,
      "Enter the amount to refund",
    );
    refused(
      await post(csr, `orders/${o.id}/items/999999/reprint`, {
        version: o.version,
        reason: "damaged",
        remedy: "reprint",
      }),
      404,
      "Not found",
    );
    const res = await post(csr, url(printed), {
      version: o.version,
      reason: "print_defect",
      remedy: "reprint",
      quantity: 200,
      note: "Hickeys on the back",
    });
    const after = ok<{ order: Order; refund: unknown }>(res).order;
    expect(after.items).toHaveLength(3);
    expect(after.items[2]).toMatchObject({
      description: "Reprint of item 1: Flyers (printed)",
      quantity: 200,
      price: 0,
      item_status_id: item.reprint,
      run_id: null,
    });
    expect(after.total).toBe(o.total);
    expect(ok<{ refund: unknown }>(res).refund).toBeNull();
    // The floor (Run Tasks) reprints from a board without reading the order; money remedies are not theirs.
    ok(
      await post(press, url(printed), { version: after.version, reason: "print_defect", remedy: "reprint" }),
    );
    const now = ok<Order>(await admin.call("GET", `orders/${o.id}`));
    refused(
      await post(press, url(printed), {
        version: now.version,
        reason: "damaged",
        remedy: "refund",
        amount: 10,
      }),
      403,
      "Forbidden",
    );
    ok(await post(csr, `orders/${o.id}/payments`, { method: "cash", amount: 200 }), 201);
    const paid = ok<Order>(await admin.call("GET", `orders/${o.id}`));
    const withRefund = await post(csr, url(printed), {
      version: paid.version,
      reason: "damaged",
      remedy: "refund",
      amount: 25,
    });
    expect(ok<{ refund: Json }>(withRefund).refund).toMatchObject({
      order_id: o.id,
      amount: 25,
      reason: "damaged",
      remedy: "refund",
      status: "requested",
    });
    // The desk names a refund's payment; a cash payment has no transaction id: its kind and id, never "#id".
    type Desk = { refunds: { payment: string | null }[]; payments: Saved[] };
    const cash = ok<Desk>(await csr.call("GET", `orders/${o.id}/desk`)).payments.find(
      (p) => p.method === "cash",
    );
    ok(
      await post(csr, "refund-approvals", {
        order_id: o.id,
        payment_id: cash?.id,
        amount: 10,
        reason: "damaged",
        remedy: "refund",
      }),
      201,
    );
    const desk = ok<Desk>(await csr.call("GET", `orders/${o.id}/desk`));
    expect(desk.refunds.map((r) => r.payment)).toContain(`Transaction ${cash?.id}`);
  });

  it("gangs approved items onto an open run: the gang rule applies, the items move to Batched", async () => {
    const spec = { stock_id: stock.id, color_spec: "4/4", coating: "uv" };
    const o = await orderWith(["approved", "received"], { wanted_by: "2026-12-01" }, spec);
    const filling = (await status(admin, "run", "filling")).id;
    const run = await admin.create("runs", {
      run_number: unique("R-"),
      ...spec,
      status_id: filling,
    });
    const url = `orders/${o.id}/assign-run`;
    const [approved, received] = o.items;
    refused(
      await post(csr, url, { version: o.version, run_id: run.id, items: [{ item_id: approved.id }] }),
      403,
      "Forbidden",
    );
    refused(
      await post(admin, url, { version: o.version, run_id: run.id, items: [] }),
      400,
      "Choose at least one item",
    );
    refused(
      await post(admin, url, { version: o.version, run_id: run.id, items: [{ item_id: received.id }] }),
      409,
      `Item 2 of ${o.order_number} (Flyers (received)) is Received: only approved items are ganged onto a run`,
    );
    refused(
      await post(admin, url, { version: o.version, run_id: 999_999, items: [{ item_id: approved.id }] }),
      400,
      "There is no run with id 999999",
    );
    const plated = await admin.create("runs", {
      run_number: unique("R-"),
      ...spec,
      status_id: filling,
    });
    for (const code of ["ready_to_impose", "imposed", "plated"]) {
      await admin.update("runs", plated.id, { status_id: (await status(admin, "run", code)).id });
    }
    refused(
      await post(admin, url, { version: o.version, run_id: plated.id, items: [{ item_id: approved.id }] }),
      409,
      `Run ${String(plated.run_number)} is Plated: items are ganged onto a run while it is still open`,
    );
    const twoColour = await admin.create("runs", {
      run_number: unique("R-"),
      stock_id: stock.id,
      color_spec: "2/2",
      coating: "uv",
      status_id: filling,
    });
    refused(
      await post(admin, url, { version: o.version, run_id: twoColour.id, items: [{ item_id: approved.id }] }),
      400,
      `Item ${approved.id} prints 4/4, the run prints 2/2`,
    );
    const res = await post(admin, url, {
      version: o.version,
      run_id: run.id,
      items: [{ item_id: approved.id, number_up: 4 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = ok<Order>(await admin.call("GET", `orders/${o.id}`));
    expect(after.items[0]).toMatchObject({ item_status_id: item.batched, run_id: run.id });
    const ganged = ok<Saved & { items: Json[] }>(await admin.call("GET", `runs/${run.id}`));
    expect(ganged.items).toEqual([
      expect.objectContaining({
        order_id: o.id,
        order_item_id: approved.id,
        slot: 1,
        number_up: 4,
        quantity_required: 500,
      }),
    ]);
    refused(
      await post(admin, url, { version: after.version, run_id: run.id, items: [{ item_id: approved.id }] }),
      409,
      "is Batched: only approved items are ganged onto a run",
    );
  });

  it("takes on-account, check and cash payments within what is due; no card without card payments", async () => {
    const o = await orderWith(["received", "received"]);
    expect(o.amount_due).toBe(200);
    const url = `orders/${o.id}/payments`;
    refused(await post(press, url, { method: "cash", amount: 10 }), 403, "Forbidden");
    refused(await post(csr, url, { method: "cash", amount: 0 }), 400, "Enter an amount above $0.00");
    refused(await post(csr, url, { method: "cash", amount: 10.005 }), 400, "Whole cents only");
    refused(await post(csr, url, { method: "barter", amount: 10 }), 400, "Invalid option");
    refused(await post(csr, url, { method: "check", amount: 10 }), 400, "Enter the check number");
    refused(
      await post(csr, url, { method: "card", amount: 10 }),
      409,
      "Card payments are not configured on this server yet",
    );
    const paid = ok<Saved>(await post(csr, url, { method: "on_account", amount: 50 }), 201);
    expect(paid).toMatchObject({
      method: "on_account",
      status: "captured",
      amount: 50,
      customer_id: o.customer_id,
    });
    ok(await post(csr, url, { method: "check", amount: 25.5, check_number: "1042" }), 201);
    let now = ok<Order>(await csr.call("GET", `orders/${o.id}`));
    expect(now).toMatchObject({ amount_due: 124.5, payment_status: "partially_paid" });
    refused(
      await post(csr, url, { method: "cash", amount: 124.51 }),
      409,
      `Payment of $124.51 is more than the $124.50 due on order ${o.order_number}`,
    );
    ok(await post(csr, url, { method: "cash", amount: 124.5 }), 201);
    now = ok<Order>(await csr.call("GET", `orders/${o.id}`));
    expect(now).toMatchObject({ amount_due: 0, payment_status: "paid" });
    const gone = await orderWith(["received"]);
    ok(await post(csr, `orders/${gone.id}/actions/cancel`, { version: gone.version, reason: "Duplicate" }));
    refused(
      await post(csr, `orders/${gone.id}/payments`, { method: "cash", amount: 5 }),
      409,
      `Order ${gone.order_number} is cancelled: it takes no payments`,
    );
    refused(await post(other, url, { method: "cash", amount: 5 }), 404, "Not found");
  });

  it("decides refund requests in the queue: approve records non-card money, a card refund waits, reject needs a reason", async () => {
    const o = await orderWith(["received"]);
    const cash = ok<Saved>(await post(csr, `orders/${o.id}/payments`, { method: "cash", amount: 100 }), 201);
    const ask = (payment: Saved, amount: number, remedy = "refund") =>
      csr.create("refund-approvals", {
        order_id: o.id,
        payment_id: payment.id,
        amount,
        reason: "damaged",
        remedy,
      });
    const r1 = await ask(cash, 40);
    refused(await csr.call("GET", "refund-approvals/queue"), 403, "Forbidden");
    refused(await post(csr, `refund-approvals/${r1.id}/approve`, { version: r1.version }), 403, "Forbidden");
    refused(
      await admin.call("GET", "refund-approvals/queue?status=all"),
      400,
      "One of open, approved, rejected, processed",
    );
    const queue = ok<{ id: number; order: { number: string }; payment: { method: string } }[]>(
      await admin.call("GET", "refund-approvals/queue"),
    );
    expect(queue.find((q) => q.id === r1.id)).toMatchObject({
      order: { number: o.order_number },
      payment: { method: "cash" },
    });
    refused(
      await post(admin, `refund-approvals/${r1.id}/approve`, { version: r1.version + 1 }),
      409,
      "changed by someone else",
    );
    const approved = await post(admin, `refund-approvals/${r1.id}/approve`, { version: r1.version });
    expect(ok<{ refund: Saved }>(approved).refund).toMatchObject({
      status: "processed",
      decided_at: expect.any(String),
      approver_id: expect.any(Number),
    });
    expect(ok<{ message: string }>(approved).message).toBe(
      `Refund request #${r1.id} approved and recorded as processed`,
    );
    expect(ok<Order>(await csr.call("GET", `orders/${o.id}`)).amount_due).toBe(40);
    refused(
      await post(admin, `refund-approvals/${r1.id}/approve`, { version: r1.version + 3 }),
      409,
      "decided already",
    );

    const r2 = await ask(cash, 10);
    refused(
      await post(admin, `refund-approvals/${r2.id}/reject`, { version: r2.version }),
      400,
      "Say why the refund is rejected",
    );
    const rejected = ok<{ refund: Saved }>(
      await post(admin, `refund-approvals/${r2.id}/reject`, {
        version: r2.version,
        reason: "Not our defect",
      }),
    );
    expect(rejected.refund).toMatchObject({
      status: "rejected",
      notes: "Rejected: Not our defect",
      approver_id: expect.any(Number),
    });

    // A card refund is approved and waits for the card processor.
    const o2 = await orderWith(["received"]);
    const captured = await admin.create("user-payments", {
      order_id: o2.id,
      customer_id: o2.customer_id,
      amount: 60,
      method: "card",
      status: "captured",
      paid_at: "2026-03-03T10:00:00.000Z",
      transaction_id: unique("ch_"),
    });
    const r3 = await csr.create("refund-approvals", {
      order_id: o2.id,
      payment_id: captured.id,
      amount: 60,
      reason: "late",
      remedy: "refund",
    });
    const waiting = await post(admin, `refund-approvals/${r3.id}/approve`, { version: r3.version });
    expect(ok<{ refund: Saved }>(waiting).refund.status).toBe("approved");
    expect(ok<{ message: string }>(waiting).message).toContain(
      "the card processor, which is not configured yet",
    );
    const pending = ok<{ id: number; awaiting_card_processor: boolean }[]>(
      await admin.call("GET", "refund-approvals/queue?status=approved"),
    );
    expect(pending.find((q) => q.id === r3.id)?.awaiting_card_processor).toBe(true);
    expect(ok<Order>(await admin.call("GET", `orders/${o2.id}`)).amount_due).toBe(40);
    refused(await post(other, `refund-approvals/${r3.id}/approve`, { version: 1 }), 404, "Not found");
  });

  it("makes a slip of what is left, ships it (items to Shipped), counts its prints; its ticket has no prices", async () => {
    const o = await orderWith(["staged", "printed"], { customer_po: "PO 9" });
    refused(await post(press, `orders/${o.id}/packing-slips`), 403, "Forbidden");
    const slip = ok<Saved & { lines: Json[]; slip_number: string }>(
      await post(csr, `orders/${o.id}/packing-slips`),
      201,
    );
    expect(slip.status).toBe("draft");
    const full = ok<Saved & { lines: Json[] }>(await csr.call("GET", `packing-slips/${slip.id}`));
    expect(full.lines).toEqual([
      expect.objectContaining({ quantity_ordered: 500, quantity_shipped: 500, quantity_backordered: 0 }),
      expect.objectContaining({ quantity_ordered: 500, quantity_shipped: 500, quantity_backordered: 0 }),
    ]);
    refused(
      await post(csr, `orders/${o.id}/packing-slips`),
      409,
      `Every item of ${o.order_number} is on a packing slip already`,
    );
    // The printed item leads neither to Packed nor to Shipped: it moves on in production first.
    refused(
      await post(csr, `packing-slips/${slip.id}/ship`, {
        version: slip.version,
        carrier: "ups",
        tracking_number: "1Z999",
      }),
      409,
      `${slip.slip_number} cannot ship: Item 2 of ${o.order_number} cannot go from Printed to Shipped`,
    );
    refused(
      await post(csr, `packing-slips/${slip.id}/ship`, { version: slip.version, carrier: "mule" }),
      400,
      "Invalid option",
    );
    const order = ok<Order>(await admin.call("GET", `orders/${o.id}`));
    await admin.update("orders", o.id, {
      items: [{ id: order.items[0].id }, { id: order.items[1].id, item_status_id: item.cut }],
    });
    await admin.update("orders", o.id, {
      items: [{ id: order.items[0].id }, { id: order.items[1].id, item_status_id: item.staged }],
    });
    const shipped = ok<Saved>(
      await post(csr, `packing-slips/${slip.id}/ship`, {
        version: slip.version,
        carrier: "ups",
        tracking_number: "1Z999",
        cartons: 2,
        weight: 12.5,
      }),
    );
    expect(shipped).toMatchObject({
      status: "shipped",
      carrier: "ups",
      tracking_number: "1Z999",
      cartons: 2,
      weight: 12.5,
    });
    expect(shipped.packed_by_id).toEqual(expect.any(Number));
    const after = ok<Order>(await csr.call("GET", `orders/${o.id}`));
    expect(codesOf(after)).toEqual(["shipped", "shipped"]);
    expect(after.status_id).toBe(ord.shipped);
    refused(
      await post(csr, `packing-slips/${slip.id}/ship`, { version: shipped.version }),
      409,
      `${slip.slip_number} is shipped: it cannot be shipped again`,
    );

    refused(await press.call("GET", `packing-slips/${slip.id}/ticket`), 403, "Forbidden");
    const ticket = ok<Json & { lines: Json[] }>(await csr.call("GET", `packing-slips/${slip.id}/ticket`));
    expect(ticket).toMatchObject({
      slip_number: slip.slip_number,
      order_number: o.order_number,
      customer_po: "PO 9",
      tracking_number: "1Z999",
    });
    expect(ticket.lines).toEqual([
      {
        id: expect.any(Number),
        description: "Flyers (staged)",
        item_number: 1,
        quantity_ordered: 500,
        quantity_shipped: 500,
        quantity_backordered: 0,
      },
      {
        id: expect.any(Number),
        description: "Flyers (printed)",
        item_number: 2,
        quantity_ordered: 500,
        quantity_shipped: 500,
        quantity_backordered: 0,
      },
    ]);
    expect(JSON.stringify(ticket)).not.toMatch(/price|amount|total|subtotal/);
    expect(ok<Json>(await post(csr, `packing-slips/${slip.id}/prints`))).toEqual({ print_count: 1 });
    expect(ok<Json>(await post(csr, `packing-slips/${slip.id}/prints`))).toEqual({ print_count: 2 });
    refused(await other.call("GET", `packing-slips/${slip.id}/ticket`), 404, "Not found");
  });

  it("packs a slip only for printed work (the slips' own rule)", async () => {
    const o = await orderWith(["staged", "received"]);
    const slip = ok<Saved>(await post(csr, `orders/${o.id}/packing-slips`), 201);
    const full = ok<Saved & { lines: Json[] }>(await csr.call("GET", `packing-slips/${slip.id}`));
    expect(full.lines[1]).toMatchObject({ quantity_shipped: 0, quantity_backordered: 500 });
    const packed = ok<Saved>(
      await post(csr, `packing-slips/${slip.id}/pack`, { version: slip.version, cartons: 1 }),
    );
    expect(packed).toMatchObject({ status: "packed", cartons: 1 });
    const after = ok<Order>(await csr.call("GET", `orders/${o.id}`));
    expect(codesOf(after)).toEqual(["staged", "received"]);
  });

  it("makes a mail order's slip of its drops, one line per drop on the order's printing item", async () => {
    const o = await orderWith(["staged"]);
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const mail = await admin.create("mail-orders", {
      customer_id: o.customer_id,
      order_id: o.id,
      product_id: product.id,
      drops: [
        { drop_no: 1, scheduled_date: soon, quantity: 250 },
        { drop_no: 2, scheduled_date: soon, quantity: 250 },
      ],
    });
    const view = ok<{ drops: { slip: unknown; quantity: number }[]; item: { number: number } }>(
      await csr.call("GET", `mail-orders/${mail.id}/packing-slip`),
    );
    expect(view.item.number).toBe(1);
    expect(view.drops.map((d) => [d.quantity, d.slip])).toEqual([
      [250, null],
      [250, null],
    ]);
    refused(
      await post(csr, `mail-orders/${mail.id}/packing-slip`, { drops: [999_999] }),
      400,
      "has no drop with id 999999",
    );
    const slip = ok<Saved & { slip_number: string }>(
      await post(csr, `mail-orders/${mail.id}/packing-slip`),
      201,
    );
    expect(slip).toMatchObject({ mail_order_id: mail.id, order_id: o.id, carrier: "usps" });
    const lines = ok<Saved & { lines: Json[] }>(await csr.call("GET", `packing-slips/${slip.id}`)).lines;
    expect(lines).toEqual([
      expect.objectContaining({
        description: `${String(mail.mail_order_number)} drop 1 · mails ${soon}`,
        quantity_shipped: 250,
      }),
      expect.objectContaining({
        description: `${String(mail.mail_order_number)} drop 2 · mails ${soon}`,
        quantity_shipped: 250,
      }),
    ]);
    const again = ok<{ drops: { slip: { slip_number: string } | null }[] }>(
      await csr.call("GET", `mail-orders/${mail.id}/packing-slip`),
    );
    expect(again.drops.map((d) => d.slip?.slip_number)).toEqual([slip.slip_number, slip.slip_number]);
    refused(
      await post(csr, `mail-orders/${mail.id}/packing-slip`),
      409,
      `Every drop of ${String(mail.mail_order_number)} is on a packing slip already`,
    );
    refused(await press.call("GET", `mail-orders/${mail.id}/packing-slip`), 403, "Forbidden");
  });

  it("answers the job ticket without prices and counts its prints in the order's log", async () => {
    const o = await orderWith(["approved"], {
      special_instructions: "Fold in half",
      wanted_by: "2026-12-04",
    });
    const ticket = ok<Json & { items: Json[] }>(await csr.call("GET", `orders/${o.id}/job-ticket`));
    expect(ticket).toMatchObject({
      order_number: o.order_number,
      special_instructions: "Fold in half",
      wanted_by: "2026-12-04",
      print_count: 0,
    });
    expect(ticket.items[0]).toMatchObject({
      number: 1,
      description: "Flyers (approved)",
      quantity: 500,
      status: "Approved",
    });
    expect(JSON.stringify(ticket)).not.toMatch(/price|amount|total/);
    expect(ok<Json>(await post(csr, `orders/${o.id}/job-ticket/prints`))).toEqual({ print_count: 1 });
    expect(ok<Json>(await post(csr, `orders/${o.id}/job-ticket/prints`))).toEqual({ print_count: 2 });
    // A print changes nothing of the order: its version stays.
    expect(ok<Order>(await csr.call("GET", `orders/${o.id}`)).version).toBe(o.version);
    expect(ok<Json>(await csr.call("GET", `orders/${o.id}/job-ticket`)).print_count).toBe(2);
    refused(await other.call("GET", `orders/${o.id}/job-ticket`), 404, "Not found");
  });
});
