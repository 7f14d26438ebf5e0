import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, type Saved, unique } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Product import: POST products/import/preview and products/import/commit with a CSV for one
// site. Every row is checked as a create would check it; a commit writes all rows (each with its
// change-log entry) in one transaction, or nothing.

interface Preview {
  rows: number;
  valid: number;
  errors: { row: number; field?: string; message: string }[];
  sample: { row: number; values: Record<string, unknown> }[];
  columns: string[];
}

const HEADER = "SKU,Name,Product type,turnaround_days,Setup fee,Active,Colours,Finished width,price_tiers";

/** `n` valid rows; `bad` maps a data-row index (0-based) to a row to put there instead. */
function csv(prefix: string, n: number, bad: Record<number, string> = {}): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    lines.push(
      bad[i] ??
        `${prefix}-${i},"Postcard 4×6, ${i}",Postcard,${i % 10},"$1,250.00",yes,4/4,6,"[{""quantity"":250,""price"":45}]"`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

describeEachStore("product import (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let token: string;
  let site: Saved;
  let postcard: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    token = await signIn(t.app, "admin@pressroom.test");
    a = api(t.app, token);
    site = await a.first("sites");
    postcard = await a.first("product-types", "search=Postcard");
  });
  afterAll(() => t?.dispose());

  const send = (
    step: "preview" | "commit",
    body: string,
    options: { token?: string; type?: string; site?: number } = {},
  ) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/products/import/${step}?site_id=${options.site ?? site.id}`,
      headers: { ...bearer(options.token ?? token), "content-type": options.type ?? "text/csv" },
      payload: body,
    });
  const productCount = async () =>
    (await a.call("GET", `products?site_id=${site.id}&limit=1`)).json().meta.total as number;

  it("previews 500 rows, listing exactly the two bad ones; commit refuses and writes nothing", async () => {
    const prefix = unique("IMP");
    const bad = {
      100: `${prefix}-100,Bad type,No such type,3,10,yes,4/4,6,`,
      301: `${prefix}-301,Bad colours,Postcard,3,10,yes,four,6,`,
    };
    const file = csv(prefix, 500, bad);
    const res = await send("preview", file);
    expect(res.statusCode).toBe(200);
    const preview = res.json().data as Preview;
    expect(preview).toMatchObject({ rows: 500, valid: 498 });
    expect(preview.errors).toEqual([
      { row: 102, field: "product_type_id", message: 'There is no product type named "No such type"' },
      { row: 303, field: "color_spec", message: "Front/back colours, e.g. 4/4" },
    ]);
    expect(preview.columns).toEqual([
      "sku",
      "name",
      "product_type_id",
      "turnaround_days",
      "setup_fee",
      "active",
      "color_spec",
      "finished_width",
      "price_tiers",
    ]);
    expect(preview.sample).toHaveLength(20);
    expect(preview.sample[1]).toEqual({
      row: 3,
      action: "create",
      values: {
        sku: `${prefix}-1`,
        name: "Postcard 4×6, 1",
        product_type_id: postcard.id,
        turnaround_days: 1,
        setup_fee: 1250,
        active: true,
        color_spec: "4/4",
        finished_width: 6,
        price_tiers: [{ quantity: 250, price: 45 }],
      },
    });

    const before = await productCount();
    const refused = await send("commit", file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: "Validation failed",
      errors: [
        { field: "rows.102.product_type_id", message: 'There is no product type named "No such type"' },
        { field: "rows.303.color_spec", message: "Front/back colours, e.g. 4/4" },
      ],
    });
    expect(await productCount()).toBe(before);

    const fixed = csv(prefix, 500);
    const committed = await send("commit", fixed);
    expect(committed.statusCode).toBe(201);
    expect(committed.json()).toEqual({ data: { created: 500, updated: 0 } });
    expect(await productCount()).toBe(before + 500);

    const [one] = (await a.call("GET", `products?search=${prefix}-42&limit=5`)).json().data as Saved[];
    expect(one).toMatchObject({ name: "Postcard 4×6, 42", site_id: site.id, setup_fee: 1250, bleed: 0.125 });
    const [log] = (await a.call("GET", `products/${one.id}/change-logs`)).json().data;
    expect(log).toMatchObject({ action: "create", changes: { sku: { from: null, to: `${prefix}-42` } } });

    // The same file again: every SKU is taken now.
    const again = (await send("preview", fixed)).json().data as Preview;
    expect(again.valid).toBe(0);
    expect(again.errors[0]).toEqual({
      row: 2,
      field: "sku",
      message: `Another product already has the SKU "${prefix}-0" (in any case). Use a different SKU.`,
    });
  });

  it("reports header problems, duplicates within the file and a contradicting site", async () => {
    const prefix = unique("HDR");
    const file = [
      "sku,name,product_type_id,Colour,site_id",
      `${prefix}-1,One,${postcard.id},x,${site.id}`,
      `${prefix}-1,Two,${postcard.id},x,999999`,
    ].join("\n");
    const preview = (await send("preview", file)).json().data as Preview;
    expect(preview.errors).toEqual([
      { row: 1, field: "Colour", message: 'Unknown column: no product field is called "Colour"' },
      { row: 3, field: "sku", message: `SKU "${prefix}-1" is also on row 2` },
      {
        row: 3,
        field: "site_id",
        message: `This file imports into site ${site.id}; leave the cell empty or give ${site.id}`,
      },
    ]);
    expect(preview.valid).toBe(1);
  });

  it("takes a multipart/form-data upload", async () => {
    const prefix = unique("MP");
    const boundary = "----pressroom";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="products.csv"',
      "Content-Type: text/csv",
      "",
      csv(prefix, 3),
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const res = await send("commit", body, { type: `multipart/form-data; boundary=${boundary}` });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.created).toBe(3);
  });

  it("answers 403 without Product Import, 400 without a site, 415 for JSON", async () => {
    const csr = await signIn(t.app, "csr@pressroom.test");
    expect((await send("preview", csv("X", 1), { token: csr })).statusCode).toBe(403);
    const noSite = await t.app.inject({
      method: "POST",
      url: "/api/v1/products/import/preview",
      headers: { ...bearer(token), "content-type": "text/csv" },
      payload: csv("X", 1),
    });
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().errors).toEqual([
      { field: "site_id", message: "Name the site to import into: ?site_id=<id>" },
    ]);
    const json = await send("preview", JSON.stringify({ rows: [] }), { type: "application/json" });
    expect(json.statusCode).toBe(415);
    const unknownSite = await send("preview", csv("X", 1), { site: 999_999 });
    expect(unknownSite.json().errors).toEqual([
      { field: "site_id", message: "There is no site with id 999999" },
    ]);
  });

  it("imports 10,000 rows (over the JSON body limit) in one commit", { timeout: 180_000 }, async () => {
    const prefix = unique("BIG");
    const file = csv(prefix, 10_000);
    expect(Buffer.byteLength(file)).toBeGreaterThan(1024 * 1024);
    const before = await productCount();
    let started = performance.now();
    const preview = await send("preview", file);
    const previewMs = performance.now() - started;
    expect(preview.json().data).toMatchObject({ rows: 10_000, valid: 10_000, errors: [] });
    started = performance.now();
    const res = await send("commit", file);
    const commitMs = performance.now() - started;
    expect(res.statusCode).toBe(201);
    expect(res.json().data.created).toBe(10_000);
    expect(await productCount()).toBe(before + 10_000);
    console.info(
      `product import of 10,000 rows (${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MiB, ${dbKind}): preview ${Math.round(previewMs)} ms, commit ${Math.round(commitMs)} ms`,
    );
  });
});
