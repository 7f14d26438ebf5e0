import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server as TusServer } from "@tus/server";
import { Metadata, type Upload } from "@tus/utils";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type Bucket,
  bucketOf,
  FILE_KINDS,
  FILE_TYPES,
  type FileKind,
  fileTypeOf,
} from "../../src/custom/orders/file-kinds";
import { getAuth, requireAuth } from "../auth/authenticate";
import { order_files } from "../db/schema";
import { fieldError, HttpError, notFound, validationFailed } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { requireOrder } from "../orders/route-helpers";
import { queuePreflight } from "../preflight/runner";
import type { ResourceRegistry } from "../resources/model";

// Resumable uploads into the embedded file store (the tus protocol, @tus/server and its file store):
//   POST   /uploads/{shop|proofs}        create (Upload-Length, Upload-Metadata: order_id, kind, filename, filetype[, item_id])
//   HEAD   /uploads/{bucket}/{upload}    the offset reached, to resume after an interruption
//   PATCH  /uploads/{bucket}/{upload}    the next bytes, streamed to disk (never held whole)
//   DELETE /uploads/{bucket}/{upload}    abandon an unfinished upload
// Fastify checks the caller first (session, Order Update on the order, tenant, size and type, with
// the contract's JSON errors); tus then works on the raw request. The finished file becomes an
// order_files row in onUploadFinish.

/** The caller of the request tus is working on (its hooks see a web Request, not Fastify's). */
const caller = new AsyncLocalStorage<{ tenantId: number; userId: number }>();
const UPLOAD_ID = /^t(\d+)-[0-9a-f-]{36}$/;

export function bucketDir(filesDir: string, bucket: Bucket): string {
  return path.join(filesDir, bucket);
}

/** Reads the POST's metadata into a checked upload request, or throws the contract's 400/413. */
function checkCreation(request: FastifyRequest, bucket: Bucket, maxBytes: number) {
  const lengthHeader = request.headers["upload-length"];
  if (typeof lengthHeader !== "string" || !/^\d{1,15}$/.test(lengthHeader)) {
    throw fieldError("Upload-Length", "Send the file's size in bytes (the Upload-Length header)");
  }
  const size = Number(lengthHeader);
  if (size > maxBytes) {
    throw new HttpError(413, `The file is ${mb(size)}; files may be at most ${mb(maxBytes)}`);
  }
  if (size === 0) throw fieldError("file", "The file is empty");
  let meta: Record<string, string | null>;
  try {
    meta = Metadata.parse(String(request.headers["upload-metadata"] ?? ""));
  } catch {
    throw fieldError("Upload-Metadata", "The upload's metadata is not in the tus format");
  }
  const errors: { field: string; message: string }[] = [];
  const kind = meta.kind as FileKind;
  if (!FILE_KINDS.includes(kind))
    errors.push({ field: "kind", message: `Choose a kind: ${FILE_KINDS.join(", ")}` });
  else if (bucketOf(kind) !== bucket) {
    errors.push({ field: "kind", message: `A ${kind} file goes to the ${bucketOf(kind)} bucket` });
  }
  const name = (meta.filename ?? "").trim();
  if (!name || name.length > 255)
    errors.push({ field: "filename", message: "Name the file (at most 255 characters)" });
  const type = name ? fileTypeOf(name, meta.filetype ?? undefined) : undefined;
  if (name && !type) {
    errors.push({
      field: "filetype",
      message: `${name} is not a file we take: send ${Object.values(FILE_TYPES).join(", ")}`,
    });
  }
  const orderId = /^\d{1,10}$/.test(meta.order_id ?? "") ? Number(meta.order_id) : 0;
  if (!orderId) errors.push({ field: "order_id", message: "Say which order the file belongs to" });
  const itemId = meta.item_id ? (/^\d{1,10}$/.test(meta.item_id) ? Number(meta.item_id) : -1) : null;
  if (itemId === -1) errors.push({ field: "item_id", message: "The item must be one of the order's items" });
  if (errors.length > 0) throw validationFailed(errors);
  return { size, kind, name, type: type as string, orderId, itemId };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

export async function uploadRoutes(app: FastifyInstance, options: { registry: ResourceRegistry }) {
  const { registry } = options;
  const { filesDir, maxUploadBytes } = app.config;
  // tus bodies are streamed to the store as they come: no parser reads them.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) =>
    done(null, undefined),
  );

  const servers = new Map<Bucket, { tus: TusServer; store: FileStore }>();
  for (const bucket of ["shop", "proofs"] as const) {
    const store = new FileStore({ directory: bucketDir(filesDir, bucket) });
    const tus = new TusServer({
      path: `${app.prefix}/uploads/${bucket}`,
      datastore: store,
      maxSize: maxUploadBytes,
      relativeLocation: true,
      disableTerminationForFinishedUploads: true,
      namingFunction: () => `t${ownerOf().tenantId}-${randomUUID()}`,
      onUploadCreate: async (_req, upload) => {
        const owner = ownerOf();
        return {
          metadata: { ...upload.metadata, tenant_id: String(owner.tenantId), user_id: String(owner.userId) },
        };
      },
      onUploadFinish: async (_req, upload) => {
        const { id, checked } = await recordFile(app, bucket, upload);
        // Preflight runs after the upload is acknowledged (server/preflight/runner.ts).
        if (checked) void queuePreflight(app, registry, Number(upload.metadata?.tenant_id), id);
        return { headers: { "Pressroom-File-Id": String(id) } };
      },
    });
    servers.set(bucket, { tus, store });
  }

  const serverOf = (request: FastifyRequest) => {
    const bucket = (request.params as { bucket: string }).bucket;
    const found = servers.get(bucket as Bucket);
    if (!found) throw notFound();
    return { bucket: bucket as Bucket, ...found };
  };
  const handOver = async (request: FastifyRequest, reply: FastifyReply, tus: TusServer) => {
    const auth = getAuth(request);
    reply.hijack();
    await caller.run({ tenantId: auth.tenantId, userId: auth.user.id }, () =>
      tus.handle(request.raw, reply.raw),
    );
  };
  const hidden = { schema: { hide: true } };

  app.post("/uploads/:bucket", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const { bucket, tus } = serverOf(request);
    const upload = checkCreation(request, bucket, maxUploadBytes);
    await requireOrder(app, request, registry, "Update", upload.orderId);
    if (upload.itemId !== null) await requireItem(app, registry, getAuth(request).tenantId, upload);
    await handOver(request, reply, tus);
  });

  app.route({
    method: ["HEAD", "PATCH", "DELETE"],
    url: "/uploads/:bucket/:upload",
    onRequest: requireAuth,
    ...hidden,
    handler: async (request, reply) => {
      const { tus, store } = serverOf(request);
      const uploadId = (request.params as { upload: string }).upload;
      const match = UPLOAD_ID.exec(uploadId);
      if (!match || Number(match[1]) !== getAuth(request).tenantId) throw notFound();
      const existing = await store.getUpload(uploadId).catch(() => null);
      if (!existing) throw notFound();
      await requireOrder(app, request, registry, "Update", Number(existing.metadata?.order_id));
      await handOver(request, reply, tus);
    },
  });
}

