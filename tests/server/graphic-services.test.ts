import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, demoStaff, type Json, makeOrder, type Saved, status } from "./domain-fixtures";
import { createTestApp, describeEachStore, type TestApp } from "./helpers";

// Issue 22, the graphic service manager: the queue of design requests (order items with one), assigning a
// designer and a due date, hours logged as a Service line at the design service's hourly rate with the order's
// change log, and the refusals (400/403/404/409) with their sentences, on both stores.

type Res = { statusCode: number; json(): unknown; body: string };
type Row = Record<string, unknown>;

describeEachStore("graphic service manager (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let csr: Api;
  let press: Api;
  let other: Api;
  let csrId: number;
  let order: Saved;
  let itemId: number;
  let plainItemId: number;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    ({ admin, csr, press, other } = await demoStaff(t.app));
    order = await makeOrder(admin, [
      { description: "Postcards 4×6", design_request: "A postcard for the spring sale, two photos" },
      { description: "Flyers" },
    ]);
    const items = order.items as Saved[];
    itemId = (items[0] as Saved).id;
    plainItemId = (items[1] as Saved).id;
  });
  afterAll(() => t?.dispose());

  const current = async () => admin.get("orders", order.id);
  const queue = async (a: Api, query = "") => {
    const res = await a.call("GET", `graphic-services${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { rows: Row[]; designers: { id: number; name: string }[] } }).data;
  };
  const design = (a: Api, orderId: number, item: number, body: Json) =>
    a.call("PATCH", `orders/${orderId}/items/${item}/design`, body);
  const hours = (a: Api, orderId: number, item: number, body: Json) =>
    a.call("POST", `orders/${orderId}/items/${item}/design-hours`, body);

  it("lists the order's design request (not its other item) with the tenant's users as designers", async () => {
    const { rows: data, designers } = await queue(csr);
    const mine = data.filter((r) => r.order_id === order.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      item_id: itemId,
      item_number: 1,
      request: "A postcard for the spring sale, two photos",
      designer_id: null,
      design_due: null,
      proofs_sent: 0,
      hours: 0,
      status: "unassigned",
    });
    expect(designers.map((d) => d.name)).toEqual(
      expect.arrayContaining(["Avery Admin", "Casey CSR", "Pat Pressman"]),
    );
    expect(designers.map((d) => d.name)).not.toContain("Olive Other");
    csrId = designers.find((d) => d.name === "Casey CSR")?.id as number;
    // The demo shop's history asks for design work on some items still awaiting approval.
    const seeded = data.filter((r) => String(r.order_number).startsWith("ORD-"));
    expect(seeded.length).toBeGreaterThan(0);
    // (Which items wait for approval moves with the clock: the designers are the tenant's users or none.)
    const names = designers.map((d) => d.name);
    for (const r of seeded) expect(r.designer === null || names.includes(String(r.designer))).toBe(true);
    // The other tenant sees none of it.
    expect((await queue(other)).rows.some((r) => r.order_id === order.id)).toBe(false);
  });

  it("assigns a designer and a due date, then filters by designer and status", async () => {
    const { version } = await current();
    const res = await design(csr, order.id, itemId, {
      version,
      designer_id: csrId,
      design_due: "2026-12-04",
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await queue(csr, `?designer=${csrId}&status=in_design`)).rows.filter(
      (r) => r.order_id === order.id,
    );
    expect(mine[0]).toMatchObject({ designer: "Casey CSR", design_due: "2026-12-04", status: "in_design" });
    expect((await queue(csr, "?status=unassigned")).rows.some((r) => r.item_id === itemId)).toBe(false);
    expect((await queue(csr, "?designer=none")).rows.some((r) => r.item_id === itemId)).toBe(false);
  });

  it("logs hours as a Service line at the hourly rate, with the order's change log", async () => {
    const { version } = await current();
    const res = await hours(csr, order.id, itemId, { version, hours: 1.5 });
    expect(res.statusCode, res.body).toBe(200);
    const after = await current();
    const items = after.items as Row[];
    expect(items).toHaveLength(3);
    // Graphic design: $75.00 an hour, 1.5 h = $112.50.
    expect(items[2]).toMatchObject({
      description: "Graphic design: 1.5 h at $75.00/h for item 1",
      quantity: 1,
    });
    expect(Number(items[2]?.price)).toBe(112.5);
    expect(typeof items[2]?.service_id).toBe("number");
    expect(Number(items[0]?.design_hours)).toBe(1.5);
    // Half an hour is $37.50, the minimum charge; a quarter hour is billed at that minimum.
    const again = await hours(csr, order.id, itemId, { version: after.version, hours: 0.25 });
    expect(again.statusCode, again.body).toBe(200);
    const last = await current();
    expect(Number((last.items as Row[])[3]?.price)).toBe(37.5);
    expect(Number((last.items as Row[])[0]?.design_hours)).toBe(1.75);
    const row = (await queue(csr)).rows.find((r) => r.item_id === itemId);
    expect(row?.hours).toBe(1.75);
    const log = (await admin.call("GET", `orders/${order.id}/change-logs`)).json() as { data: Row[] };
    expect(JSON.stringify(log.data)).toContain("log design hours");
  });

  it("keeps a Service line off the floor: no status, no job-ticket or packing-slip line, no say in the order's status", async () => {
    const own = await makeOrder(admin, [{ description: "Banner", design_request: "Logo redraw" }]);
    const designItem = (own.items as Saved[])[0] as Saved;
    const logged = await hours(csr, own.id, designItem.id, { version: own.version, hours: 1 });
    expect(logged.statusCode, logged.body).toBe(200);
    const after = await admin.get("orders", own.id);
    const [first, service] = after.items as Saved[];
    // Billed, not produced: the server gave it no status, and refuses one.
    expect(service?.service_id).toEqual(expect.any(Number));
    expect(service?.item_status_id).toBeNull();
    const statusId = first?.item_status_id;
    const refused = await admin.call("PATCH", `orders/${own.id}`, {
      version: after.version,
      items: [{ id: first?.id }, { id: service?.id, item_status_id: statusId }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as { errors: unknown[] }).errors).toEqual([
      {
        field: "items.1.item_status_id",
        message: "Item 2 is a service line (billed, not produced): it takes no status",
      },
    ]);
    // The job ticket lists the work alone.
    const ticket = (await csr.call("GET", `orders/${own.id}/job-ticket`)).json() as {
      data: { items: Row[] };
    };
    expect(ticket.data.items.map((i) => [i.number, i.description])).toEqual([[1, "Banner"]]);
    // A packing slip made from the order ships the banner only; naming the service line is refused.
    const slip = await admin.call("POST", `orders/${own.id}/packing-slips`, {});
    expect(slip.statusCode, slip.body).toBe(201);
    const lines = (await admin.get("packing-slips", (slip.json() as { data: Saved }).data.id)).lines as Row[];
    expect(lines.map((l) => l.order_item_id)).toEqual([first?.id]);
    const named = await admin.call("POST", "packing-slips", {
      order_id: own.id,
      status: "draft",
      lines: [
        {
          order_item_id: service?.id,
          description: "Design",
          quantity_ordered: 1,
          quantity_shipped: 0,
          quantity_backordered: 1,
        },
      ],
    });
    expect(named.statusCode, named.body).toBe(400);
    expect(JSON.stringify(named.json())).toContain(
      `Item 2 of ${String(own.order_number)} (${String(service?.description)}) is a service line (billed, not produced): a packing slip ships printed work`,
    );
    // Its item cancelled, the order follows to Cancelled: the service line holds nothing open.
    const current2 = await admin.get("orders", own.id);
    const cancel = await admin.call("PATCH", `orders/${own.id}`, {
      version: current2.version,
      items: [
        { id: first?.id, item_status_id: (await status(admin, "order_item", "cancelled")).id },
        { id: service?.id },
      ],
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await admin.get("orders", own.id)).status_id).toBe(
      (await status(admin, "order", "cancelled")).id,
    );
  });

  describe("refusals", () => {
    // [what, who, item (the request, the order's other item, or none of the order's), action, body, status, answer]
    type Case = [
      string,
      "press" | "other" | "csr",
      "request" | "plain" | "missing",
      "design" | "design-hours",
      Json,
      number,
      string,
    ];
    const cases: Case[] = [
      [
        "a press operator (no Order UpdateAny)",
        "press",
        "request",
        "design",
        { designer_id: 1 },
        403,
        "Forbidden",
      ],
      ["another tenant's admin", "other", "request", "design", { designer_id: null }, 404, "Not found"],
      ["an item of another order", "csr", "missing", "design", { designer_id: null }, 404, "Not found"],
      [
        "an item without a design request",
        "csr",
        "plain",
        "design-hours",
        { hours: 1 },
        409,
        "Item 2 of {order} has no design request: add one on the order first",
      ],
      ["nothing to change", "csr", "request", "design", {}, 400, "Send a designer or a due date to change"],
      [
        "a due date not as a date",
        "csr",
        "request",
        "design",
        { design_due: "next week" },
        400,
        "Enter the due date as YYYY-MM-DD",
      ],
      [
        "a designer who is not the tenant's",
        "csr",
        "request",
        "design",
        { designer_id: 999_999 },
        400,
        "There is no user with id 999999",
      ],
      ["zero hours", "csr", "request", "design-hours", { hours: 0 }, 400, "Enter more than 0 hours"],
      [
        "hours not in quarters",
        "csr",
        "request",
        "design-hours",
        { hours: 0.1 },
        400,
        "Log hours in quarter hours (0.25)",
      ],
    ];
    it.each(cases)("refuses %s", async (_name, who, item, action, body, code, message) => {
      const caller = { press, other, csr }[who];
      const id = { request: itemId, plain: plainItemId, missing: 999_999 }[item];
      const { version } = await current();
      const method = action === "design-hours" ? "POST" : "PATCH";
      const res = (await caller.call(method, `orders/${order.id}/items/${id}/${action}`, {
        version,
        ...body,
      })) as Res;
      expect(res.statusCode, res.body).toBe(code);
      const answer = res.json() as { message: string; errors?: { message: string }[] };
      // A 400 says "Validation failed" and names the field's problem; the others say it in the message.
      const text = code === 400 ? (answer.errors ?? []).map((e) => e.message).join(" | ") : answer.message;
      expect(text).toBe(message.replace("{order}", String(order.order_number)));
      // Nothing changed.
      expect((await current()).version).toBe(version);
    });

    it("refuses a stale version with a 409 and changes nothing", async () => {
      const before = await current();
      const res = (await design(csr, order.id, itemId, {
        version: before.version - 1,
        designer_id: null,
      })) as Res;
      expect(res.statusCode, res.body).toBe(409);
      expect((res.json() as { message: string }).message).toBe(
        "This order was changed by someone else since you opened it. Reload it to see their changes.",
      );
      expect((await current()).version).toBe(before.version);
    });

    it("refuses the queue to a press operator and to no session", async () => {
      expect((await press.call("GET", "graphic-services")).statusCode).toBe(403);
      expect((await t.app.inject({ method: "GET", url: "/api/v1/graphic-services" })).statusCode).toBe(401);
    });
  });
});
