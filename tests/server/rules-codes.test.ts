import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, expectFieldError, makeProduct, type Saved, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 16, classes 11 and 12: unique codes are normalised (trimmed, NFKC, invisible characters
// removed) and unique in any case, under concurrency too (code-normalise.ts, the lower(column)
// index of tables.ts); the house agent (DEFAULT_AGENT_ID) stays, and a customer belongs to the
// house or to a broker, not both (server/resources/hooks/agents.ts).

const RACERS = 20;

/** Case, space, tab, zero-width and full-width twins of "C…" codes. */
const twins = (code: string) => [
  `${code} `,
  ` ${code}`,
  code.toLowerCase(),
  `${code}\t`,
  `${code.slice(0, 2)}\u200B${code.slice(2)}`,
  `\uFEFF${code}\u00AD`,
  // Full width: Ｃ１０… (NFKC folds them back to ASCII).
  [...code].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(""),
];

describeEachStore("unique codes and protected records (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let house: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    const res = await a.call("GET", `agents?limit=10&search=${encodeURIComponent("House account")}`);
    house = (res.json().data as Saved[])[0];
    // The seed gives the house agent id 30 only in the full demo; point the setting at this one.
    t.app.config.defaultAgentId = house.id;
  });
  afterAll(() => t?.dispose());

  const customer = (customer_number: string) =>
    a.call("POST", "customers", { customer_number, name: "Code twin" });

  it("stores a code normalised and refuses its twins as the same code (409)", async () => {
    const code = `C${Date.now().toString().slice(-7)}`;
    const first = await customer(`\u3000${code}\u200D `);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.customer_number).toBe(code);
    for (const twin of twins(code)) {
      const res = await customer(twin);
      expect(res.statusCode, JSON.stringify(twin)).toBe(409);
      expect(res.json().message).toMatch(/customer number .* \(in any case\)/);
    }
    // A PATCH onto another customer's code is the same 409.
    const other = await customer(`${code}X`);
    expect(other.statusCode).toBe(201);
    const patch = await a.call("PATCH", `customers/${other.json().data.id}`, {
      version: 1,
      customer_number: ` ${code.toLowerCase()}`,
    });
    expect(patch.statusCode).toBe(409);
  });

  it("a code of invisible characters only is empty (required)", async () => {
    const res = await a.call("POST", "products", { sku: "\u200B\u2060 ", name: "Nothing" });
    expectFieldError(res, "sku", "This field is required");
  });

  it("refuses a product SKU in another case", async () => {
    const product = await makeProduct(a);
    const sku = String(product.sku);
    const res = await a.call("POST", "products", {
      sku: ` ${sku.toLowerCase()}\t`,
      name: "Twin",
      site_id: product.site_id,
      product_type_id: product.product_type_id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe("sku");
  });

  it(`${RACERS} parallel POs with case and space variants of one number: one stored`, async () => {
    const [vendor, facility] = await Promise.all([a.first("vendors"), a.first("facilities")]);
    const number = unique("PO-Q");
    const variant = (i: number) => {
      const cased = i % 2 === 0 ? number : number.toLowerCase();
      const pad = " ".repeat(i >> 2);
      return i % 4 < 2 ? `${pad}${cased}` : `${cased}${pad}\t`;
    };
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        a.call("POST", "purchase-orders", {
          po_number: variant(i),
          vendor_id: vendor.id,
          deliver_to_id: facility.id,
          lines: [{ description: "Racing line", quantity: 1, unit_cost: 1 }],
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 201),
      answers.map((r) => r.body).join("\n"),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(RACERS - 1);
    const list = await a.call("GET", `purchase-orders?limit=50&search=${encodeURIComponent(number)}`);
    const stored = (list.json().data as Saved[]).filter(
      (po) => String(po.po_number).toLowerCase() === number.toLowerCase(),
    );
    expect(stored).toHaveLength(1);
    expect([number, number.toLowerCase()]).toContain(stored[0].po_number);
  });

  it("numbering still assigns numbers, stepping over one taken in another case", async () => {
    const first = await a.create("customers", { name: "Numbered one" });
    const next = Number(String(first.customer_number).replace(/\D/g, "")) + 1;
    const prefix = String(first.customer_number).replace(/\d+$/, "");
    // Typed ahead of the sequence in lower case: the next number steps over it.
    const typed = await a.create("customers", {
      name: "Typed",
      customer_number: `${prefix.toLowerCase()}${next}`,
    });
    expect(typed.customer_number).toBe(`${prefix.toLowerCase()}${next}`);
    const second = await a.create("customers", { name: "Numbered two" });
    expect(second.customer_number).toBe(`${prefix}${next + 1}`);
  });

  it("the house agent cannot be deleted or made inactive; another agent can", async () => {
    const del = await a.call("DELETE", `agents/${house.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/house agent .* cannot be deleted/);
    const off = await a.call("PATCH", `agents/${house.id}`, {
      version: (await a.get("agents", house.id)).version,
      status: "inactive",
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/house agent .* cannot be made inactive/);
    expect((await a.get("agents", house.id)).status).toBe("active");
    // Its other fields still change.
    const renamed = await a.update("agents", house.id, { notes: "Still the house" });
    expect(renamed.notes).toBe("Still the house");

    const broker = await a.create("agents", { name: "Short-lived broker" });
    expect((await a.update("agents", broker.id, { status: "inactive" })).status).toBe("inactive");
    expect((await a.call("DELETE", `agents/${broker.id}`)).statusCode).toBe(200);
  });

  it("a customer belongs to the house or to a broker, not both", async () => {
    const mine = await a.create("customers", { name: "House or broker" });
    const houseNow = await a.get("agents", house.id);
    await a.update("agents", house.id, { customer_ids: [...(houseNow.customer_ids as number[]), mine.id] });

    // A broker taking a house account: refused.
    const taking = await a.call("POST", "agents", { name: "Eager broker", customer_ids: [mine.id] });
    expectFieldError(
      taking,
      "customer_ids",
      new RegExp(`${mine.customer_number} is already the house agent's`),
    );

    // The house taking a broker's account: refused.
    const brokersOwn = await a.create("customers", { name: "Broker's own" });
    const broker = await a.create("agents", { name: "Fair broker", customer_ids: [brokersOwn.id] });
    const grabbing = await a.call("PATCH", `agents/${house.id}`, {
      version: (await a.get("agents", house.id)).version,
      customer_ids: [...((await a.get("agents", house.id)).customer_ids as number[]), brokersOwn.id],
    });
    expectFieldError(grabbing, "customer_ids", /already another agent's account/);

    // Once the house lets it go, the broker may have it.
    const houseList = (await a.get("agents", house.id)).customer_ids as number[];
    await a.update("agents", house.id, { customer_ids: houseList.filter((id) => id !== mine.id) });
    const moved = await a.update("agents", broker.id, { customer_ids: [brokersOwn.id, mine.id] });
    expect(moved.customer_ids).toEqual([brokersOwn.id, mine.id]);
  });
});