function ownerOf(): { tenantId: number; userId: number } {
  const owner = caller.getStore();
  if (!owner) throw { status_code: 401, body: "Sign in first\n" };
  return owner;
}

async function requireItem(
  app: FastifyInstance,
  registry: ResourceRegistry,
  tenantId: number,
  upload: { orderId: number; itemId: number | null },
) {
  const items = modelIn(registry, "Order").children.find((c) => c.name === "items")?.table.table;
  if (!items || upload.itemId === null) return;
  const [row] = await app.db
    .select({ id: items.id })
    .from(items)
    .where(
      and(eq(items.tenant_id, tenantId), eq(items.parent_id, upload.orderId), eq(items.id, upload.itemId)),
    );
  if (!row) throw fieldError("item_id", "The item must be one of the order's items");
}

/** Artwork and print-ready files are preflighted when they arrive. */
export const PREFLIGHTED: readonly FileKind[] = ["artwork", "print_ready"];

async function recordFile(app: FastifyInstance, bucket: Bucket, upload: Upload) {
  const meta = upload.metadata ?? {};
  const name = String(meta.filename ?? "file").trim();
  const checked = PREFLIGHTED.includes(String(meta.kind) as FileKind);
  const [row] = await app.db
    .insert(order_files)
    .values({
      tenant_id: Number(meta.tenant_id),
      order_id: Number(meta.order_id),
      order_item_id: meta.item_id ? Number(meta.item_id) : null,
      kind: String(meta.kind),
      bucket,
      storage_key: upload.id,
      name,
      content_type: fileTypeOf(name, meta.filetype ?? undefined) ?? "application/octet-stream",
      size: upload.size ?? upload.offset,
      uploaded_by: Number(meta.user_id),
      // Checking: no result yet (runner.ts).
      preflight: checked ? [] : null,
    })
    .returning({ id: order_files.id });
  return { id: row.id, checked };
}
