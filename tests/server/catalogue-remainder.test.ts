import { createCanvas } from "@napi-rs/canvas";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, type Json, type Saved, unique } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp, tempDir } from "./helpers";

// Issue 21, the remainder: a template created through the API has no design version until the editor saves
// one; an attribute's value that product variants use cannot be removed (deactivated instead).

describeEachStore("catalogue: design versions from none, values in use (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(dbKind, { config: { filesDir: tempDir("catalogue-remainder") } });
    await t.app.ready();
    adminToken = await signIn(t.app, "admin@pressroom.test");
    admin = api(t.app, adminToken);
  });
  afterAll(() => t?.dispose());

  const inject = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: bearer(adminToken),
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  it("creates a template with no design version; the editor's first save is 1, the next 2", async () => {
    const site = await admin.first("sites");
    const type = await admin.first("template-types");
    const template = await admin.create("templates", {
      name: unique("Card "),
      site_id: site.id,
      template_type_id: type.id,
      trim_width: 3.5,
      trim_height: 2,
      editable_fields: [{ name: "name", label: "Name", locked: false }],
    });
    expect(template.design_version).toBeNull();
    // The server alone sets it: a body naming it is refused, on create and on update.
    const named = await inject("POST", "templates", {
      name: unique("Card "),
      site_id: site.id,
      template_type_id: type.id,
      design_version: 3,
    });
    expect([named.statusCode, named.json().errors]).toEqual([
      400,
      [{ field: "design_version", message: "Computed by the server; leave it out of the body" }],
    ]);
    const ctx = (await inject("GET", `templates/${template.id}/design-context`)).json().data;
    expect(ctx.design_version).toBe(0);
    const canvas = createCanvas(350, 200);
    canvas.getContext("2d").fillRect(0, 0, 350, 200);
    const preview = canvas.toBuffer("image/png").toString("base64");
    for (const expected of [1, 2]) {
      const saved = await inject("POST", `templates/${template.id}/designs`, {
        base_version: expected - 1,
        fields: ctx.layout,
        preview_png: preview,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().data.design_version).toBe(expected);
      expect((await admin.get("templates", template.id)).design_version).toBe(expected);
    }
    const logs = (await admin.call("GET", `templates/${template.id}/change-logs`)).json().data as {
      changes: Json;
    }[];
    expect(logs.map((l) => l.changes.design_version).filter(Boolean)).toEqual([
      { from: 1, to: 2 },
      { from: null, to: 1 },
    ]);
  });

  /** An attribute with three values, and `products` products each with a variant per value in `used`. */
  async function attributeInUse(products: { name: string; used: string[] }[]) {
    const code = unique("paper-").toLowerCase();
    const attribute = await admin.create("attributes", {
      name: "Paper",
      code,
      input_type: "select",
      values: ["matte", "gloss", "linen"].map((c, sort) => ({ code: c, label: c, active: true, sort })),
    });
    const site = await admin.first("sites");
    const type = await admin.first("product-types");
    const made: Saved[] = [];
    for (const p of products) {
      made.push(
        await admin.create("products", {
          sku: unique("CARD-"),
          name: p.name,
          site_id: site.id,
          product_type_id: type.id,
          attribute_ids: [attribute.id],
          variants: p.used.map((value, i) => ({
            sku: unique(`V${i}-`),
            attribute_values: { [code]: value },
            price: 10 + i,
          })),
        }),
      );
    }
    return { attribute, code, products: made };
  }

  const valuesWithout = (attribute: Saved, drop: string) =>
    (attribute.values as Json[]).filter((v) => v.code !== drop);

  it.each([
    [
      "one product's variants",
      [{ name: "Business Cards", used: ["matte", "matte", "gloss"] }],
      "matte",
      (skus: string[]) =>
        `The value "matte" of Paper is used by 2 variants of Business Cards (${skus[0]}): deactivate it (untick Active) instead of removing it, so those variants keep it.`,
    ],
    [
      "two products' variants",
      [
        { name: "Flyers", used: ["gloss"] },
        { name: "Business Cards", used: ["gloss", "linen"] },
      ],
      "gloss",
      () =>
        'The value "gloss" of Paper is used by 2 variants of 2 products (Business Cards, Flyers): deactivate it (untick Active) instead of removing it, so those variants keep it.',
    ],
  ])(
    "refuses removing a value %s use (409, the sentence), changing nothing",
    async (_what, products, drop, sentence) => {
      const { attribute, products: made } = await attributeInUse(products);
      const res = await inject("PATCH", `attributes/${attribute.id}`, {
        version: attribute.version,
        values: valuesWithout(attribute, drop),
      });
      const message = sentence(made.map((p) => String(p.sku)));
      expect([res.statusCode, res.json()]).toEqual([
        409,
        { message, errors: [{ field: "values", message }] },
      ]);
      const stored = await admin.get("attributes", attribute.id);
      expect([stored.version, (stored.values as Json[]).map((v) => v.code)]).toEqual([
        attribute.version,
        ["matte", "gloss", "linen"],
      ]);
    },
  );

  it("lets a used value be deactivated, an unused one removed; keeps the code variants name", async () => {
    const { attribute, products } = await attributeInUse([{ name: "Postcards", used: ["matte"] }]);
    // Unused: removed.
    const removed = await admin.update("attributes", attribute.id, {
      values: valuesWithout(attribute, "linen"),
    });
    expect((removed.values as Json[]).map((v) => v.code)).toEqual(["matte", "gloss"]);
    // Used: deactivated, the way out the sentence names.
    const off = (removed.values as Json[]).map((v) => (v.code === "matte" ? { ...v, active: false } : v));
    const deactivated = await admin.update("attributes", attribute.id, { values: off });
    expect((deactivated.values as Json[]).find((v) => v.code === "matte")?.active).toBe(false);
    // The variants name the attribute by its code: it stays while they do.
    const renamed = await inject("PATCH", `attributes/${attribute.id}`, {
      version: deactivated.version,
      code: unique("stock-").toLowerCase(),
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toEqual([
      {
        field: "code",
        message: `Paper's code "${attribute.code}" is named by 1 variant of Postcards (${products[0].sku}): keep the code while they do.`,
      },
    ]);
  });
});

describeEachStore("catalogue: the import updates a product's variants (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let pressToken: string;
  let adminToken: string;
  let role: Saved;
  let site: Saved;
  let code: string;
  let paper: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    adminToken = await signIn(t.app, "admin@pressroom.test");
    admin = api(t.app, adminToken);
    // The press account's role may import, create and update products, but not change prices.
    role = ((await admin.call("GET", "roles?limit=100")).json().data as Saved[]).find(
      (r) => r.name === "Press room",
    ) as Saved;
    await admin.update("roles", role.id, {
      permissions: { ...(role.permissions as object), Product: ["Read", "Create", "Update", "Import"] },
    });
    pressToken = await signIn(t.app, "press@pressroom.test");
    site = await admin.first("sites");
    code = unique("paper-").toLowerCase();
    paper = await admin.create("attributes", {
      name: "Paper",
      code,
      input_type: "select",
      values: ["matte", "gloss"].map((c, sort) => ({ code: c, label: c, active: true, sort })),
    });
  });
  afterAll(() => t?.dispose());

  /** A product of the first site offering Paper, with variants A (matte, $10) and B (gloss, $12). */
  async function stocked() {
    const type = await admin.first("product-types");
    const sku = unique("UP-");
    return admin.create("products", {
      sku,
      name: "Business Cards",
      site_id: site.id,
      product_type_id: type.id,
      attribute_ids: [paper.id],
      variants: [
        { sku: `${sku}-A`, attribute_values: { [code]: "matte" }, price: 10 },
        { sku: `${sku}-B`, attribute_values: { [code]: "gloss" }, price: 12 },
      ],
    });
  }

  const send = (token: string, step: "preview" | "commit", csv: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/products/import/${step}?site_id=${site.id}`,
      headers: { ...bearer(token), "content-type": "text/csv" },
      payload: csv,
    });
  const HEADER =
    "SKU,Name,Product type,variants.sku,variants.price,variants.active,variants.attribute_values";
  const csv = (...rows: string[]) => `${[HEADER, ...rows].join("\r\n")}\r\n`;
  const variantsOf = async (id: number) =>
    ((await admin.get("products", id)).variants as Json[]).map((v) => [
      v.sku,
      v.price,
      v.active,
      (v.attribute_values as Json)[code],
    ]);

  it("updates the named variants, adds new ones, keeps the rest; the preview tells each row", async () => {
    const product = await stocked();
    const sku = String(product.sku);
    const fresh = unique("NEW-");
    const file = csv(
      `${sku},Business Cards,Postcard,${sku}-A,11,yes,${code}=gloss`,
      `${sku},,,${sku.toLowerCase()}-b,12,no,`,
      `${sku},,,${sku}-C,14,yes,${code}=matte`,
      `${fresh},Flyer,Postcard,${fresh}-1,5,yes,`,
    );
    const preview = await send(adminToken, "preview", file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ rows: 2, valid: 2, errors: [], updated: [2, 3] });
    const commit = await send(adminToken, "commit", file);
    expect([commit.statusCode, commit.json()]).toEqual([201, { data: { created: 1, updated: 1 } }]);
    expect(await variantsOf(product.id)).toEqual([
      [`${sku}-A`, 11, true, "gloss"],
      [`${sku}-B`, 12, false, "gloss"],
      [`${sku}-C`, 14, true, "matte"],
    ]);
    const after = await admin.get("products", product.id);
    expect(after.version).toBe(product.version + 1);
    const logs = (await admin.call("GET", `products/${product.id}/change-logs`)).json().data as {
      action: string;
    }[];
    expect(logs[0].action).toBe("update");
    expect((await admin.call("GET", `products?search=${fresh}`)).json().meta.total).toBe(1);
    // The same file again: both products are the site's now, and nothing in it changes them.
    const again = await send(adminToken, "commit", file);
    expect([again.statusCode, again.json()]).toEqual([201, { data: { created: 0, updated: 0 } }]);
    expect((await admin.get("products", product.id)).version).toBe(after.version);
  });

  it("refuses a variant's price change without UpdatePrice on its row (403 on commit), takes the rest", async () => {
    const product = await stocked();
    const sku = String(product.sku);
    const priced = csv(`${sku},,,${sku}-A,10,no,`, `${sku},,,${sku}-B,13,yes,`);
    const preview = (await send(pressToken, "preview", priced)).json().data;
    expect([preview.valid, preview.errors, preview.updated]).toEqual([
      0,
      [
        {
          row: 3,
          field: "variants.price",
          message: "Setting or changing this field needs Product UpdatePrice, which your role does not have",
        },
      ],
      [2, 3],
    ]);
    const refused = await send(pressToken, "commit", priced);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual(["rows.3.variants.price"]);
    // The same prices as stored: no price is changed, so the active flags go through.
    const same = await send(
      pressToken,
      "commit",
      csv(`${sku},,,${sku}-A,10,no,`, `${sku},,,${sku}-B,$12.00,no,`),
    );
    expect([same.statusCode, same.json()]).toEqual([201, { data: { created: 0, updated: 1 } }]);
    expect(await variantsOf(product.id)).toEqual([
      [`${sku}-A`, 10, false, "matte"],
      [`${sku}-B`, 12, false, "gloss"],
    ]);
  });

  it("checks an updated variant's option values against the product's options, on its own row", async () => {
    const product = await stocked();
    const sku = String(product.sku);
    const preview = (await send(adminToken, "preview", csv(`${sku},,,${sku}-B,12,yes,${code}=linen`))).json()
      .data;
    expect(preview.errors).toEqual([
      {
        row: 2,
        field: "variants.attribute_values",
        message: `Paper has no value "linen": use one of matte, gloss`,
      },
    ]);
  });
});
