import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../server/db/open";
import { fromCents, sumCents, toCents } from "../../server/resources/hooks/derived-writes";
import { BIDI_MESSAGE, CONTROL_MESSAGE, LINE_BREAK_MESSAGE } from "../../server/resources/text-hygiene";
import {
  type Api,
  api,
  expectFieldError,
  type Json,
  makeInventory,
  makeOrder,
  makeProduct,
  type Saved,
  unique,
} from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 16, classes 13 and 14: money and dates in range, JSON shapes and text hygiene. Each wrong
// write goes through the API and is refused with the rule's message; the right one is accepted.

const YEARS = "Use a year between 1900 and 2199";
const MONEY_MAX = "99,999,999.99";

describe("exact cents", () => {
  it("sums amounts above 2^53 cents without drift", () => {
    const lines = Array.from({ length: 1000 }, () => 99_999_999_999.99);
    const sum = sumCents(lines);
    expect(sum > 2n ** 53n).toBe(true);
    expect(sum).toBe(9_999_999_999_999_000n);
    expect(sumCents([0.1, 0.2, 0.7])).toBe(100n);
    expect(toCents("90071992547409.93")).toBe(9_007_199_254_740_993n);
    expect(toCents("-12.5")).toBe(-1250n);
    expect(fromCents(9_999_999_999n)).toBe(99_999_999.99);
  });
});

