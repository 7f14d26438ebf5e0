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
