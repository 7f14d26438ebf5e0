import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { api, type Saved } from "./domain-fixtures";
import { bytes, listeningApp, metadataOf, tusUpload as upload } from "./file-uploads";
import { describeEachStore, type TestApp, tempDir } from "./helpers";

// Issue 19, order files: resumable uploads (tus) into the embedded store's two buckets, the list
// with its filters, download links that expire; size, type, permission and tenant refusals. Real
// HTTP on a port (tus works on the raw request), one seeded database per store.

const MAX = 64 * 1024;

describeEachStore("order files (%s)", (dbKind) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let csr: string;
  let press: string;
  let other: string;
  let order: Saved & { order_number: string; items: Saved[]; customer_id: number };
  let otherOrder: Saved;

  beforeAll(async () => {
    ({ t, base, admin, csr, press, other } = await listeningApp(dbKind, {
      config: { filesDir: tempDir("files"), maxUploadBytes: MAX },
    }));
    const first = await api(t.app, admin).first("orders");
    order = (await api(t.app, admin).get("orders", first.id)) as typeof order;
    otherOrder = await api(t.app, other).first("orders");
  });
  afterAll(() => t?.dispose());

  const call = (
    token: string | null,
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: Buffer,
  ) =>
    fetch(path.startsWith("http") ? path : `${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        "tus-resumable": "1.0.0",
        ...headers,
      },
      body: body ? new Uint8Array(body) : undefined,
    });
  const create = (token: string | null, size: number | null, meta: Record<string, string>, bucket = "shop") =>
    call(token, "POST", `/uploads/${bucket}`, {
      ...(size === null ? {} : { "upload-length": String(size) }),
      "upload-metadata": metadataOf(meta),
    });
  const artwork = (extra: Record<string, string> = {}) => ({
    order_id: String(order.id),
    kind: "artwork",
    filename: "flyer-front.pdf",
    filetype: "application/pdf",
    ...extra,
  });
  const tusUpload = (token: string, data: Buffer, meta: Record<string, string>, uploadUrl?: string) =>
    upload(base, token, data, meta, { uploadUrl, chunkSize: 16 * 1024 });
  const list = async (token: string, query: string) => {
    const res = await call(token, "GET", `/order-files?${query}`);
    return {
      status: res.status,
      body: (await res.json()) as {
        data: Saved[];
        meta: { total: number };
        message?: string;
        errors?: { message: string }[];
      },
    };
  };

  it("uploads artwork through tus, lists it with its order and customer, and downloads it through a signed link", async () => {
    const data = bytes(40_000);
    const { fileId } = await tusUpload(csr, data, artwork({ item_id: String(order.items[0].id) }));
    expect(fileId).toBeGreaterThan(0);
    const { body } = await list(csr, `order_id=${order.id}`);
    const row = body.data.find((f) => f.id === fileId) as Record<string, unknown>;
    expect(row).toMatchObject({
      kind: "artwork",
      bucket: "shop",
      name: "flyer-front.pdf",
      content_type: "application/pdf",
      size: 40_000,
      order_id: order.id,
      order_item_id: order.items[0].id,
      order_number: order.order_number,
      customer_id: order.customer_id,
      uploaded_by_name: expect.any(String),
    });
    expect(row.storage_key).toBeUndefined();
    const link = (await (await call(csr, "GET", `/order-files/${fileId}/link`)).json()) as {
      data: { url: string; expires_at: string };
    };
    expect(Date.parse(link.data.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    const origin = base.replace(/\/api\/v1$/, "");
    const download = await fetch(`${origin}${link.data.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("flyer-front.pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
    // A changed signature, another file's id and an expired link are refused.
    // Its first character changed to another one (replacing it with "A" left a signature beginning with "A" valid).
    const changed = link.data.url.replace(
      /sig=(.)/,
      (_: string, c: string) => `sig=${c === "A" ? "B" : "A"}`,
    );
    expect((await fetch(`${origin}${changed}`)).status).toBe(404);
    expect(
      (await fetch(`${origin}${link.data.url.replace(`/files/${fileId}`, `/files/${fileId + 1000}`)}`))
        .status,
    ).toBe(404);
    const expired = `${origin}${link.data.url.replace(/expires=\d+/, "expires=1000")}`;
    expect((await fetch(expired)).status).toBe(404); // the signature covers the expiry
    // Filters: by kind, customer and preflight result (bytes that are no PDF never pass; the
    // results themselves: order-proofs.test.ts).
    expect(
      (await list(csr, `kind=artwork&customer_id=${order.customer_id}`)).body.data.map((f) => f.id),
    ).toContain(fileId);
    expect((await list(csr, `kind=proof&order_id=${order.id}`)).body.data).toEqual([]);
    expect((await list(csr, `preflight=pass&order_id=${order.id}`)).body.meta.total).toBe(0);
  });

  it("resumes an interrupted upload where it stopped", async () => {
    const data = bytes(48_000, 13);
    const created = await create(admin, data.length, artwork({ filename: "big-artwork.pdf" }));
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("location") ?? "", base).toString();
    // Half the bytes, then the connection drops before the rest is sent.
    await new Promise<void>((resolve) => {
      const req = httpRequest(location, {
        method: "PATCH",
        headers: {
          authorization: `Bearer ${admin}`,
          "tus-resumable": "1.0.0",
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
          "content-length": String(data.length),
        },
      });
      req.on("error", () => resolve());
      req.write(data.subarray(0, 24_000), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300),
      );
    });
    const head = await call(admin, "HEAD", location);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(24_000);
    const { fileId } = await tusUpload(admin, data, artwork({ filename: "big-artwork.pdf" }), location);
    const link = (await (await call(admin, "GET", `/order-files/${fileId}/link`)).json()) as {
      data: { url: string };
    };
    const download = await fetch(`${base.replace(/\/api\/v1$/, "")}${link.data.url}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
  });

  const refusals: [string, () => Promise<Response>, number, string][] = [
    ["no session", () => create(null, 100, artwork()), 401, ""],
    ["no size", () => create(csr, null, artwork()), 400, "Upload-Length"],
    ["too large", () => create(csr, MAX + 1, artwork()), 413, "files may be at most 0.1 MB"],
    ["empty", () => create(csr, 0, artwork()), 400, "The file is empty"],
    [
      "a type we do not take",
      () => create(csr, 100, artwork({ filename: "setup.exe", filetype: "application/x-msdownload" })),
      400,
      "setup.exe is not a file we take",
    ],
    ["an unknown kind", () => create(csr, 100, artwork({ kind: "poster" })), 400, "Choose a kind"],
    [
      "a proof in the shop bucket",
      () => create(csr, 100, artwork({ kind: "proof" })),
      400,
      "goes to the proofs bucket",
    ],
    ["no order", () => create(csr, 100, artwork({ order_id: "" })), 400, "Say which order"],
    [
      "another order's item",
      () => create(csr, 100, artwork({ item_id: "999999" })),
      400,
      "one of the order's items",
    ],
    ["another tenant's order", () => create(csr, 100, artwork({ order_id: String(otherOrder.id) })), 404, ""],
    ["a reader who may not change the order", () => create(press, 100, artwork()), 403, ""],
    ["an unknown bucket", () => create(csr, 100, artwork(), "attic"), 404, ""],
  ];
  it.each(refusals)("refuses an upload: %s", async (_name, send, status, message) => {
    const res = await send();
    expect(res.status).toBe(status);
    if (message) {
      const body = (await res.json()) as { message: string; errors?: { message: string }[] };
      expect([body.message, ...(body.errors ?? []).map((e) => e.message)].join(" | ")).toContain(message);
    }
  });

  it("keeps files to their tenant and to readers of every order", async () => {
    const created = await create(csr, 1000, artwork({ filename: "tenant-one.pdf" }));
    const location = new URL(created.headers.get("location") ?? "", base).toString();
    expect((await call(other, "HEAD", location)).status).toBe(404);
    expect(
      (
        await call(
          other,
          "PATCH",
          location,
          { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
          bytes(1000),
        )
      ).status,
    ).toBe(404);
    const mine = (await list(admin, `order_id=${order.id}`)).body.data[0];
    expect((await list(other, "")).body.data.map((f) => f.id)).not.toContain(mine.id);
    expect((await call(other, "GET", `/order-files/${mine.id}/link`)).status).toBe(404);
    expect((await list(other, `order_id=${order.id}`)).status).toBe(404);
    expect((await list(press, "")).status).toBe(403);
    const bad = await list(csr, "kind=poster");
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].message).toContain("Choose a kind");
  });
});
