import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, type Json, type Saved, unique } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 21's remainder: the category tree's move as one request (new parent and the level's new
// order, in one transaction with every version checked; a cycle and a parent on another site
// refused with a sentence, nothing changed); the product import's variants (variants.<field>
// columns, a row repeating the SKU above adds a variant), each cell's problem on its own row.

describeEachStore("catalogue writes: category moves, variants import (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let press: Api;
  let other: Api;
  let siteA: Saved;
  let siteB: Saved;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    adminToken = await signIn(t.app, "admin@pressroom.test");
    admin = api(t.app, adminToken);
    press = api(t.app, await signIn(t.app, "press@pressroom.test"));
    other = api(t.app, await signIn(t.app, "admin@other.test", 2));
    const sites = (await admin.call("GET", "sites?limit=2&sort=id")).json().data as Saved[];
    [siteA, siteB] = sites;
  });
  afterAll(() => t?.dispose());

  const category = (name: string, parent_id: number | null, site: Saved, sort_order = 10) =>
    admin.create("product-categories", {
      name,
      slug: unique("cat-").toLowerCase(),
      parent_id,
      site_id: site.id,
      sort_order,
    });
  const move = (who: Api, id: number, parent_id: number | null, order: Saved[]) =>
    who.call("POST", `product-categories/${id}/move`, {
      parent_id,
      order: order.map((c) => ({ id: c.id, version: c.version })),
    });
  const stored = async (cs: Saved[]) =>
    Promise.all(cs.map(async (c) => admin.get("product-categories", c.id)));
  const shape = (cs: Saved[]) => cs.map((c) => [c.name, c.parent_id, c.sort_order, c.version]);

  it("moves a category under a new parent and renumbers that level in one request, each change logged", async () => {
    const signs = await category("Signs", null, siteA);
    const yard = await category("Yard signs", signs.id, siteA, 10);
    const flags = await category("Flags", signs.id, siteA, 20);
    const banners = await category("Banners", null, siteA, 9000);

    // Banners goes under Signs, between Yard signs and Flags.
    const res = await move(admin, banners.id, signs.id, [yard, banners, flags]);
    expect(res.statusCode, res.body).toBe(200);
    expect(shape(res.json().data)).toEqual([
      ["Yard signs", signs.id, 10, 1],
      ["Banners", signs.id, 20, 2],
      ["Flags", signs.id, 30, 2],
    ]);
    expect(shape(await stored([yard, banners, flags]))).toEqual(shape(res.json().data));
    const logs = (await admin.call("GET", `product-categories/${banners.id}/change-logs`)).json()
      .data as Json[];
    expect(logs[0].changes).toEqual({
      parent_id: { from: null, to: signs.id },
      sort_order: { from: 9000, to: 20 },
    });
  });

  it("refuses a stale version, a changed level, a cycle and a parent on another site, changing nothing", async () => {
    const top = await category("Stationery", null, siteA);
    const mid = await category("Letterhead", top.id, siteA, 10);
    const leaf = await category("Premium letterhead", mid.id, siteA, 10);
    const envelopes = await category("Envelopes", top.id, siteA, 20);
    const foreign = await category("Realty signs", null, siteB);
    const [siteAName, siteBName] = [siteA.name, siteB.name];

    const cases: [string, () => Promise<{ statusCode: number; json(): Json }>, number, string][] = [
      [
        "a version someone else has changed",
        () => move(admin, envelopes.id, top.id, [envelopes, { ...mid, version: mid.version + 5 }]),
        409,
        "This product category was changed by someone else since you opened it. Reload it to see their changes.",
      ],
      [
        "an order missing a category now at that level",
        () => move(admin, envelopes.id, top.id, [envelopes]),
        409,
        "The categories under that parent changed since you loaded the tree: reload it and make the move again.",
      ],
      [
        "a cycle",
        () => move(admin, top.id, leaf.id, [top]),
        409,
        '"Stationery" cannot be placed under "Premium letterhead": "Premium letterhead" is inside "Stationery". Move "Premium letterhead" out first, or choose another parent',
      ],
      [
        "a parent on another site",
        () => move(admin, envelopes.id, foreign.id, [envelopes]),
        409,
        `"Envelopes" cannot be placed under "Realty signs": "Envelopes" is on ${siteAName} and "Realty signs" on ${siteBName}. Choose a parent on ${siteAName}`,
      ],
      [
        "an order without the moved category",
        () => move(admin, envelopes.id, top.id, [mid]),
        400,
        "The order must include the moved category",
      ],
      [
        "a caller without ProductCategory Update",
        () => move(press, envelopes.id, top.id, [mid, envelopes]),
        403,
        "",
      ],
      ["another tenant", () => move(other, envelopes.id, null, [envelopes]), 404, ""],
    ];
    const before = shape(await stored([top, mid, leaf, envelopes, foreign]));
    for (const [what, attempt, status, message] of cases) {
      const res = await attempt();
      expect(res.statusCode, what).toBe(status);
      if (message) expect(JSON.stringify(res.json()), what).toContain(JSON.stringify(message).slice(1, -1));
      expect(shape(await stored([top, mid, leaf, envelopes, foreign])), what).toEqual(before);
    }

    // The engine's PATCH refuses a parent on another site too, and a site change that strands children.
    const patch = await admin.call("PATCH", `product-categories/${envelopes.id}`, {
      parent_id: foreign.id,
      version: envelopes.version,
    });
    expect(patch.statusCode, patch.body).toBe(409);
    const strand = await admin.call("PATCH", `product-categories/${top.id}`, {
      site_id: siteB.id,
      version: top.version,
    });
    expect(strand.statusCode, strand.body).toBe(409);
    expect(strand.json().message).toBe(
      '"Stationery" has 2 categories under it on its site: move them out of "Stationery" first, then change its site',
    );

    // Outdenting the leaf to the top of its site: the order is that site's whole top level.
    const list = (await admin.call("GET", `product-categories?site_id=${siteA.id}&limit=100`)).json()
      .data as Saved[];
    const tops = list
      .filter((c) => c.parent_id === null)
      .sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || a.id - b.id);
    const at = tops.findIndex((c) => c.id === top.id) + 1;
    const order = [...tops.slice(0, at), leaf, ...tops.slice(at)];
    const res = await move(admin, leaf.id, null, order);
    expect(res.statusCode, res.body).toBe(200);
    const moved = await admin.get("product-categories", leaf.id);
    expect([moved.parent_id, moved.sort_order]).toEqual([null, (at + 1) * 10]);
  });

  it("imports variants: per-variant SKU, price, active and option values, each bad cell an error of its row", async () => {
    const type = await admin.first("product-types");
    // A variant names the product's own options and their values (seeded: stock, coating).
    const options = (await admin.call("GET", "attributes?limit=100")).json().data as Saved[];
    const [stock, coating] = ["stock", "coating"].map(
      (code) => options.find((o) => o.code === code) as Saved,
    );
    const send = (step: "preview" | "commit", rows: string[]) =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/products/import/${step}?site_id=${siteA.id}`,
        headers: { ...bearer(adminToken), "content-type": "text/csv" },
        payload: `SKU,Name,product_type_id,attribute_ids,variants.sku,Variants.Price,variants.active,variants.Option values\r\n${rows.join("\r\n")}\r\n`,
      });
    const sku = unique("VAR-");
    const good = [
      `${sku}-1,Flyer,${type.id},${stock.id}; ${coating.id},${sku}-1-A,12.50,yes,stock=14pt-gloss; coating=uv-front`,
      `${sku}-1,,,,${sku}-1-B,"$1,014",no,"{""stock"":""16pt-matte""}"`,
      `${sku}-2,Card,${type.id},,,,,`,
    ];
    const preview = await send("preview", good);
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect([data.rows, data.valid, data.errors, data.columns]).toEqual([
      2,
      2,
      [],
      ["sku", "name", "product_type_id", "attribute_ids", "variants"],
    ]);
    const a = {
      sku: `${sku}-1-A`,
      name: null,
      attribute_values: { stock: "14pt-gloss", coating: "uv-front" },
      price: 12.5,
      active: true,
    };
    const b = {
      sku: `${sku}-1-B`,
      name: null,
      attribute_values: { stock: "16pt-matte" },
      price: 1014,
      active: false,
    };
    expect(data.sample.map((r: { row: number; values: Json }) => [r.row, r.values.variants])).toEqual([
      [2, [a, b]],
      [4, []],
    ]);

    const bad = await send("preview", [
      ...good,
      `${sku}-2,,,,,twelve,maybe,stock`,
      `${sku}-3,Sign,${type.id},,${sku}-3-A,5,,`,
    ]);
    expect(bad.json().data).toMatchObject({ rows: 3, valid: 2 });
    expect(bad.json().data.errors).toEqual([
      { row: 5, field: "variants.sku", message: "This field is required" },
      { row: 5, field: "variants.price", message: "Expected a number" },
      { row: 5, field: "variants.active", message: "Expected yes or no (true or false)" },
      {
        row: 5,
        field: "variants.attribute_values",
        message:
          'Expected name=value pairs separated by ";" (e.g. stock=14pt; coating=gloss), or JSON; "stock" is neither',
      },
    ]);

    const commit = await send("commit", good);
    expect(commit.statusCode, commit.body).toBe(201);
    expect(commit.json().data).toEqual({ created: 2, updated: 0 });
    const [made] = (await admin.call("GET", `products?search=${sku}-1`)).json().data as Saved[];
    const stored = await admin.get("products", made.id);
    expect(
      (stored.variants as Json[]).map(({ sku: s, price, active, attribute_values }) => ({
        sku: s,
        price,
        active,
        attribute_values,
      })),
    ).toEqual([
      { sku: a.sku, price: a.price, active: true, attribute_values: a.attribute_values },
      { sku: b.sku, price: b.price, active: false, attribute_values: b.attribute_values },
    ]);
  });
});
