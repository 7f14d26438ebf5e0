import { afterAll, beforeAll, expect, it } from "vitest";
import { api, type Saved } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// The product import's body read by maintained libraries: a multipart/form-data file streamed by
// @fastify/multipart under the route's 16 MiB limit, the CSV by csv-parse. What a client sees
// stays as it was: the same 413, the same "send a CSV file" 400, the same syntax messages.

const SEND_CSV = [{ field: "file", message: "Send a CSV file: a header row and a row per product" }];
const BOUNDARY = "----pressroom-upload";

/** A multipart/form-data body of these parts (a part with a filename is a file). */
function form(parts: { name: string; filename?: string; content: string }[], close = true): string {
  const lines: string[] = [];
  for (const part of parts) {
    lines.push(
      `--${BOUNDARY}`,
      `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`,
      ...(part.filename ? ["Content-Type: text/csv"] : []),
      "",
      part.content,
    );
  }
  if (close) lines.push(`--${BOUNDARY}--`, "");
  return lines.join("\r\n");
}

describeEachStore("CSV uploads (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  let site: Saved;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    token = await signIn(t.app, "admin@pressroom.test");
    site = await api(t.app, token).first("sites");
  });
  afterAll(() => t?.dispose());

  const preview = (payload: string, type = `multipart/form-data; boundary=${BOUNDARY}`) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/products/import/preview?site_id=${site.id}`,
      headers: { ...bearer(token), "content-type": type },
      payload,
    });

  it("reads the file of a form that has other fields too", async () => {
    const csv = "SKU,Name\r\nUP-1,Flyer\r\nUP-2,Card\r\n";
    const res = await preview(
      form([
        { name: "note", content: "hello" },
        { name: "file", filename: "p.csv", content: csv },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 2, columns: ["sku", "name"] });
  });

  it("answers 413 for a file over 16 MiB", async () => {
    const row = "UP-BIG,A product name long enough to fill the file quickly\r\n";
    const csv = `SKU,Name\r\n${row.repeat(Math.ceil((16 * 1024 * 1024) / row.length) + 10)}`;
    const res = await preview(form([{ name: "file", filename: "big.csv", content: csv }]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Payload too large" });
  });

  it.each([
    ["empty", form([{ name: "file", filename: "empty.csv", content: "" }])],
    ["blank", form([{ name: "file", filename: "blank.csv", content: " \r\n \r\n" }])],
    ["missing", form([{ name: "note", content: "no file here" }])],
    ["cut off", form([{ name: "file", filename: "cut.csv", content: "SKU,Name\r\nUP-3,Fl" }], false)],
  ])(
    "asks for a CSV file when the form's file is %s",
    async (_case, payload) => {
      const res = await preview(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(SEND_CSV);
    },
    10_000,
  );

  it("says where the CSV is malformed, in the file's row numbers", async () => {
    const cases: [string, { row: number; message: string }][] = [
      ['SKU,Name\r\nUP-4,"Flyer\r\n', { row: 2, message: "A quoted cell is never closed" }],
      ['SKU,Name\r\nUP-5,Fly"er\r\n', { row: 2, message: "A quote may only open a cell" }],
    ];
    for (const [csv, error] of cases) {
      for (const res of [
        await preview(csv, "text/csv"),
        await preview(form([{ name: "file", filename: "x.csv", content: csv }])),
      ]) {
        expect(res.statusCode).toBe(200);
        expect(res.json().data.errors).toEqual([error]);
      }
    }
  });
});
