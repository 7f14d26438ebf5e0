import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { Config, FileStorageConfig } from "../../server/config";
import { loadConfig } from "../../server/config";
import { embeddedStorage } from "../../server/files/embedded-storage";
import { firebaseStorage } from "../../server/files/firebase-storage";
import { contentSecurityPolicy } from "../../server/http/security-headers";
import { serverSentence, type UploadControl, type UploadRequest } from "../../src/custom/orders/file-upload";
import { uploadThroughFirebase } from "../../src/custom/orders/firebase-upload";
import { type StorageLocal, startStorageLocal } from "../storage-local.mjs";
import { api, type Saved } from "./domain-fixtures";
import { bytes, listeningApp } from "./file-uploads";
import { describeEachStore, type TestApp, tempDir } from "./helpers";
import { testPdf } from "./preflight-pdfs";

// Issue 19, order files in Firebase Storage (FILE_STORAGE=firebase): the storage adapters (embedded and
// Firebase) read alike; the app's upload function sends Storage's resumable upload (storage-resumable.ts, to
// connectStorageEmulator) against a local server answering Storage's REST requests (tests/storage-local.mjs),
// with a dropped chunk and a pause on the way; the server's start and register endpoints check the caller,
// the order, the stored object's size and type; downloads and preflight read the object back as a stream.
// The embedded store's own uploads: order-files.test.ts.

const MAX = 2 * 1024 * 1024;
const BUCKETS = { shop: "demo-pressroom-shop", proofs: "demo-pressroom-proofs" };