describeEachStore("money, dates, shapes and hygiene (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
  });
  afterAll(() => t?.dispose());

  const orderBody = async (items: Json[], extra: Json = {}) => {
    const customer = await a.first("customers");
    const product = await a.first("products");
    return {
      order_number: unique("V-"),
      customer_id: customer.id,
      ordered_at: "2026-03-02T15:00:00.000Z",
      items: items.map((i) => ({ product_id: product.id, description: "Cards", quantity: 100, ...i })),
      ...extra,
    };
  };
  const postOrder = async (items: Json[], extra: Json = {}) =>
    a.call("POST", "orders", await orderBody(items, extra));
  const patch = async (path: string, id: number, body: Json) => {
    const { version } = await a.get(path, id);
    return a.call("PATCH", `${path}/${id}`, { ...body, version });
  };
  const poBody = async (extra: Json = {}) => ({
    vendor_id: (await a.first("vendors")).id,
    deliver_to_id: (await a.first("facilities")).id,
    ordered_at: "2026-03-02",
    ...extra,
  });

  it("the seed keeps these rules", async () => {
    const count = async (query: string) => {
      const rows = await selectRows(t.database.db, sql.raw(query));
      return Number((rows[0] as { n: unknown }).n);
    };
    const breaks = {
      discount: await count("select count(*) as n from orders where discount > subtotal"),
      totals: await count("select count(*) as n from orders where total > 99999999.99 or total < 0"),
      due: await count(
        "select count(*) as n from orders where wanted_by < (ordered_at at time zone 'UTC')::date - 1",
      ),
      proof: await count("select count(*) as n from orders where proof_due_at < ordered_at"),
      po: await count(
        "select count(*) as n from purchase_orders where expected_at < ordered_at or received_at < ordered_at",
      ),
      printed: await count("select count(*) as n from runs where printed_at > now() + interval '5 minutes'"),
      sizes: await count(
        "select count(*) as n from products where finished_width > flat_width or finished_height > flat_height or finished_width <= 0 or flat_width <= 0",
      ),
    };
    expect(breaks).toEqual({ discount: 0, totals: 0, due: 0, proof: 0, po: 0, printed: 0, sizes: 0 });
  });

  describe("money", () => {
    it("refuses a discount above the subtotal, on create and when the items shrink", async () => {
      expectFieldError(
        await postOrder([{ price: 100 }], { discount: 100.01 }),
        "discount",
        "Discount cannot exceed the subtotal",
      );
      const order = await makeOrder(a, [{ price: 60 }, { price: 40 }], { discount: 100, shipping: 5 });
      expect(order).toMatchObject({ subtotal: 100, total: 5 });
      const items = (order.items as Saved[]).slice(0, 1).map((i) => ({ id: i.id, product_id: i.product_id }));
      expectFieldError(
        await patch("orders", order.id, { items }),
        "discount",
        "Discount cannot exceed the subtotal",
      );
      expectFieldError(
        await patch("orders", order.id, { discount: 150 }),
        "discount",
        "Discount cannot exceed the subtotal",
      );
      expect(await a.update("orders", order.id, { discount: 99.99 })).toMatchObject({ total: 5.01 });
    });

    it("bounds money fields and the totals they add up to", async () => {
      const res = await postOrder([{ price: 1e15 }]);
      expectFieldError(res, "items.0.price", `Must be at most ${MONEY_MAX}`);
      expectFieldError(
        await postOrder([{ price: 1 }], { shipping: 1e14 }),
        "shipping",
        `Must be at most ${MONEY_MAX}`,
      );
      const over = await postOrder([{ price: 99_999_999.99 }, { price: 0.01 }]);
      expectFieldError(over, "total", `Total cannot exceed ${MONEY_MAX}`);
      expectFieldError(over, "subtotal", `Subtotal cannot exceed ${MONEY_MAX}`);
    });

    it("adds cents exactly: ten lines of 9,999,999.99 and lines of 0.1", async () => {
      // An account without a credit limit: a $100M order is within no limit (class 10's policy).
      const cash = await a.create("customers", { name: unique("Cash account "), type: "retail" });
      const big = await makeOrder(
        a,
        Array.from({ length: 10 }, () => ({ price: 9_999_999.99 })),
        { customer_id: cash.id },
      );
      expect(big).toMatchObject({ subtotal: 99_999_999.9, total: 99_999_999.9 });
      const small = await makeOrder(a, [{ price: 0.1 }, { price: 0.2 }, { price: 0.7 }], { tax: 0.3 });
      expect(small).toMatchObject({ subtotal: 1, total: 1.3, amount_due: 1.3 });
      // 10,000,000 × 99,999,999.99 passes 2^53 cents: refused, never stored rounded.
      const po = await a.call(
        "POST",
        "purchase-orders",
        await poBody({ lines: [{ description: "Paper", quantity: 10_000_000, unit_cost: 99_999_999.99 }] }),
      );
      expectFieldError(po, "total", `Total cannot exceed ${MONEY_MAX}`);
      const exact = await a.create(
        "purchase-orders",
        await poBody({ lines: [{ description: "Paper", quantity: 3, unit_cost: 33_333_333.33 }] }),
      );
      expect(exact.total).toBe(99_999_999.99);
    });
  });

  describe("dates", () => {
    it("keeps an order's due and proof dates on or after the order date", async () => {
      expectFieldError(
        await postOrder([{ price: 1 }], { wanted_by: "2026-02-28" }),
        "wanted_by",
        "Due date cannot be before the order date",
      );
      expectFieldError(
        await postOrder([{ price: 1 }], { proof_due_at: "2026-03-02T14:59:00.000Z" }),
        "proof_due_at",
        "Proof due at cannot be before the order date",
      );
      const order = await a.create(
        "orders",
        await orderBody([{ price: 1 }], {
          wanted_by: "2026-03-02",
          proof_due_at: "2026-03-02T15:00:00.000Z",
        }),
      );
      // Moving the order date past the stored due date breaks the same rule.
      expectFieldError(
        await patch("orders", order.id, { ordered_at: "2026-03-10T12:00:00.000Z" }),
        "wanted_by",
        "Due date cannot be before the order date",
      );
      expect(await a.update("orders", order.id, { wanted_by: "2026-03-20" })).toMatchObject({
        wanted_by: "2026-03-20",
      });
    });

    it("keeps a PO's expected and received dates on or after the PO date", async () => {
      for (const field of ["expected_at", "received_at"]) {
        const res = await a.call("POST", "purchase-orders", await poBody({ [field]: "2026-03-01" }));
        const label = field === "expected_at" ? "Expected on" : "Received on";
        expectFieldError(res, field, `${label} cannot be before the PO date`);
      }
      const po = await a.create("purchase-orders", await poBody({ expected_at: "2026-03-02" }));
      expectFieldError(
        await patch("purchase-orders", po.id, { ordered_at: "2026-03-05" }),
        "expected_at",
        "Expected on cannot be before the PO date",
      );
    });

    it("refuses years outside 1900-2199 and a run printed in the future", async () => {
      for (const wanted_by of ["0001-01-01", "9999-12-31", "1899-12-31", "2200-01-01"]) {
        expectFieldError(await postOrder([{ price: 1 }], { wanted_by }), "wanted_by", YEARS);
      }
      expectFieldError(
        await postOrder([{ price: 1 }], { ordered_at: "9999-01-01T00:00:00Z" }),
        "ordered_at",
        YEARS,
      );
      const stock = await makeInventory(a, "Rules stock", 1000);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expectFieldError(
        await a.call("POST", "runs", { stock_id: stock.id, printed_at: future }),
        "printed_at",
        "Printed at cannot be in the future",
      );
      const run = await a.create("runs", { stock_id: stock.id, printed_at: new Date().toISOString() });
      expect(run.printed_at).toBeTruthy();
    });
  });

  describe("JSON shapes", () => {
    it("bounds every JSON field's size and checks options and artwork", async () => {
      const huge = { paper: "x".repeat(900 * 1024) };
      expectFieldError(
        await postOrder([{ price: 1, options: huge }]),
        "items.0.options",
        "Use at most 64 KB of JSON",
      );
      expectFieldError(
        await postOrder([{ price: 1, artwork: "front.pdf" }]),
        "items.0.artwork",
        "Expected a list",
      );
      expectFieldError(
        await postOrder([{ price: 1, options: { paper: 14 } }]),
        "items.0.options",
        "Paper: expected text",
      );
      expectFieldError(
        await postOrder([{ price: 1, artwork: [{ name: "front", url: "javascript:x" }] }]),
        "items.0.artwork",
        /^Entry 1, url: expected a web address/,
      );
      const order = await makeOrder(a, [
        {
          price: 1,
          options: { paper: "14pt-gloss", coating: "uv" },
          artwork: [{ name: "front.pdf", url: "https://files.example/front.pdf", side: "front" }],
        },
      ]);
      expect((order.items as Json[])[0]).toMatchObject({ options: { paper: "14pt-gloss", coating: "uv" } });
    });

    it("checks price tiers: whole quantities from 1, prices from 0, quantities increasing", async () => {
      const product = await makeProduct(a);
      const cases: [unknown, string | RegExp][] = [
        [[{ quantity: -5, price: 10 }], "Entry 1, quantity: must be at least 1"],
        [[{ quantity: "100", price: 10 }], "Entry 1, quantity: expected a whole number"],
        [[{ quantity: 100, price: -1 }], "Entry 1, price: must be at least 0"],
        [
          [
            { quantity: 100, price: 10 },
            { quantity: 50, price: 8 },
          ],
          /^Entry 2: each quantity must be larger/,
        ],
        [{ quantity: 100 }, "Expected a list"],
        [Array.from({ length: 51 }, (_, i) => ({ quantity: i + 1, price: 1 })), "Use at most 50 entries"],
      ];
      for (const [price_tiers, message] of cases) {
        expectFieldError(await patch("products", product.id, { price_tiers }), "price_tiers", message);
      }
      const tiers = [
        { quantity: 250, price: 25 },
        { quantity: 500, price: 32.5 },
      ];
      expect(await a.update("products", product.id, { price_tiers: tiers })).toMatchObject({
        price_tiers: tiers,
      });
    });
  });

  describe("text hygiene", () => {
    it("counts invisible-only text as empty and refuses controls and bidi overrides", async () => {
      const product = await makeProduct(a);
      for (const name of ["\u200b\u200b", "\ufeff \u2060", "\u3164"]) {
        expectFieldError(await patch("products", product.id, { name }), "name", "This field is required");
      }
      expectFieldError(
        await patch("products", product.id, { name: "Cards \u202egnp.exe" }),
        "name",
        BIDI_MESSAGE,
      );
      expectFieldError(await patch("products", product.id, { name: "Bell\u0007" }), "name", CONTROL_MESSAGE);
      expectFieldError(
        await patch("products", product.id, { name: "Two\nlines" }),
        "name",
        LINE_BREAK_MESSAGE,
      );
      const order = await makeOrder(a, [{ price: 1 }]);
      expectFieldError(
        await patch("orders", order.id, { special_instructions: "Ship\u0085 friday" }),
        "special_instructions",
        CONTROL_MESSAGE,
      );
      const notes = "Ship friday\n\tBlind ship, no logo";
      expect(await a.update("orders", order.id, { special_instructions: notes })).toMatchObject({
        special_instructions: notes,
      });
      expect(await a.update("products", product.id, { name: "Zoë 日本 😀" })).toMatchObject({
        name: "Zoë 日本 😀",
      });
    });
  });

  describe("sizes", () => {
    it("keeps the finished size within the flat size and refuses 0 sizes", async () => {
      const product = await makeProduct(a);
      expectFieldError(
        await patch("products", product.id, { finished_width: 12, flat_width: 11 }),
        "finished_width",
        "Finished width cannot exceed the flat width",
      );
      expectFieldError(
        await patch("products", product.id, { finished_width: 0, finished_height: 0 }),
        "finished_width",
        "Must be greater than 0",
      );
      const sized = await a.update("products", product.id, {
        finished_width: 8.5,
        finished_height: 11,
        flat_width: 17,
        flat_height: 11,
      });
      expect(sized).toMatchObject({ finished_width: 8.5, flat_width: 17 });
      // A smaller flat sheet later meets the stored finished size.
      expectFieldError(
        await patch("products", product.id, { flat_height: 10 }),
        "finished_height",
        "Finished height cannot exceed the flat height",
      );
      const stock = await makeInventory(a, "Sheet stock", 10);
      expectFieldError(
        await a.call("POST", "runs", { stock_id: stock.id, sheet_width: 0, sheet_height: 0 }),
        "sheet_width",
        "Must be greater than 0",
      );
    });
  });
});
