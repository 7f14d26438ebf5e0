import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, type Json, type Saved, unique } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 21: an attribute's values saved in one PATCH (the attribute page's inline table) with the
// attribute's version, checked by the server (codes unique, labels required, price deltas amounts
// in cents), change-logged; the category tree's moves, where the server refuses a category placed
// under itself or its own descendant with a sentence, and changes nothing; and the product import's
// options and price tiers as a spreadsheet user types them ("250:45; 500:70").

const value = (code: string, label: string, price_delta = 0): Json => ({
  code,
  label,
  price_delta,
  multiplier: 1,
  is_default: false,
  active: true,
});

describeEachStore("catalogue editing: attribute values and the category tree (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let other: Api;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    other = api(t.app, await signIn(t.app, "admin@other.test", 2));
  });
  afterAll(() => t?.dispose());

  const attribute = (values: Json[]) =>
    admin.create("attributes", {
      name: "Lamination",
      code: unique("lam-"),
      input_type: "select",
      pricing_method: "price_delta",
      values,
    });

  it("saves the values in one request with the version, in their order, and logs the change", async () => {
    const a = await attribute([value("none", "None"), value("gloss", "Gloss", 4)]);
    const next = [
      { ...value("matte", "Matte", 6.5), sort: 0 },
      { ...value("none", "None"), sort: 1 },
      { ...value("gloss", "Gloss laminate", 4.25), active: false, sort: 2 },
    ];
    const res = await admin.call("PATCH", `attributes/${a.id}`, { values: next, version: a.version });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as Saved;
    expect(saved.values).toEqual(next);
    expect(saved.version).toBe(a.version + 1);

    const logs = (await admin.call("GET", `attributes/${a.id}/change-logs`)).json().data as Json[];
    expect(logs.map((l) => l.action)).toEqual(["update", "create"]);
    expect((logs[0].changes as Json).values).toEqual({
      from: [value("none", "None"), value("gloss", "Gloss", 4)],
      to: next,
    });

    // The same version again: someone saved in between.
    const stale = await admin.call("PATCH", `attributes/${a.id}`, {
      values: [value("x", "X")],
      version: a.version,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toMatch(/changed|version/i);
    expect((await admin.get("attributes", a.id)).values).toEqual(next);

    // Another tenant does not see it.
    const foreign = await other.call("PATCH", `attributes/${a.id}`, {
      values: [value("x", "X")],
      version: saved.version,
    });
    expect(foreign.statusCode).toBe(404);
  });

  const refusals: [string, Json[], string][] = [
    [
      "a code used twice",
      [value("gloss", "Gloss"), value("matte", "Matte"), value("gloss", "Gloss again")],
      'Entry 3: code "gloss" is already used by entry 1',
    ],
    [
      "a value without a label",
      [value("gloss", "Gloss"), { code: "matte", price_delta: 2 }],
      "Entry 2, label: required",
    ],
    ["a blank label", [value("gloss", "   ")], "Entry 1, label: expected some visible text"],
    ["a value without a code", [{ label: "Gloss" }], "Entry 1, code: required"],
    [
      "a price delta in fractions of a cent",
      [value("gloss", "Gloss", 1.005)],
      "Entry 1, price_delta: use at most 2 decimal places",
    ],
    [
      "a price delta that is not a number",
      [{ ...value("gloss", "Gloss"), price_delta: "4 dollars" }],
      "Entry 1, price_delta: expected an amount",
    ],
    [
      "a price delta below the floor",
      [value("gloss", "Gloss", -20_000)],
      "Entry 1, price_delta: must be at least -10000",
    ],
    [
      "an active flag that is not true or false",
      [{ ...value("gloss", "Gloss"), active: "yes" }],
      "Entry 1, active: expected true or false",
    ],
  ];

  it.each(refusals)("refuses %s with the entry named, and changes nothing", async (_, values, message) => {
    const a = await attribute([value("none", "None")]);
    const res = await admin.call("PATCH", `attributes/${a.id}`, { values, version: a.version });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ field: "values", message });
    const stored = await admin.get("attributes", a.id);
    expect(stored.values).toEqual([value("none", "None")]);
    expect(stored.version).toBe(a.version);
    // On create too.
    const created = await admin.call("POST", "attributes", {
      name: "Lamination",
      code: unique("lam-"),
      input_type: "select",
      values,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toContainEqual({ field: "values", message });
  });

  it("refuses a category placed under itself or its own descendant, and allows real moves", async () => {
    const site = await admin.first("sites");
    const category = (name: string, parent_id: number | null) =>
      admin.create("product-categories", {
        name,
        slug: unique("cat-").toLowerCase(),
        parent_id,
        site_id: site.id,
        sort_order: 10,
      });
    const top = await category("Signs", null);
    const middle = await category("Yard signs", top.id);
    const leaf = await category("Corrugated", middle.id);

    const move = (c: Saved, parent_id: number | null) =>
      admin.call("PATCH", `product-categories/${c.id}`, { parent_id, version: c.version });
    const cases: [Saved, number, string][] = [
      [
        top,
        leaf.id,
        '"Signs" cannot be placed under "Corrugated": "Corrugated" is inside "Signs". Move "Corrugated" out first, or choose another parent',
      ],
      [
        top,
        middle.id,
        '"Signs" cannot be placed under "Yard signs": "Yard signs" is inside "Signs". Move "Yard signs" out first, or choose another parent',
      ],
      [middle, middle.id, '"Yard signs" cannot be placed under itself: choose another parent'],
    ];
    for (const [c, parent, message] of cases) {
      const res = await move(c, parent);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message, errors: [{ field: "parent_id", message }] });
      const stored = await admin.get("product-categories", c.id);
      expect([stored.parent_id, stored.version]).toEqual([c.parent_id, c.version]);
    }

    // Outdent the leaf to the top, then nest the old top under it: no cycle now.
    const outdented = await move(leaf, null);
    expect(outdented.statusCode, outdented.body).toBe(200);
    const nested = await move(top, leaf.id);
    expect(nested.statusCode, nested.body).toBe(200);
    expect((await admin.get("product-categories", top.id)).parent_id).toBe(leaf.id);
  });

  it("imports options by name and price tiers as quantity:price pairs, each bad cell a row error", async () => {
    const token = await signIn(t.app, "admin@pressroom.test");
    const site = await admin.first("sites");
    const type = await admin.first("product-types");
    const [stock, colors] = await Promise.all([
      admin.first("attributes", "search=Paper%20stock"),
      admin.first("attributes", "search=Colors"),
    ]);
    const preview = (rows: string[]) =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/products/import/preview?site_id=${site.id}`,
        headers: { ...bearer(token), "content-type": "text/csv" },
        payload: `SKU,Name,product_type_id,Options,price_tiers\r\n${rows.join("\r\n")}\r\n`,
      });
    const sku = unique("IMP-");
    const good = await preview([
      `${sku}-1,Flyer,${type.id},Paper stock; Colors,"250:45; 500:$70; 1,000:120.50"`,
      `${sku}-2,Flyer,${type.id},,"[{""quantity"":100,""price"":20}]"`,
    ]);
    expect(good.statusCode, good.body).toBe(200);
    const data = good.json().data;
    expect(data.errors).toEqual([]);
    expect(data.sample.map((r: { values: Json }) => [r.values.attribute_ids, r.values.price_tiers])).toEqual([
      [
        [stock.id, colors.id],
        [
          { quantity: 250, price: 45 },
          { quantity: 500, price: 70 },
          { quantity: 1000, price: 120.5 },
        ],
      ],
      [[], [{ quantity: 100, price: 20 }]],
    ]);

    const bad = await preview([
      `${sku}-3,Flyer,${type.id},Paper stock,"250:45; 100:20"`,
      `${sku}-4,Flyer,${type.id},Glitter,250-45`,
      `${sku}-5,Flyer,${type.id},,"250:forty"`,
    ]);
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json().data.errors).toEqual([
      { row: 2, field: "price_tiers", message: "Entry 2: each quantity must be larger than the one before" },
      { row: 3, field: "attribute_ids", message: 'There is no attribute named "Glitter"' },
      {
        row: 3,
        field: "price_tiers",
        message:
          'Expected quantity:price pairs separated by ";" (e.g. 250:45; 500:70), or JSON; "250-45" is neither',
      },
      { row: 4, field: "price_tiers", message: "Entry 1, price: expected an amount" },
    ]);
  });
});