describeEachStore("file storage (%s)", (dbKind) => {
  let storage: StorageLocal;
  let t: TestApp;
  let embedded: FastifyInstance;
  let base: string;
  let admin: string;
  let csr: string;
  let press: string;
  let other: string;
  let order: Saved & { items: Saved[] };
  let otherOrder: Saved;
  /** The app's localStorage, where an upload's session is kept between pages. */
  let sessions: Map<string, string>;
  let filesDir: string;

  beforeAll(async () => {
    storage = await startStorageLocal();
    filesDir = tempDir("files");
    const fileStorage: FileStorageConfig = {
      provider: "firebase",
      projectId: "demo-pressroom",
      buckets: BUCKETS,
      emulatorHost: storage.host,
    };
    ({ t, base, admin, csr, press, other } = await listeningApp(dbKind, {
      config: { filesDir, maxUploadBytes: MAX, fileStorage },
    }));
    // The same database served by a server on its embedded store (the default).
    embedded = buildApp({ database: t.database, config: { filesDir, maxUploadBytes: MAX } });
    await embedded.ready();
    const first = await api(t.app, admin).first("orders");
    order = (await api(t.app, admin).get("orders", first.id)) as typeof order;
    otherOrder = await api(t.app, other).first("orders");
    sessions = new Map();
  });
  afterAll(async () => {
    await embedded?.close();
    await t?.dispose();
    await storage?.close();
  });

  const call = async (token: string | null, method: string, resource: string, body?: unknown) => {
    const res = await fetch(`${base}/${resource}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = res.status === 204 ? undefined : await res.json();
    return {
      status: res.status,
      body: answer as { data: Record<string, unknown> } & Record<string, unknown>,
    };
  };
  /** The app's API as the app calls it: a refusal becomes the server's sentence. */
  const appApi = (token: string) => ({
    async post<T>(resource: string, body: unknown): Promise<T> {
      const res = await call(token, "POST", resource, body);
      if (res.status >= 400) throw new Error(serverSentence(res.body) ?? String(res.status));
      return res.body as T;
    },
  });
  const firebaseTarget = () => ({
    emulatorHost: storage.host,
    sessions: {
      getItem: (key: string) => sessions.get(key) ?? null,
      setItem: (key: string, value: string) => void sessions.set(key, value),
      removeItem: (key: string) => void sessions.delete(key),
    },
    // Storage's own granularity, so that a test file of a few hundred KiB goes in several chunks.
    chunkSize: 256 * 1024,
    retryDelays: [0, 50],
  });
  const upload = (token: string, file: File, extra: Partial<UploadRequest> = {}) => {
    const progress: number[] = [];
    const done = uploadThroughFirebase(
      { file, orderId: order.id, kind: "artwork", onProgress: (p) => progress.push(p), ...extra },
      appApi(token),
      firebaseTarget(),
    );
    return { done, progress };
  };
  const storedOf = async (fileId: number) => {
    const listed = await call(csr, "GET", `order-files?order_id=${order.id}&limit=100`);
    return (listed.body.data as unknown as Record<string, unknown>[]).find((f) => f.id === fileId);
  };
  const download = async (fileId: number) => {
    const link = await call(csr, "GET", `order-files/${fileId}/link`);
    const res = await fetch(`${base.replace(/\/api\/v1$/, "")}${(link.body.data as { url: string }).url}`);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it.each(["embedded", "firebase"] as const)(
    "the %s adapter states and streams an object, and knows a missing one",
    async (kind) => {
      const data = bytes(70_000, 11);
      const key = kind === "embedded" ? "t1-adapter-check" : "1/1/adapter-check";
      if (kind === "embedded") {
        mkdirSync(path.join(filesDir, "proofs"), { recursive: true });
        writeFileSync(path.join(filesDir, "proofs", key), data);
      } else storage.put(BUCKETS.proofs, key, data, "application/pdf");
      const adapter =
        kind === "embedded"
          ? embeddedStorage(filesDir)
          : firebaseStorage({
              provider: "firebase",
              projectId: "p",
              buckets: BUCKETS,
              emulatorHost: storage.host,
            });
      expect(adapter.provider).toBe(kind);
      expect((await adapter.stat("proofs", key))?.size).toBe(70_000);
      const stream = await adapter.open("proofs", key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(chunks.length).toBeGreaterThan(1); // streamed, not one buffer
      expect(Buffer.concat(chunks).equals(data)).toBe(true);
      expect(await adapter.stat("shop", key)).toBeNull();
      await expect(adapter.open("shop", key)).rejects.toThrow();
    },
  );

  it("tells the app where files go: Firebase with its emulator, or the embedded store", async () => {
    expect((await call(csr, "GET", "files/storage")).body).toEqual({
      data: { provider: "firebase", emulator_host: storage.host },
    });
    const res = await embedded.inject({
      method: "GET",
      url: "/api/v1/files/storage",
      headers: { authorization: `Bearer ${csr}` },
    });
    expect(res.json()).toEqual({ data: { provider: "embedded" } });
    expect((await call(null, "GET", "files/storage")).status).toBe(401);
    // The app's pages may send the bytes there (production's firebasestorage.googleapis.com is one of Google's).
    const connect = contentSecurityPolicy(t.app.config)
      .split("; ")
      .find((d) => d.startsWith("connect-src "));
    expect(connect).toContain(` http://${storage.host}`);
    expect(connect).toContain(" https://*.googleapis.com");
  });

  it("uploads artwork with Firebase's resumable upload through a dropped chunk, registers it, preflights and serves it", async () => {
    // A card without bleed, padded past one 256 KiB chunk with PDF comments (so the resumable protocol runs).
    const card = await testPdf({ page: [3.75, 2.25] });
    const pdf = Buffer.concat([card, Buffer.from(`%${"padding ".repeat(9)}\n`.repeat(5000))]);
    expect(pdf.length).toBeGreaterThan(300 * 1024);
    storage.failUploadAt(256 * 1024 + 1);
    const sent = storage.requests.length;
    const { done, progress } = upload(
      csr,
      new File([new Uint8Array(pdf)], "card-front.pdf", { type: "application/pdf" }),
    );
    const fileId = await done;
    const commands = storage.requests.slice(sent).map((r) => r.command);
    expect(commands[0]).toBe("start");
    // The dropped chunk is followed by a query for the offset Storage holds, then the rest.
    const queried = commands.indexOf("query");
    expect(queried).toBeGreaterThan(1);
    expect(commands.slice(queried + 1).some((c) => c.includes("finalize"))).toBe(true);
    expect(progress.at(-1)).toBe(100);
    const row = await storedOf(fileId);
    expect(row).toMatchObject({
      kind: "artwork",
      bucket: "shop",
      name: "card-front.pdf",
      content_type: "application/pdf",
      size: pdf.length,
      order_id: order.id,
      order_item_id: null,
    });
    // The object sits in the shop bucket under the caller's tenant and the order.
    const stored = storage.requests.slice(sent).find((r) => r.command === "start")?.path;
    expect(stored).toBe(`/v0/b/${BUCKETS.shop}/o`);
    const got = await download(fileId);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(pdf)).toBe(true);
    // Preflight read the object from Firebase Storage: real checks, not "could not finish".
    let checked: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && !checked?.preflight_result; i++) {
      await new Promise((r) => setTimeout(r, 100));
      checked = await storedOf(fileId);
    }
    expect(checked?.preflight_result).toBe("fail");
    expect(checked?.preflight).toContainEqual({
      check: "bleed",
      result: "fail",
      message: "No bleed: the artwork stops at the trim. Extend it 0.125 in past each edge.",
    });
  });

  it("pauses and resumes an upload, and takes a small proof in one chunk", async () => {
    const data = bytes(900 * 1024, 5);
    let control: UploadControl | null = null;
    let paused = false;
    const { done, progress } = upload(csr, new File([data], "big-art.pdf", { type: "application/pdf" }), {
      onControl: (c) => {
        control = c;
      },
      onProgress: (p) => {
        progress.push(p);
        if (!paused && p > 0 && p < 100 && control) {
          paused = true;
          control.pause();
          setTimeout(() => control?.resume(), 300);
        }
      },
    });
    const fileId = await done;
    expect(paused).toBe(true);
    expect(control).toBeNull(); // ended
    expect((await download(fileId)).bytes.equals(data)).toBe(true);

    const proof = bytes(10_000, 3);
    const small = uploadThroughFirebase(
      {
        file: new File([proof], "proof-v1.png", { type: "image/png" }),
        orderId: order.id,
        kind: "proof",
        itemId: order.items[0].id,
        onProgress: () => {},
      },
      appApi(admin),
      firebaseTarget(),
    );
    const proofId = await small;
    expect(await storedOf(proofId)).toMatchObject({
      bucket: "proofs",
      content_type: "image/png",
      size: 10_000,
    });
    expect((await download(proofId)).bytes.equals(proof)).toBe(true);
  });

  it("resumes an upload interrupted by a reload where Storage stopped, through the session kept for the order and file", async () => {
    const data = bytes(1024 * 1024, 13); // four chunks of 256 KiB
    const file = () =>
      new File([data], "reloaded-art.pdf", { type: "application/pdf", lastModified: 1_700_000_000_000 });
    const before = storage.requests.length;
    // The first page sends half, then is reloaded: its upload never goes on (paused for good).
    let first: UploadControl | null = null;
    void upload(csr, file(), {
      onControl: (c) => {
        if (c) first = c;
      },
      onProgress: (p) => {
        if (p >= 50) first?.pause();
      },
    }).done;
    for (let i = 0; i < 100 && sessions.size === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const [[key, value]] = [...sessions];
    expect(key).toContain(`.${order.id}.artwork.`);
    const kept = JSON.parse(value) as { url: string; path: string };
    let received = 0;
    for (let i = 0; i < 200 && received < 512 * 1024; i++) {
      await new Promise((r) => setTimeout(r, 20));
      received = storage.requests
        .slice(before)
        .reduce((n, r) => n + (r.command === "upload" ? r.bytes : 0), 0);
    }
    expect(received).toBe(512 * 1024);
    await new Promise((r) => setTimeout(r, 100)); // the first page sends nothing more

    // The new page: the same file chosen again finds the kept session, asks Storage where it stopped, sends the rest.
    const reloaded = storage.requests.length;
    const progress: number[] = [];
    const fileId = await upload(csr, file(), { onProgress: (p) => progress.push(p) }).done;
    // The page's requests to Storage (the server's own reads of the object, to register and preflight it, aside).
    const after = storage.requests.slice(reloaded).filter((r) => r.command !== "");
    expect(after.map((r) => r.command)).toEqual(["query", "upload", "upload, finalize"]);
    expect(after.every((r) => r.path === new URL(kept.url).pathname)).toBe(true);
    expect(after.slice(1).map((r) => Number(r.offset))).toEqual([512 * 1024, 768 * 1024]);
    expect(after.reduce((n, r) => n + r.bytes, 0)).toBe(512 * 1024);
    expect(progress[0]).toBe(50);
    expect(progress.at(-1)).toBe(100);
    expect(storage.requests.slice(before).filter((r) => r.command === "start")).toHaveLength(1);
    expect(await storedOf(fileId)).toMatchObject({ name: "reloaded-art.pdf", size: data.length });
    expect((await download(fileId)).bytes.equals(data)).toBe(true);
    expect(sessions.size).toBe(0); // registered: nothing left to resume

    // A kept session Storage no longer knows (expired, or of another bucket) is started afresh.
    sessions.set(
      key,
      JSON.stringify({ ...kept, url: `http://${storage.host}/upload/gone`, started: Date.now() }),
    );
    const again = storage.requests.length;
    const second = await upload(csr, file()).done;
    expect(
      storage.requests
        .slice(again)
        .map((r) => r.command)
        .filter(Boolean)
        .slice(0, 2),
    ).toEqual(["query", "start"]);
    expect((await download(second)).bytes.equals(data)).toBe(true);
  });

  const start = (token: string | null, extra: Record<string, unknown> = {}) =>
    call(token, "POST", "storage-uploads", {
      order_id: order.id,
      kind: "artwork",
      filename: "flyer.pdf",
      filetype: "application/pdf",
      size: 1000,
      ...extra,
    });
  /** An object put straight into the bucket (as a client could), then registered. */
  const register = async (
    token: string,
    object: { path?: string; size?: number; type?: string; put?: boolean } = {},
    extra: Record<string, unknown> = {},
  ) => {
    const handed = await start(csr);
    const at = object.path ?? String(handed.body.data.path);
    if (object.put !== false) {
      storage.put(BUCKETS.shop, at, bytes(object.size ?? 1000), object.type ?? "application/pdf");
    }
    return call(token, "POST", "storage-uploads/register", {
      path: at,
      order_id: order.id,
      kind: "artwork",
      filename: "flyer.pdf",
      ...extra,
    });
  };

  const refusals: [
    string,
    () => Promise<{ status: number; body: Record<string, unknown> }>,
    number,
    string,
  ][] = [
    ["start: no session", () => start(null), 401, ""],
    ["start: too large", () => start(csr, { size: MAX + 1 }), 413, "files may be at most 2.0 MB"],
    ["start: empty", () => start(csr, { size: 0 }), 400, "The file is empty"],
    [
      "start: a type we do not take",
      () => start(csr, { filename: "a.exe", filetype: "application/x-msdownload" }),
      400,
      "a.exe is not a file we take",
    ],
    ["start: an unknown kind", () => start(csr, { kind: "poster" }), 400, "Choose a kind"],
    ["start: another order's item", () => start(csr, { item_id: 999999 }), 400, "one of the order's items"],
    ["start: another tenant's order", () => start(csr, { order_id: otherOrder.id }), 404, ""],
    ["start: a reader who may not change the order", () => start(press), 403, ""],
    [
      "register: another tenant's path",
      () => register(csr, { path: `2/${order.id}/0b4e7a0e-5b1a-4b5c-9a3f-7c1d2e3f4a5b` }),
      400,
      "not handed out for this order",
    ],
    [
      "register: another order's path",
      () => register(csr, { path: `1/${order.id + 1}/0b4e7a0e-5b1a-4b5c-9a3f-7c1d2e3f4a5b` }),
      400,
      "not handed out for this order",
    ],
    [
      "register: a path outside the folders",
      () => register(csr, { path: "../etc/passwd" }),
      400,
      "not handed out",
    ],
    [
      "register: nothing uploaded",
      () => register(csr, { put: false }),
      400,
      "Nothing was uploaded at this path",
    ],
    [
      "register: a stored object over the limit",
      () => register(csr, { size: MAX + 10 }),
      413,
      "files may be at most 2.0 MB",
    ],
    [
      "register: a stored object of another type",
      () => register(csr, { type: "text/html" }),
      400,
      "The stored file is text/html",
    ],
    ["register: an empty object", () => register(csr, { size: 0 }), 400, "The file is empty"],
    ["register: a reader who may not change the order", () => register(press), 403, ""],
    ["register: another tenant", () => register(other), 400, "not handed out for this order"],
  ];
  it.each(refusals)("refuses %s", async (_name, send, status, message) => {
    const res = await send();
    expect(res.status).toBe(status);
    if (message) expect([res.body.message, serverSentence(res.body)].join(" | ")).toContain(message);
  });

  it.each([
    ["over the limit", MAX + 10, "application/pdf", 413],
    ["of another type", 1000, "text/html", 400],
  ] as const)("deletes a stored object it refuses to register: %s", async (_name, size, type, status) => {
    const handed = await start(csr);
    const at = String(handed.body.data.path);
    storage.put(BUCKETS.shop, at, bytes(size), type);
    const res = await call(csr, "POST", "storage-uploads/register", {
      path: at,
      order_id: order.id,
      kind: "artwork",
      filename: "flyer.pdf",
    });
    expect(res.status).toBe(status);
    expect(storage.object(BUCKETS.shop, at)).toBeNull();
    expect(storage.requests.at(-1)).toMatchObject({ method: "DELETE", authorization: "Bearer owner" });
  });

  it("keeps a saved tool job's artwork uploaded to Firebase, for its owner only", async () => {
    const draft = (await call(csr, "POST", "mail-tools/drafts", { tool: "postcard", step: 1, state: {} }))
      .body.data as { id: number };
    const owner = { draft_id: draft.id, side: "front" };
    const announce = { kind: "artwork", filename: "front.pdf", filetype: "application/pdf", size: 1000 };
    // Another person's job is not theirs to upload to.
    expect((await call(admin, "POST", "storage-uploads", { ...owner, ...announce })).status).toBe(404);
    const handed = await call(csr, "POST", "storage-uploads", { ...owner, ...announce });
    expect(handed.status).toBe(200);
    const at = String(handed.body.data.path);
    expect(at).toMatch(new RegExp(`^1/d${draft.id}/`));
    storage.put(BUCKETS.shop, at, bytes(1000), "application/pdf");
    const registered = await call(csr, "POST", "storage-uploads/register", {
      path: at,
      ...owner,
      kind: "artwork",
      filename: "front.pdf",
    });
    expect(registered.status).toBe(201);
    const resumed = await call(csr, "GET", `mail-tools/drafts/${draft.id}`);
    expect(
      (resumed.body.data.files as { side: string; name: string; size: number }[]).map((f) => [
        f.side,
        f.name,
        f.size,
      ]),
    ).toEqual([["front", "front.pdf", 1000]]);
  });

  it("registers an upload once, and the embedded store's server refuses Firebase uploads (and Firebase's, tus)", async () => {
    const handed = await start(csr);
    const at = String(handed.body.data.path);
    expect(at).toMatch(new RegExp(`^1/${order.id}/[0-9a-f-]{36}$`));
    expect(handed.body.data.bucket).toBe(BUCKETS.shop);
    storage.put(BUCKETS.shop, at, bytes(2000), "application/pdf");
    const body = { path: at, order_id: order.id, kind: "other", filename: "notes.pdf" };
    const first = await call(csr, "POST", "storage-uploads/register", body);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ kind: "other", size: 2000, preflight: null });
    expect(first.body.data.storage_key).toBeUndefined();
    const again = await call(csr, "POST", "storage-uploads/register", body);
    expect(again.status).toBe(409);
    // Not even a registration the stored object would fail (another name's type) touches a registered object.
    const renamed = { ...body, filename: "notes.exe", filetype: "application/pdf" };
    storage.put(BUCKETS.shop, at, bytes(2000), "application/octet-stream");
    expect((await call(csr, "POST", "storage-uploads/register", renamed)).status).toBe(409);
    expect(storage.object(BUCKETS.shop, at)).not.toBeNull();
    const onEmbedded = await embedded.inject({
      method: "POST",
      url: "/api/v1/storage-uploads",
      headers: { authorization: `Bearer ${csr}` },
      payload: { order_id: order.id, kind: "artwork", filename: "a.pdf", size: 10 },
    });
    expect(onEmbedded.statusCode).toBe(409);
    expect(onEmbedded.json().message).toContain("keeps files in its own store");
    const tus = await fetch(`${base}/uploads/shop`, {
      method: "POST",
      headers: { authorization: `Bearer ${csr}`, "tus-resumable": "1.0.0", "upload-length": "10" },
    });
    expect(tus.status).toBe(409);
  });

  it("a server set to Firebase without its buckets or project does not start", () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ FILE_STORAGE: "firebase", ...env });
        return "started";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused({})).toContain(
      "FILE_STORAGE=firebase needs FIREBASE_SHOP_FILES_BUCKET, FIREBASE_CUSTOMER_PROOFS_BUCKET, FIREBASE_SERVICE_ACCOUNT",
    );
    const buckets = { FIREBASE_SHOP_FILES_BUCKET: "gs://a", FIREBASE_CUSTOMER_PROOFS_BUCKET: "b" };
    expect(refused({ ...buckets, FIREBASE_STORAGE_EMULATOR_HOST: "127.0.0.1:9199" })).toContain(
      "needs FIREBASE_SERVICE_ACCOUNT (or FIREBASE_STORAGE_EMULATOR_HOST and FIREBASE_PROJECT_ID)",
    );
    const config = loadConfig({
      ...buckets,
      FILE_STORAGE: "firebase",
      FIREBASE_STORAGE_EMULATOR_HOST: "127.0.0.1:9199",
      FIREBASE_PROJECT_ID: "demo-x",
    }) as Config;
    expect(config.fileStorage).toEqual({
      provider: "firebase",
      projectId: "demo-x",
      buckets: { shop: "a", proofs: "b" },
      emulatorHost: "127.0.0.1:9199",
      serviceAccount: undefined,
    });
    expect(loadConfig({}).fileStorage).toEqual({ provider: "embedded" });
  });
});
