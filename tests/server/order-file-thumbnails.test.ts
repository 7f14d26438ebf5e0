import { createCanvas } from "@napi-rs/canvas";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { FileStorageConfig } from "../../server/config";
import { queueFileJob } from "../../server/files/file-queue";
import { linkSigner } from "../../server/files/links";
import { type StorageLocal, startStorageLocal } from "../storage-local.mjs";
import { api, type Saved } from "./domain-fixtures";
import { listeningApp, tusUpload } from "./file-uploads";
import { describeEachStore, type TestApp, tempDir } from "./helpers";
import { testPdf } from "./preflight-pdfs";

// Issue 19, the order files' thumbnails (server/files/thumbnails.ts): made after an upload into either
// store (the embedded tus store, Firebase Storage through the local server answering its REST requests),
// a PNG of ORDER_THUMBNAIL_PX (128) on the longer side in the shop-files bucket, handed out by the list
// as a signed link of its own that expires; none for a file that cannot be drawn, which stays whole.

const SECRET = "thumbnail-test-secret";
const BUCKETS = { shop: "demo-pressroom-shop", proofs: "demo-pressroom-proofs" };
const FILE_STORES = ["embedded", "firebase"] as const;

/** The width and height a PNG's header says (IHDR, right after the 8-byte signature). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Listed {
  id: number;
  thumbnail: { url: string; expires_at: string } | null;
  thumbnail_key?: string;
  size: number;
}

describeEachStore("order file thumbnails (%s)", (dbKind) => {
  let storage: StorageLocal;
  let t: TestApp;
  let embedded: FastifyInstance;
  const bases: Record<(typeof FILE_STORES)[number], string> = { embedded: "", firebase: "" };
  let csr: string;
  let press: string;
  let other: string;
  let order: Saved;
  let pdf: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    storage = await startStorageLocal();
    const filesDir = tempDir("thumbs");
    const fileStorage: FileStorageConfig = {
      provider: "firebase",
      projectId: "demo-pressroom",
      buckets: BUCKETS,
      emulatorHost: storage.host,
    };
    let admin: string;
    ({ t, admin, csr, press, other } = await listeningApp(dbKind, {
      config: { filesDir, fileStorage, fileLinkSecret: SECRET },
    }));
    bases.firebase = `http://127.0.0.1:${portOf(t.app)}/api/v1`;
    // The same database served by a server on its embedded store (the default).
    embedded = buildApp({ database: t.database, config: { filesDir, fileLinkSecret: SECRET } });
    await embedded.listen({ port: 0, host: "127.0.0.1" });
    bases.embedded = `http://127.0.0.1:${portOf(embedded)}/api/v1`;
    order = await api(t.app, admin).first("orders");
    // A 3.75 x 2.25 in card: 270 x 162 pt, drawn at 128 x 77. A 300 x 200 px image: 128 x 85.
    pdf = await testPdf({ page: [3.75, 2.25] });
    const canvas = createCanvas(300, 200);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#1f6feb";
    ctx.fillRect(0, 0, 300, 200);
    png = canvas.toBuffer("image/png");
  });
  afterAll(async () => {
    await embedded?.close();
    await t?.dispose();
    await storage?.close();
  });

  const portOf = (app: FastifyInstance) => {
    const address = app.server.address();
    return typeof address === "object" && address ? address.port : 0;
  };
  const json = (base: string, token: string, path: string, body?: unknown) =>
    fetch(`${base}/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** Uploads as the app does into each store; resolves with the new file's id once its jobs have run. */
  const upload = async (
    store: (typeof FILE_STORES)[number],
    data: Buffer,
    filename: string,
    type: string,
  ) => {
    const announced = { order_id: String(order.id), kind: "artwork", filename, filetype: type };
    let fileId: number;
    if (store === "embedded") {
      fileId = (await tusUpload(bases.embedded, csr, data, announced, { chunkSize: 64 * 1024 })).fileId;
    } else {
      const started = await json(bases.firebase, csr, "storage-uploads", { ...announced, size: data.length });
      const { bucket, path } = ((await started.json()) as { data: { bucket: string; path: string } }).data;
      storage.put(bucket, path, data, type);
      const registered = await json(bases.firebase, csr, "storage-uploads/register", { ...announced, path });
      expect(registered.status).toBe(201);
      fileId = ((await registered.json()) as { data: { id: number } }).data.id;
    }
    // The file jobs run one at a time, in order: a job queued now runs after the upload's thumbnail.
    await queueFileJob(t.app, "The test's wait", fileId, async () => {});
    return fileId;
  };
  const listed = async (fileId: number) => {
    const res = await json(bases.embedded, csr, `order-files?order_id=${order.id}&limit=100`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Listed[] }).data.find((f) => f.id === fileId);
  };
  const origin = (base: string) => base.replace(/\/api\/v1$/, "");

  describe.each(FILE_STORES)("in the %s store", (store) => {
    it.each([
      { name: "card.pdf", type: "application/pdf", data: () => pdf, width: 128, height: 77 },
      { name: "photo.png", type: "image/png", data: () => png, width: 128, height: 85 },
    ])("makes a $width x $height PNG thumbnail of $name", async ({ name, type, data, width, height }) => {
      const fileId = await upload(store, data(), name, type);
      const file = await listed(fileId);
      expect(file?.thumbnail_key).toBeUndefined();
      expect(file?.thumbnail?.url).toMatch(
        new RegExp(`^/api/v1/files/${fileId}/thumbnail\\?expires=\\d+&sig=`),
      );
      const res = await fetch(`${origin(bases[store])}${file?.thumbnail?.url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      const thumb = Buffer.from(await res.arrayBuffer());
      expect(thumb.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngSize(thumb)).toEqual({ width, height });
      // It lives in the shop-files bucket (Firebase: beside the file's own path).
      if (store === "firebase") {
        const shop = storage.requests.filter(
          (r) => r.method === "POST" && r.path === `/v0/b/${BUCKETS.shop}/o`,
        );
        expect(shop.length).toBeGreaterThan(0);
      }
    });

    it("leaves a damaged PDF without a thumbnail, and the file whole", async () => {
      const damaged = Buffer.concat([pdf.subarray(0, 9), Buffer.from("this is no longer a PDF ".repeat(40))]);
      const fileId = await upload(store, damaged, "broken.pdf", "application/pdf");
      const file = await listed(fileId);
      expect(file).toMatchObject({ size: damaged.length, thumbnail: null });
      const link = await json(bases[store], csr, `order-files/${fileId}/link`);
      const { url } = ((await link.json()) as { data: { url: string } }).data;
      const got = await fetch(`${origin(bases[store])}${url}`);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(damaged)).toBe(true);
      // No thumbnail to serve, even through a well-signed link.
      const signed = linkSigner(SECRET, "/api/v1/files", "thumbnail").sign(fileId, 1);
      expect((await fetch(`${origin(bases[store])}${signed.url}`)).status).toBe(404);
    });
  });

  it("refuses another tenant's link, a file's link used for its thumbnail, and a link past its expiry", async () => {
    const fileId = await upload("embedded", png, "logo.png", "image/png");
    const file = await listed(fileId);
    expect(file?.thumbnail).not.toBeNull();
    const at = (url: string) => fetch(`${origin(bases.embedded)}${url}`);
    const thumbs = linkSigner(SECRET, "/api/v1/files", "thumbnail");
    // Signed for tenant 2 (whose admin might hold such a link): not a link to tenant 1's file.
    expect((await at(thumbs.sign(fileId, 2).url)).status).toBe(404);
    // The download link's signature does not open the thumbnail, nor the thumbnail's the file.
    const download = linkSigner(SECRET, "/api/v1/files").sign(fileId, 1);
    expect((await at(download.url.replace("?", "/thumbnail?"))).status).toBe(404);
    expect((await at(String(file?.thumbnail?.url).replace("/thumbnail?", "?"))).status).toBe(404);
    // A link whose 15 minutes ran out 5 minutes ago: 410 with a sentence.
    const expired = await at(thumbs.sign(fileId, 1, Date.now() - 20 * 60 * 1000).url);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toBe(
      "This download link has expired: open the file again from the order to get a new one",
    );
    // The links come only with the list, read-checked as the files are: another tenant and the
    // press room (its own orders only) are refused it.
    expect((await json(bases.embedded, other, `order-files?order_id=${order.id}`)).status).toBe(404);
    expect((await json(bases.embedded, press, `order-files?order_id=${order.id}`)).status).toBe(404);
  });
});
