import { createServer, type Server } from "node:http";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../server/db/schema";
import { preflightFile } from "../../server/preflight/service";
import { api, makeOrder, makeProduct, type Saved, status, unique } from "./domain-fixtures";
import { listeningApp, tusUpload } from "./file-uploads";
import { describeEachStore, type TestApp, tempDir } from "./helpers";
import { type TestPdf, testPdf } from "./preflight-pdfs";

// Issue 19, preflight and proofs: the reference preflight service on PDFs made here with pdf-lib
// (verdicts and their sentences), preflight after an upload and again on request, the adapter
// against a configured service, and their refusals. Real HTTP on a port (uploads are tus).

type Checks = { check: string; result: string; message: string }[];
type Report = { result: string; checks: Checks };
const card = { width: 3.5, height: 2 };

describeEachStore("preflight and proofs (%s)", (dbKind) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let csr: string;
  let press: string;
  let other: string;
  let order: Saved & { items: Saved[] };
  let otherFile = 0;
  let cardProduct: Saved;

  beforeAll(async () => {
    ({ t, base, admin, csr, press, other } = await listeningApp(dbKind, {
      config: { filesDir: tempDir("files"), preflightMaxBytes: 100 * 1024 },
    }));
    const a = api(t.app, admin);
    const product = await makeProduct(a);
    cardProduct = await a.update("products", product.id, {
      name: "Business card",
      finished_width: 3.5,
      finished_height: 2,
      bleed: 0.125,
    });
    order = (await makeOrder(a, [{ product_id: product.id, description: "Business cards" }])) as typeof order;
    const theirs = await api(t.app, other).first("orders");
    otherFile = (await upload(other, await testPdf({ page: [3.5, 2] }), { order_id: String(theirs.id) }))
      .fileId;
  });
  afterAll(() => t?.dispose());

  const call = (
    token: string | null,
    method: string,
    path: string,
    body?: unknown,
    type = "application/json",
  ) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": type }),
      },
      body:
        body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
  /** An artwork PDF for the order, unless `meta` says otherwise. */
  const upload = (token: string, data: Buffer, meta: Record<string, string>) =>
    tusUpload(base, token, data, {
      kind: "artwork",
      filename: "card.pdf",
      filetype: "application/pdf",
      ...meta,
    });
  const fileRow = async (token: string, id: number) => {
    const res = await call(token, "GET", `/order-files?order_id=${order.id}&limit=100`);
    const body = (await res.json()) as {
      data: (Saved & { preflight: Checks | null; preflight_result: string | null })[];
    };
    return body.data.find((f) => f.id === id);
  };
  /** The file's stored preflight once the background run has written it. */
  const preflighted = async (id: number) => {
    for (let i = 0; i < 100; i++) {
      const row = await fileRow(admin, id);
      if (row?.preflight_result) return { result: row.preflight_result, checks: row.preflight ?? [] };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`file ${id} was never preflighted`);
  };
  const sentences = (r: Report) =>
    Object.fromEntries(r.checks.map((c) => [c.check, `${c.result}: ${c.message}`]));

  const verdicts: [string, TestPdf, string, string, Record<string, string>][] = [
    [
      "a card without bleed",
      { page: [3.5, 2] },
      "width=3.5&height=2",
      "fail",
      {
        trim: "pass: The trim is 3.5 × 2 in, the product's finished size.",
        bleed:
          "fail: No bleed: the artwork stops at the trim. Extend it 0.125 in past each edge (a page of 3.75 × 2.25 in).",
      },
    ],
    [
      "a card with trim and bleed boxes",
      { page: [3.75, 2.25], trimInset: 0.125, bleedInset: 0 },
      "width=3.5&height=2",
      "pass",
      {
        pages: "pass: 1 page.",
        trim: "pass: The trim is 3.5 × 2 in, the product's finished size.",
        bleed: "pass: 0.125 in bleed on each side.",
        fonts: "pass: No fonts used.",
      },
    ],
    [
      "a page of finished size plus bleed, without boxes, on its side",
      { page: [2.25, 3.75], pages: 2 },
      "width=3.5&height=2",
      "pass",
      {
        pages: "pass: 2 pages.",
        trim: "pass: No trim box: the page is the finished size 3.5 × 2 in plus bleed, which is right.",
      },
    ],
    [
      "a letter page for a business card",
      { page: [8.5, 11] },
      "width=3.5&height=2",
      "fail",
      { trim: "fail: The trim is 8.5 × 11 in; the product is finished at 3.5 × 2 in." },
    ],
    [
      "too little bleed",
      { page: [3.6, 2.1], trimInset: 0.05 },
      "width=3.5&height=2",
      "fail",
      {
        bleed:
          "fail: The bleed is only 0.05 in on every side; 0.125 in is needed on each side (a page of 3.75 × 2.25 in).",
      },
    ],
    [
      "a font left out",
      { page: [3.75, 2.25], unembeddedFont: true },
      "width=3.5&height=2",
      "fail",
      { fonts: "fail: A font is not embedded: Helvetica. Embed all fonts when exporting the PDF." },
    ],
    [
      "a 200 dpi CMYK image",
      { page: [3.75, 2.25], images: [{ pixels: [700, 400], placed: [3.5, 2], space: "DeviceCMYK" }] },
      "width=3.5&height=2",
      "warn",
      {
        resolution:
          "warn: 1 image is under 300 dpi as placed (the lowest 200 dpi): it may print soft; use higher-resolution images.",
        colour: "pass: No RGB images.",
      },
    ],
    [
      "a 100 dpi and a 400 dpi image, one RGB",
      {
        page: [3.75, 2.25],
        images: [
          { pixels: [350, 200], placed: [3.5, 2], space: "DeviceCMYK" },
          { pixels: [400, 400], placed: [1, 1], space: "DeviceRGB" },
        ],
      },
      "width=3.5&height=2",
      "fail",
      {
        resolution:
          "fail: 1 image is under 300 dpi as placed (the lowest 100 dpi): it will print blurred; use higher-resolution images.",
        colour: "warn: 1 image is RGB: offset presses print CMYK, so colours may shift when converted.",
      },
    ],
    [
      "a 300 dpi image and no product size",
      { page: [8.5, 11], images: [{ pixels: [600, 300], placed: [2, 1], space: "DeviceCMYK" }] },
      "",
      "fail",
      {
        trim: "pass: The trim is 8.5 × 11 in (no product size to compare it with).",
        resolution: "pass: Every image is at least 300 dpi as placed (the lowest 300 dpi).",
      },
    ],
  ];
  it.each(verdicts)("preflights %s", async (_name, pdf, query, result, expected) => {
    for (const path of ["/preflight", "/preflight/design"]) {
      const res = await call(csr, "POST", `${path}?${query}`, await testPdf(pdf), "application/pdf");
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: Report };
      expect(data.result).toBe(result);
      expect(sentences(data)).toMatchObject(expected);
      expect(data.checks.map((c) => c.check)).toEqual([
        "pages",
        "trim",
        "bleed",
        "fonts",
        "resolution",
        "colour",
      ]);
    }
  });

  it("preflights an uploaded artwork file against its item's product, stores it, and runs it again on request", async () => {
    const item = String(order.items[0].id);
    const bare = await upload(csr, await testPdf({ page: [3.5, 2] }), {
      order_id: String(order.id),
      item_id: item,
    });
    expect((await preflighted(bare.fileId)).result).toBe("fail");
    expect(sentences(await preflighted(bare.fileId)).bleed).toContain("No bleed");
    const fixed = await upload(csr, await testPdf({ page: [3.75, 2.25], trimInset: 0.125, bleedInset: 0 }), {
      order_id: String(order.id),
      item_id: item,
      filename: "card-bleed.pdf",
    });
    expect((await preflighted(fixed.fileId)).result).toBe("pass");
    // Without an item there is no product size to compare with.
    const loose = await upload(csr, await testPdf({ page: [3.75, 2.25], trimInset: 0.125 }), {
      order_id: String(order.id),
    });
    expect(sentences(await preflighted(loose.fileId)).trim).toBe(
      "pass: The trim is 3.5 × 2 in (no product size to compare it with).",
    );
    // Not a PDF, and a "PDF" that is not one inside.
    const png = await upload(csr, Buffer.from("not really a png"), {
      order_id: String(order.id),
      filename: "photo.png",
      filetype: "image/png",
    });
    expect(await preflighted(png.fileId)).toEqual({
      result: "warn",
      checks: [
        {
          check: "pdf",
          result: "warn",
          message: "Not a PDF: preflight checks PDFs. Check this file by eye, or send a PDF.",
        },
      ],
    });
    const fake = await upload(csr, Buffer.from("%!PS-Adobe-3.0 nothing"), { order_id: String(order.id) });
    expect(sentences(await preflighted(fake.fileId)).pdf).toBe(
      "fail: This file is not a PDF inside, whatever its name: export the artwork as a PDF.",
    );
    // Over the server's preflight limit: a warning, the file never read.
    const big = await upload(csr, Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(210 * 1024)]), {
      order_id: String(order.id),
    });
    expect(sentences(await preflighted(big.fileId)).size).toBe(
      "warn: The file is 0.2 MB: too large to check here (at most 0.1 MB). Check it in your prepress software.",
    );
    // Other files are not preflighted on arrival; "Run preflight again" checks any file.
    const other_ = await upload(csr, await testPdf({ page: [3.75, 2.25] }), {
      order_id: String(order.id),
      item_id: item,
      kind: "other",
    });
    expect((await fileRow(csr, other_.fileId))?.preflight).toBeNull();
    const again = await call(csr, "POST", `/order-files/${other_.fileId}/preflight`);
    expect(again.status).toBe(202);
    expect(
      ((await again.json()) as { data: { preflight: unknown; preflight_result: unknown } }).data,
    ).toMatchObject({
      preflight: [],
      preflight_result: null,
    });
    expect((await preflighted(other_.fileId)).result).toBe("pass");
    // The filter by result sees them.
    const failed = await call(csr, "GET", `/order-files?order_id=${order.id}&preflight=fail&limit=100`);
    const ids = ((await failed.json()) as { data: Saved[] }).data.map((f) => f.id);
    expect(ids).toContain(bare.fileId);
    expect(ids).not.toContain(fixed.fileId);
    // The service by file reference answers the same as the stored run.
    const byRef = await call(csr, "POST", "/preflight", { file_id: bare.fileId });
    expect(((await byRef.json()) as { data: Report }).data).toEqual(await preflighted(bare.fileId));
  });

  it("calls a configured preflight service with the PDF and the product's size, and says so when it cannot", async () => {
    const seen: { url: string; type: string; auth: string; bytes: number }[] = [];
    let status = 200;
    const service: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({
          url: req.url ?? "",
          type: req.headers["content-type"] ?? "",
          auth: req.headers.authorization ?? "",
          bytes: Buffer.concat(chunks).length,
        });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            data: {
              result: "warn",
              checks: [{ check: "ink", result: "warn", message: "Total ink over 300%." }],
            },
          }),
        );
      });
    });
    await new Promise<void>((r) => service.listen(0, "127.0.0.1", r));
    const port = (service.address() as { port: number }).port;
    try {
      const pdf = await testPdf({ page: [3.75, 2.25] });
      const path = `${tempDir("pf")}/card.pdf`;
      await import("node:fs/promises").then((fs) => fs.writeFile(path, pdf));
      const config = {
        preflightUrl: `http://127.0.0.1:${port}/check`,
        preflightDesignUrl: `http://127.0.0.1:${port}/design`,
        preflightToken: "s3cret",
        preflightMaxBytes: 10,
      };
      const { createReadStream } = await import("node:fs");
      const file = {
        open: async () => createReadStream(path),
        size: pdf.length,
        contentType: "application/pdf",
      };
      expect(await preflightFile(config, file, { ...card, bleed: 0.125 })).toEqual({
        result: "warn",
        checks: [{ check: "ink", result: "warn", message: "Total ink over 300%." }],
      });
      await preflightFile(config, file, { bleed: 0.25 }, "design");
      expect(seen).toEqual([
        {
          url: "/check?bleed=0.125&width=3.5&height=2",
          type: "application/pdf",
          auth: "Bearer s3cret",
          bytes: pdf.length,
        },
        { url: "/design?bleed=0.25", type: "application/pdf", auth: "Bearer s3cret", bytes: pdf.length },
      ]);
      status = 503;
      expect((await preflightFile(config, file, { bleed: 0.125 })).checks[0].message).toBe(
        `Preflight could not run: the service at 127.0.0.1:${port} answered 503.`,
      );
    } finally {
      await new Promise((r) => service.close(r));
    }
    const gone = await preflightFile(
      { preflightUrl: `http://127.0.0.1:${port}/check`, preflightMaxBytes: 10 },
      { open: () => Promise.reject(new Error("no such file")), size: 5, contentType: "application/pdf" },
      { bleed: 0.125 },
    );
    expect(gone.checks[0]).toMatchObject({ result: "warn", check: "service" });
  });

  const refusals: [string, () => Promise<Response>, number, string][] = [
    ["no session", () => call(null, "POST", "/preflight", { file_id: 1 }), 401, ""],
    [
      "a size without its other side",
      () => call(csr, "POST", "/preflight?width=3.5", Buffer.from("%PDF-"), "application/pdf"),
      400,
      "Send both the finished width and height",
    ],
    [
      "a negative size",
      () => call(csr, "POST", "/preflight?width=-1&height=2", Buffer.from("%PDF-"), "application/pdf"),
      400,
      "Sizes are above 0 inches",
    ],
    ["no file reference", () => call(csr, "POST", "/preflight", {}), 400, ""],
    ["another tenant's file", () => call(csr, "POST", "/preflight", { file_id: otherFile }), 404, ""],
    ["another tenant's file, again", () => call(csr, "POST", `/order-files/${otherFile}/preflight`), 404, ""],
    [
      "a reader who may not change the order",
      () => call(press, "POST", `/order-files/${otherFile}/preflight`),
      404,
      "",
    ],
    ["an unknown file", () => call(csr, "POST", "/order-files/99999999/preflight"), 404, ""],
  ];
  it.each(refusals)("refuses preflight: %s", async (_name, send, status, message) => {
    const res = await send();
    expect(res.status).toBe(status);
    if (message) expect(await res.text()).toContain(message);
  });

  it("lets only those who may change the order run preflight again", async () => {
    const mine = await upload(csr, await testPdf({ page: [3.75, 2.25] }), {
      order_id: String(order.id),
      kind: "other",
      filename: `${unique("f")}.pdf`,
    });
    expect((await call(press, "POST", `/order-files/${mine.fileId}/preflight`)).status).toBe(403);
  });

  describe("proofs", () => {
    type Proof = { id: number; proof_no: number; decision: string | null; comment: string | null };
    type Item = Saved & { item_status_id: number; proof_version: number };
    let job: Saved & { items: Item[]; order_number: string; wanted_by: string | null };
    let fileId = 0;
    let codes: Map<number, string>;
    const email = "buyer@proofs.test";

    beforeAll(async () => {
      const a = api(t.app, admin);
      const received = await status(a, "order_item", "received");
      const product = cardProduct;
      job = (await makeOrder(a, [
        { product_id: product.id, description: "Cards", item_status_id: received.id },
        { product_id: product.id, description: "More cards", item_status_id: received.id },
      ])) as typeof job;
      await a.update("customers", job.customer_id as number, { contact_email: email });
      const all = (await a.call("GET", "statuses?entity=order_item&limit=100")).json().data as Saved[];
      codes = new Map(all.map((st) => [st.id, String(st.code)]));
      fileId = (
        await upload(csr, await testPdf({ page: [3.75, 2.25] }), {
          order_id: String(job.id),
          item_id: String(job.items[0].id),
        })
      ).fileId;
    });

    const current = async () => (await api(t.app, admin).get("orders", job.id)) as typeof job;
    const itemStatus = async (i = 0) => codes.get((await current()).items[i].item_status_id);
    const send = async (token: string, body: Record<string, unknown>, item = 0) =>
      call(token, "POST", `/orders/${job.id}/items/${job.items[item].id}/proofs`, {
        version: (await current()).version,
        ...body,
      });
    const decide = async (token: string, proofId: number, body: Record<string, unknown>) =>
      call(token, "POST", `/orders/${job.id}/items/${job.items[0].id}/proofs/${proofId}/decision`, {
        version: (await current()).version,
        ...body,
      });
    const proofOf = async (res: Response) => ((await res.json()) as { data: { proof: Proof } }).data.proof;
    const refusal = async (res: Response, code: number, words: string) => {
      expect(res.status).toBe(code);
      expect(await res.text()).toContain(words);
    };

    it("sends proofs that count up, mails them with a working link, and records a rejection then an approval", async () => {
      const first = await send(csr, { file_id: fileId });
      expect(first.status).toBe(201);
      const p1 = await proofOf(first);
      expect(p1).toMatchObject({ proof_no: 1, decision: null });
      expect(await itemStatus()).toBe("awaiting_proof");
      expect((await current()).items[0].proof_version).toBe(1);
      const [mail] = await t.app.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, email))
        .orderBy(desc(outbox.id));
      expect(mail.subject).toBe(`Proof 1 for order ${job.order_number}`);
      expect(mail.body).toContain("card.pdf");
      // The link is on the server's public address (PUBLIC_URL); this one listens elsewhere.
      const link = new URL(String(mail.link));
      expect(mail.body).toContain(link.toString());
      const download = await fetch(`${base.replace(/\/api\/v1$/, "")}${link.pathname}${link.search}`);
      expect(download.status).toBe(200);
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      // A second proof while the first waits: proof 2; the answer goes to the latest only.
      const p2 = await proofOf(await send(csr, { file_id: fileId }));
      expect(p2.proof_no).toBe(2);
      await refusal(await decide(csr, p1.id, { decision: "approved" }), 409, "Proof 2 replaced this proof");
      await refusal(
        await decide(csr, p2.id, { decision: "rejected" }),
        400,
        "Say what the customer wants changed",
      );
      const rejected = await decide(csr, p2.id, { decision: "rejected", comment: "Logo too small" });
      expect(rejected.status).toBe(200);
      expect(await proofOf(rejected)).toMatchObject({ decision: "rejected", comment: "Logo too small" });
      expect(await itemStatus()).toBe("preflight");
      await refusal(
        await decide(csr, p2.id, { decision: "approved" }),
        409,
        "Proof 2 of item 1 was already rejected",
      );
      const p3 = await proofOf(await send(csr, { file_id: fileId }));
      expect(p3.proof_no).toBe(3);
      const before = (await current()).wanted_by;
      const approved = await decide(csr, p3.id, { decision: "approved", comment: "Looks good" });
      expect(approved.status).toBe(200);
      expect(await itemStatus()).toBe("approved");
      const due = (await current()).wanted_by;
      expect(due).not.toBe(before);
      expect(String(due) > new Date().toISOString().slice(0, 10)).toBe(true);
      // The history, newest first, with who sent and decided.
      const history = (await (await call(csr, "GET", `/orders/${job.id}/proofs`)).json()) as {
        data: (Proof & { sent_by_name: string; decided_by_name: string | null; file_name: string })[];
      };
      expect(history.data.map((p) => [p.proof_no, p.decision, p.comment])).toEqual([
        [3, "approved", "Looks good"],
        [2, "rejected", "Logo too small"],
        [1, null, null],
      ]);
      expect(history.data[0]).toMatchObject({ file_name: "card.pdf", sent_by_name: expect.any(String) });
      expect(history.data[0].decided_by_name).toEqual(expect.any(String));
      await refusal(
        await send(csr, { file_id: fileId }),
        409,
        "Item 1 is Approved: a proof is sent before the item is approved",
      );
    });

    const refusals: [string, () => Promise<Response>, number, string][] = [
      ["a stale version", () => send(csr, { file_id: fileId, version: 1 }), 409, ""],
      ["another item's file", () => send(csr, { file_id: fileId }, 1), 409, "belongs to another item"],
      [
        "a file of another order",
        () => send(csr, { file_id: otherFile }, 1),
        409,
        "not one of this order's files",
      ],
      ["no file", () => send(csr, {}, 1), 400, ""],
      ["another tenant", () => send(other, { file_id: fileId }, 1), 404, ""],
      ["a reader who may not change the order", () => send(press, { file_id: fileId }, 1), 403, ""],
      ["no session", () => send("", { file_id: fileId }, 1), 401, ""],
      [
        "an answer to an item with no proof",
        async () =>
          call(csr, "POST", `/orders/${job.id}/items/${job.items[1].id}/proofs/1/decision`, {
            version: (await current()).version,
            decision: "approved",
          }),
        404,
        "",
      ],
    ];
    it.each(refusals)("refuses a proof: %s", async (_name, act, code, words) => {
      await refusal(await act(), code, words);
    });
  });
});
