import { readdirSync } from "node:fs";
import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { templateDir } from "../../server/templates/images";
import { type Api, api, makeProduct, type Saved } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp, tempDir } from "./helpers";

// Issue 21, templates and the design editor: a side's file becomes a PNG thumbnail (a PDF's first
// page rendered), the editor's token, a design saved as a new version with its preview, the rules
// (safe area, locks, preview size and type), Template Create Design, tenant isolation.

type Res = {
  statusCode: number;
  json(): unknown;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, unknown>;
};

const drawn = (w: number, h: number) => {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#1c5d9e";
  ctx.fillRect(0, 0, w, h);
  return canvas;
};
const png = (w: number, h: number) => drawn(w, h).toBuffer("image/png");
const jpeg = (w: number, h: number) => drawn(w, h).toBuffer("image/jpeg");
/** A PNG with one byte of its image data changed (its CRC no longer matches). */
const damaged = (bytes: Buffer) => {
  const copy = Buffer.from(bytes);
  copy[copy.length - 20] ^= 0xff;
  return copy;
};
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describeEachStore("template designs (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let adminToken: string;
  let csrToken: string;
  let otherToken: string;
  let template: Saved;
  let other: Saved;
  let editorToken: string;

  beforeAll(async () => {
    t = await createTestApp(dbKind, { config: { filesDir: tempDir("template-files") } });
    await t.app.ready();
    adminToken = await signIn(t.app, "admin@pressroom.test");
    admin = api(t.app, adminToken);
    csrToken = await signIn(t.app, "csr@pressroom.test");
    otherToken = await signIn(t.app, "admin@other.test", 2);
    const site = await admin.first("sites");
    const type = await admin.first("template-types");
    const body = {
      site_id: site.id,
      template_type_id: type.id,
      trim_width: 3.5,
      trim_height: 2,
      bleed: 0.125,
      safe_margin: 0.25,
      status: "published",
      editable_fields: [
        { name: "name", label: "Name", locked: false },
        { name: "company", label: "Company", locked: true },
      ],
    };
    template = await admin.create("templates", { ...body, name: "Designer card" });
    other = await admin.create("templates", { ...body, name: "Another card" });
  });
  afterAll(() => t?.dispose());

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url: `/api/v1/${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as string }),
    }) as Promise<Res>;
  const refused = (res: Res, code: number, message: string) => {
    expect(res.statusCode, res.body).toBe(code);
    expect(JSON.stringify(res.json())).toContain(message);
  };
  const design = (fields: unknown[], preview: Buffer | string, base = 0) => ({
    base_version: base,
    fields,
    preview_png: typeof preview === "string" ? preview : preview.toString("base64"),
  });
  const nameAt = (x: number, y: number, value = "Jane Doe") => ({
    name: "name",
    value,
    x,
    y,
    width: 2,
    height: 0.4,
  });

  it("makes the front's thumbnail from a PDF's first page and serves it", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([3.75 * 72, 2.25 * 72]);
    const pdf = Buffer.from(await doc.save());
    const put = await call(
      "PUT",
      `templates/${template.id}/images/front?name=front.pdf`,
      { ...bearer(adminToken), "content-type": "application/pdf" },
      pdf,
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      data: { side: "front", file_name: "front.pdf", file_type: "application/pdf", width: 800, height: 480 },
    });
    const got = await call("GET", `templates/${template.id}/images/front`, bearer(adminToken));
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(pngSize(got.rawPayload)).toEqual({ width: 800, height: 480 });
    // An image side is scaled to the thumbnail's 800 px.
    const back = await call(
      "PUT",
      `templates/${template.id}/images/back`,
      { ...bearer(adminToken), "content-type": "image/png" },
      png(1600, 400),
    );
    expect(back.json()).toMatchObject({ data: { side: "back", width: 800, height: 200 } });
    expect((await call("GET", `templates/${other.id}/images/back`, bearer(adminToken))).statusCode).toBe(404);
  });

  it("refuses a side that is no PDF, PNG or JPEG, or a broken one", async () => {
    const headers = { ...bearer(adminToken), "content-type": "image/png" };
    refused(
      await call("PUT", `templates/${template.id}/images/front`, headers, Buffer.from("not an image at all")),
      400,
      "Send a PDF, PNG or JPEG file: these bytes are none of them",
    );
    refused(
      await call("PUT", `templates/${template.id}/images/front`, headers, damaged(png(10, 10))),
      400,
      "The image cannot be read (damaged): send a whole PNG file",
    );
    // The thumbnail is still the PDF's.
    const got = await call("GET", `templates/${template.id}/images/front`, bearer(adminToken));
    expect(pngSize(got.rawPayload)).toEqual({ width: 800, height: 480 });
  });

  it("takes a JPEG side by its bytes, whatever its name and type say, and refuses a damaged one", async () => {
    const side = (bytes: Buffer, type: string) =>
      call(
        "PUT",
        `templates/${other.id}/images/back?name=back.png`,
        { ...bearer(adminToken), "content-type": type },
        bytes,
      );
    const res = await side(jpeg(1600, 800), "image/png");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { side: "back", file_name: "back.png", file_type: "image/jpeg", width: 800, height: 400 },
    });
    const got = await call("GET", `templates/${other.id}/images/back`, bearer(adminToken));
    expect(got.headers["content-type"]).toBe("image/png");
    expect(pngSize(got.rawPayload)).toEqual({ width: 800, height: 400 });
    // Cut short, and with bytes flipped in its image data: the native decoder crashes on both
    // (measured); the server refuses them and keeps answering.
    const whole = jpeg(300, 200);
    const flipped = Buffer.from(whole);
    for (let at = 700; at < whole.length - 2; at += 97) flipped[at] ^= 0xff;
    for (const bad of [whole.subarray(0, 200), flipped]) {
      refused(await side(bad, "image/jpeg"), 400, "The image cannot be read: send a whole JPEG file");
    }
    const still = await call("GET", `templates/${other.id}/images/back`, bearer(adminToken));
    expect(pngSize(still.rawPayload)).toEqual({ width: 800, height: 400 });
  });

  it("removes a deleted template's sides and designs from disk once the delete commits", async () => {
    const files = () => new Set(readdirSync(templateDir(t.app.config.filesDir)));
    const before = files();
    const doomed = await admin.create("templates", {
      name: "Short-lived card",
      site_id: template.site_id,
      template_type_id: template.template_type_id,
      trim_width: 3.5,
      trim_height: 2,
      safe_margin: 0.25,
      editable_fields: [{ name: "name", label: "Name", locked: false }],
    });
    const headers = { ...bearer(adminToken), "content-type": "image/png" };
    expect((await call("PUT", `templates/${doomed.id}/images/front`, headers, png(40, 20))).statusCode).toBe(
      200,
    );
    const saved = await call(
      "POST",
      `templates/${doomed.id}/designs`,
      bearer(adminToken),
      design([nameAt(1, 1)], png(35, 20)),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const added = [...files()].filter((f) => !before.has(f));
    expect(added).toHaveLength(3); // the upload, its thumbnail, the design's preview

    // A delete refused (a product still names the template) rolls back: the files stay.
    const product = await makeProduct(admin);
    const linked = await admin.update("products", product.id, { template_ids: [doomed.id] });
    const refusedDelete = await admin.call("DELETE", `templates/${doomed.id}`);
    expect(refusedDelete.statusCode, refusedDelete.body).toBe(409);
    expect(added.every((f) => files().has(f))).toBe(true);
    expect((await call("GET", `templates/${doomed.id}/designs`, bearer(adminToken))).statusCode).toBe(200);

    await admin.call("PATCH", `products/${product.id}`, { template_ids: [], version: linked.version });
    const deleted = await admin.call("DELETE", `templates/${doomed.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(added.filter((f) => files().has(f))).toEqual([]);
    // The other templates' files are untouched.
    expect([...before].every((f) => files().has(f))).toBe(true);
  });

  it("gives the editor a token and the layout to start from", async () => {
    const res = await call("POST", `templates/${template.id}/design-sessions`, bearer(adminToken), {});
    expect(res.statusCode, res.body).toBe(200);
    editorToken = (res.json() as { data: { token: string } }).data.token;
    const ctx = await call("GET", `templates/${template.id}/design-context`, {
      "x-design-token": editorToken,
    });
    expect(ctx.statusCode, ctx.body).toBe(200);
    expect(ctx.json()).toMatchObject({
      data: {
        template: { id: template.id, trim_width: 3.5, trim_height: 2, bleed: 0.125, safe_margin: 0.25 },
        design_version: 0,
        images: { front: true, back: true },
        can_design: true,
        layout: [
          { name: "name", value: "Name", x: 0.25, y: 0.25, width: 3, height: 0.4 },
          { name: "company", value: "Company", x: 0.25, y: 0.65, width: 3, height: 0.4 },
        ],
      },
    });
    // The token opens this template's images, not another template's.
    const img = await call("GET", `templates/${template.id}/images/front?token=${editorToken}`, {});
    expect(img.statusCode).toBe(200);
    expect(
      (await call("GET", `templates/${other.id}/design-context`, { "x-design-token": editorToken }))
        .statusCode,
    ).toBe(403);
    const forged = `${editorToken.slice(0, -2)}xx`;
    expect(
      (await call("GET", `templates/${template.id}/design-context`, { "x-design-token": forged })).statusCode,
    ).toBe(401);
  });

  it("saves a design as version 1 with its preview, then version 2 from it", async () => {
    const preview = png(350, 200);
    const res = await call(
      "POST",
      `templates/${template.id}/designs`,
      { "x-design-token": editorToken },
      design([nameAt(1, 1)], preview),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      data: {
        template_id: template.id,
        design_version: 1,
        preview_url: `templates/${template.id}/designs/1/preview`,
        fields: [
          { name: "name", value: "Jane Doe", x: 1, y: 1, width: 2, height: 0.4 },
          { name: "company", value: "Company", x: 0.25, y: 0.65, width: 3, height: 0.4 },
        ],
      },
    });
    const got = await call("GET", `templates/${template.id}/designs/1/preview`, bearer(adminToken));
    expect(got.rawPayload.equals(preview)).toBe(true);
    // Saved from an old start: refused with a sentence, nothing stored.
    refused(
      await call(
        "POST",
        `templates/${template.id}/designs`,
        bearer(adminToken),
        design([nameAt(1, 1)], preview, 0),
      ),
      409,
      "Design version 1 was saved meanwhile",
    );
    const second = await call(
      "POST",
      `templates/${template.id}/designs`,
      bearer(adminToken),
      design([nameAt(0.5, 1.2, "John Roe")], png(35, 20), 1),
    );
    expect(second.statusCode, second.body).toBe(201);
    const list = await call("GET", `templates/${template.id}/designs`, bearer(adminToken));
    const rows = (list.json() as { data: { design_version: number; created_by_name: string }[] }).data;
    expect(rows.map((r) => r.design_version)).toEqual([2, 1]);
    expect(rows[0].created_by_name).toBe("Avery Admin");
    const ctx = await call("GET", `templates/${template.id}/design-context`, bearer(adminToken));
    expect(ctx.json()).toMatchObject({
      data: {
        design_version: 2,
        layout: [
          { value: "John Roe", x: 0.5 },
          { value: "Company", x: 0.25 },
        ],
      },
    });
  });

  it("keeps the template record on its newest design: version, preview, change log, in the save's transaction", async () => {
    // The two saves above: the template follows each, version by version.
    const stored = await admin.get("templates", template.id);
    const preview = (v: number) =>
      `${t.app.config.publicUrl}/api/v1/templates/${template.id}/designs/${v}/preview`;
    expect([stored.design_version, stored.preview_image, stored.version]).toEqual([
      2,
      preview(2),
      template.version + 2,
    ]);
    const logs = (await admin.call("GET", `templates/${template.id}/change-logs`)).json().data as {
      changes: unknown;
      user_id: number;
    }[];
    expect(logs[0].changes).toEqual({
      design_version: { from: 1, to: 2 },
      preview_image: { from: preview(1), to: preview(2) },
    });
    // A refused save (stale start) leaves the template as it was.
    const res = await call(
      "POST",
      `templates/${template.id}/designs`,
      bearer(adminToken),
      design([nameAt(1, 1)], png(10, 10), 1),
    );
    expect(res.statusCode).toBe(409);
    expect((await admin.get("templates", template.id)).version).toBe(stored.version);
    // The answer names the template's new version, for the editor and the page.
    const first = await call(
      "POST",
      `templates/${other.id}/designs`,
      bearer(adminToken),
      design([nameAt(1, 1)], png(10, 10), 0),
    );
    expect(first.json()).toMatchObject({ data: { design_version: 1, template_version: other.version + 1 } });
  });

  it.each([
    [
      "a field outside the safe area",
      [nameAt(0.1, 1)],
      png(10, 10),
      "Name is outside the front's safe area: keep it at least 0.25 in inside the trim",
    ],
    ["a field past the trim's right", [nameAt(1.5, 1)], png(10, 10), "Name is outside the front's safe area"],
    [
      "a locked field changed",
      [{ name: "company", value: "Rival Inc", x: 0.25, y: 0.65, width: 3, height: 0.4 }],
      png(10, 10),
      "Company is locked: it cannot be moved or changed",
    ],
    [
      "a locked field moved",
      [{ name: "company", value: "Company", x: 0.3, y: 0.65, width: 3, height: 0.4 }],
      png(10, 10),
      "Company is locked: it cannot be moved or changed",
    ],
    [
      "a field the template lacks",
      [{ ...nameAt(1, 1), name: "fax" }],
      png(10, 10),
      'This template has no field \\"fax\\"',
    ],
    ["text too long", [nameAt(1, 1, "x".repeat(501))], png(10, 10), "Name may hold at most 500 characters"],
    ["a damaged PNG preview", [nameAt(1, 1)], damaged(png(10, 10)), "The preview cannot be read (damaged)"],
    [
      "a JPEG preview",
      [nameAt(1, 1)],
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
      "Send the preview as a PNG image",
    ],
    [
      "a cut-short PNG preview",
      [nameAt(1, 1)],
      png(10, 10).subarray(0, 40),
      "The preview cannot be read (cut short): send a whole PNG image",
    ],
    [
      "a preview over 2 MB",
      [nameAt(1, 1)],
      Buffer.concat([png(10, 10).subarray(0, 8), Buffer.alloc(2.1 * 1024 * 1024)]),
      "The preview is 2.1 MB; a preview may be at most 2 MB",
    ],
  ])("refuses %s (400) and stores nothing", async (_what, fields, preview, message) => {
    refused(
      await call("POST", `templates/${template.id}/designs`, bearer(adminToken), design(fields, preview, 2)),
      400,
      message,
    );
    const list = await call("GET", `templates/${template.id}/designs`, bearer(adminToken));
    expect((list.json() as { data: unknown[] }).data).toHaveLength(2);
  });

  it("needs Template Create Design to open the editor or save (403)", async () => {
    refused(await call("POST", `templates/${template.id}/design-sessions`, bearer(csrToken), {}), 403, "");
    refused(
      await call(
        "POST",
        `templates/${template.id}/designs`,
        bearer(csrToken),
        design([nameAt(1, 1)], png(5, 5), 2),
      ),
      403,
      "",
    );
    expect((await call("GET", `templates/${template.id}/designs`, bearer(csrToken))).statusCode).toBe(403);
  });

  it("serves the reference design editor's page and Konva's browser build", async () => {
    const page = await t.app.inject({ method: "GET", url: "/design-editor/pressroom-demo/?template_id=1" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<script src="/design-editor/_assets/konva.js"></script>');
    const konva = await t.app.inject({ method: "GET", url: "/design-editor/_assets/konva.js" });
    expect(konva.statusCode).toBe(200);
    expect(konva.body).toContain("Konva JavaScript Framework");
    expect((await t.app.inject({ method: "GET", url: "/design-editor/_assets/other.js" })).statusCode).toBe(
      404,
    );
  });

  it("keeps each tenant's templates and designs to itself (404)", async () => {
    const o = bearer(otherToken);
    for (const url of [
      `templates/${template.id}/designs`,
      `templates/${template.id}/designs/1/preview`,
      `templates/${template.id}/images/front`,
      `templates/${template.id}/design-context`,
    ]) {
      expect((await call("GET", url, o)).statusCode, url).toBe(404);
    }
    expect(
      (await call("POST", `templates/${template.id}/designs`, o, design([nameAt(1, 1)], png(5, 5), 2)))
        .statusCode,
    ).toBe(404);
    expect((await call("POST", `templates/${template.id}/design-sessions`, o, {})).statusCode).toBe(404);
  });
});
