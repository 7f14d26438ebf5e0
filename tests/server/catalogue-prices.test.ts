import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, type Saved, unique } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Product UpdatePrice governs prices (issue 21): a caller who may create and update products but
// not UpdatePrice gets a 403 naming the fields for any set or changed price (setup fee, price
// tiers, a variant's price), on create, update and import, and nothing is written; other changes
// go through; with UpdatePrice the same changes are accepted.

const REFUSED = "Setting or changing this field needs Product UpdatePrice, which your role does not have";
const TIERS = [
  { quantity: 250, price: 45 },
  { quantity: 500, price: 70 },
];

const fields = (res: LightMyRequestResponse) =>
  ((res.json().errors ?? []) as { field: string; message: string }[]).map((e) => [e.field, e.message]);

describeEachStore("product prices and UpdatePrice (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let press: Api;
  let pressToken: string;
  let role: Saved;
  let base: Record<string, unknown>;

  /** The Press room role's Product actions (the press account's only role). */
  const grant = async (actions: string[]) => {
    const { version, permissions } = await admin.get("roles", role.id);
    await admin.update("roles", role.id, {
      permissions: { ...(permissions as object), Product: actions },
      version,
    });
  };

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    const roles = (await admin.call("GET", "roles?limit=100")).json().data as Saved[];
    role = roles.find((r) => r.name === "Press room") as Saved;
    await grant(["Read", "Create", "Update", "Import"]);
    pressToken = await signIn(t.app, "press@pressroom.test");
    press = api(t.app, pressToken);
    const site = await admin.first("sites");
    const type = await admin.first("product-types");
    base = { name: "Postcard", site_id: site.id, product_type_id: type.id };
  });
  afterAll(() => t?.dispose());

  it("refuses a create that sets prices without UpdatePrice, and takes one without them", async () => {
    const body = { ...base, sku: unique("PR"), setup_fee: 25, variants: [{ sku: "A", price: 10 }] };
    const refused = await press.call("POST", "products", body);
    expect(refused.statusCode).toBe(403);
    expect(fields(refused)).toEqual([
      ["setup_fee", REFUSED],
      ["variants.0.price", REFUSED],
    ]);
    const search = await admin.call("GET", `products?search=${body.sku}`);
    expect(search.json().meta.total).toBe(0);

    const made = await press.create("products", { ...base, sku: unique("PR"), variants: [{ sku: "A" }] });
    expect(made).toMatchObject({ setup_fee: null, price_tiers: null });
  });

  it("refuses a change of any price field, keeps the record, and takes other changes", async () => {
    const product = await admin.create("products", {
      ...base,
      sku: unique("PR"),
      setup_fee: 25,
      price_tiers: TIERS,
      variants: [{ sku: "A", price: 10 }],
    });
    const variant = (product.variants as Saved[])[0];
    const patch = (body: Record<string, unknown>) =>
      press.call("PATCH", `products/${product.id}`, { ...body, version: product.version });

    for (const [body, field] of [
      [{ setup_fee: 30 }, "setup_fee"],
      [{ setup_fee: null }, "setup_fee"],
      [{ price_tiers: [{ quantity: 250, price: 40 }] }, "price_tiers"],
      [{ variants: [{ id: variant.id, sku: "A", price: 12 }] }, "variants.0.price"],
      [
        {
          variants: [
            { id: variant.id, sku: "A", price: 10 },
            { sku: "B", price: 11 },
          ],
        },
        "variants.1.price",
      ],
    ] as const) {
      const refused = await patch(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(fields(refused)).toEqual([[field, REFUSED]]);
    }
    expect(await admin.get("products", product.id)).toMatchObject({
      version: product.version,
      setup_fee: 25,
    });

    // The same prices written back (key order of the tiers aside), and other fields: accepted.
    const kept = await patch({
      name: "Postcard 4×6",
      setup_fee: 25,
      price_tiers: TIERS.map(({ quantity, price }) => ({ price, quantity })),
      variants: [
        { id: variant.id, sku: "A-1", price: 10 },
        { sku: "B", active: false },
      ],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: "Postcard 4×6", version: product.version + 1 });
  });

  it("refuses an import that sets prices, row by row in the preview, and takes one without them", async () => {
    const send = (step: "preview" | "commit", csv: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/products/import/${step}?site_id=${base.site_id}`,
        headers: { ...bearer(pressToken), "content-type": "text/csv" },
        payload: csv,
      });
    const [a, b] = [unique("IM"), unique("IM")];
    const priced = `SKU,Name,Product type,Setup fee\r\n${a},Card,Postcard,\r\n${b},Card,Postcard,12\r\n`;
    const preview = (await send("preview", priced)).json().data;
    expect(preview).toMatchObject({ rows: 2, valid: 1 });
    expect(preview.errors).toEqual([{ row: 3, field: "setup_fee", message: REFUSED }]);
    const commit = await send("commit", priced);
    expect(commit.statusCode).toBe(403);
    expect(fields(commit)).toEqual([["rows.3.setup_fee", REFUSED]]);
    expect((await admin.call("GET", `products?search=${a}`)).json().meta.total).toBe(0);

    // A variant's price too, on the variant's own row; its product (row 2) is the invalid one.
    const variants = `SKU,Name,Product type,variants.sku,variants.price\r\n${a},Card,Postcard,${a}-A,\r\n${a},,,${a}-B,9\r\n`;
    const withVariants = (await send("preview", variants)).json().data;
    expect(withVariants).toMatchObject({ rows: 1, valid: 0 });
    expect(withVariants.errors).toEqual([{ row: 3, field: "variants.price", message: REFUSED }]);
    const refusedVariants = await send("commit", variants);
    expect(refusedVariants.statusCode).toBe(403);
    expect(fields(refusedVariants)).toEqual([["rows.3.variants.price", REFUSED]]);

    const plain = await send("commit", `SKU,Name,Product type,Setup fee\r\n${a},Card,Postcard,\r\n`);
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it("takes price changes from a caller with UpdatePrice", async () => {
    const product = await admin.create("products", { ...base, sku: unique("PR"), setup_fee: 25 });
    await grant(["Read", "Create", "Update", "Import", "UpdatePrice"]);
    try {
      const changed = await press.update("products", product.id, { setup_fee: 30, price_tiers: TIERS });
      expect(changed).toMatchObject({ setup_fee: 30 });
    } finally {
      await grant(["Read", "Create", "Update", "Import"]);
    }
  });
});
