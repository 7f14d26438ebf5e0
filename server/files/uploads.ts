import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { FileStore } from "@tus/file-store";
import { Server as TusServer } from "@tus/server";
import { Metadata, type Upload } from "@tus/utils";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  ARTWORK_SIDES,
  type ArtworkSide,
  type Bucket,
  bucketOf,
  FILE_KINDS,
  FILE_TYPES,
  type FileKind,
  fileTypeOf,
  TOOL_ARTWORK_TYPES,
} from "../../src/custom/orders/file-kinds";
import { getAuth, requireAuth } from "../auth/authenticate";
import { order_files } from "../db/schema";
import { fieldError, HttpError, notFound, validationFailed } from "../http/errors";
import { recordDraftFile, requireDraftFor } from "../mail-tools/draft-files";
import { modelIn } from "../orders/order-state";
import { requireOrder } from "../orders/route-helpers";
import { queuePreflight } from "../preflight/runner";
import type { ResourceRegistry } from "../resources/model";
import { bucketDir } from "./embedded-storage";
import { storedFileColumns } from "./stored-file-columns";
import { queueThumbnail, takesThumbnail } from "./thumbnails";

// Resumable uploads into the embedded file store (the tus protocol, @tus/server and its file store):
//   POST   /uploads/{shop|proofs}        create (Upload-Length, Upload-Metadata: order_id, kind, filename, filetype[, item_id];
//                                        or draft_id and side instead of order_id: artwork of a saved postcard or
//                                        letter tool job, which has no order yet: server/mail-tools/draft-files.ts)
//   HEAD   /uploads/{bucket}/{upload}    the offset reached, to resume after an interruption
//   PATCH  /uploads/{bucket}/{upload}    the next bytes, streamed to disk (never held whole)
//   DELETE /uploads/{bucket}/{upload}    abandon an unfinished upload
// Fastify checks the caller first (session, Order Update on the order or the caller's own saved job, tenant,
// size and type, with the contract's JSON errors); tus then works on the raw request. The finished file
// becomes an order_files row (or the saved job's file) in onUploadFinish.

/** The caller of the request tus is working on (its hooks see a web Request, not Fastify's). */
const caller = new AsyncLocalStorage<{ tenantId: number; userId: number }>();
const UPLOAD_ID = /^t(\d+)-[0-9a-f-]{36}$/;

/** An upload's announced file, checked: size (413 over the limit), kind and its bucket, name, type, order, item. */
export interface UploadAnnouncement {
  size: number;
  kind: FileKind;
  name: string;
  type: string;
  orderId: number;
  itemId: number | null;
  /** A saved tool job's artwork (orderId 0): the job and the side. */
  draft: { id: number; side: ArtworkSide } | null;
}

/** What a client announces, as text (tus metadata) or JSON; throws the contract's 400/413. */
export function checkAnnouncement(
  /** size, kind, filename, filetype, order_id, item_id (or draft_id, side) */
  raw: Record<string, unknown>,
  bucket: Bucket | null,
  maxBytes: number,
  sizeField = "size",
): UploadAnnouncement {
  const sizeText = String(raw.size ?? "");
  if (!/^\d{1,15}$/.test(sizeText)) throw fieldError(sizeField, "Send the file's size in bytes");
  const size = Number(sizeText);
  if (size > maxBytes) {
    throw new HttpError(413, `The file is ${mb(size)}; files may be at most ${mb(maxBytes)}`);
  }
  if (size === 0) throw fieldError("file", "The file is empty");
  const errors: { field: string; message: string }[] = [];
  const kind = raw.kind as FileKind;
  if (!FILE_KINDS.includes(kind))
    errors.push({ field: "kind", message: `Choose a kind: ${FILE_KINDS.join(", ")}` });
  else if (bucket && bucketOf(kind) !== bucket) {
    errors.push({ field: "kind", message: `A ${kind} file goes to the ${bucketOf(kind)} bucket` });
  }
  const name = typeof raw.filename === "string" ? raw.filename.trim() : "";
  if (!name || name.length > 255)
    errors.push({ field: "filename", message: "Name the file (at most 255 characters)" });
  const declared = typeof raw.filetype === "string" && raw.filetype ? raw.filetype : undefined;
  const type = name ? fileTypeOf(name, declared) : undefined;
  if (name && !type) {
    errors.push({
      field: "filetype",
      message: `${name} is not a file we take: send ${Object.values(FILE_TYPES).join(", ")}`,
    });
  }
  const draft = raw.draft_id === undefined || raw.draft_id === null ? null : draftOf(raw, errors);
  if (draft && kind === "artwork" && type && !(TOOL_ARTWORK_TYPES as readonly string[]).includes(type)) {
    errors.push({ field: "filetype", message: `${name} is not printable artwork: send a PDF, PNG or JPEG` });
  }
  const orderText = String(raw.order_id ?? "");
  const orderId = /^\d{1,10}$/.test(orderText) ? Number(orderText) : 0;
  if (!orderId && !draft) errors.push({ field: "order_id", message: "Say which order the file belongs to" });
  const itemText = raw.item_id === null || raw.item_id === undefined ? "" : String(raw.item_id);
  const itemId = itemText ? (/^\d{1,10}$/.test(itemText) ? Number(itemText) : -1) : null;
  if (itemId === -1) errors.push({ field: "item_id", message: "The item must be one of the order's items" });
  if (errors.length > 0) throw validationFailed(errors);
  return { size, kind, name, type: type as string, orderId: draft ? 0 : orderId, itemId, draft };
}

/** A saved job's artwork: its id, the side, and artwork as the kind. */
function draftOf(raw: Record<string, unknown>, errors: { field: string; message: string }[]) {
  const text = String(raw.draft_id);
  const id = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  if (!id) errors.push({ field: "draft_id", message: "Say which saved job the artwork belongs to" });
  const side = raw.side as ArtworkSide;
  if (!ARTWORK_SIDES.includes(side)) errors.push({ field: "side", message: "Say which side: front or back" });
  if (raw.kind !== "artwork") errors.push({ field: "kind", message: "A saved job takes artwork files only" });
  if (raw.item_id !== undefined && raw.item_id !== null) {
    errors.push({ field: "item_id", message: "A saved job has no items yet" });
  }
  return { id, side };
}

/** Order Update on the upload's order (and its item), or the caller's own saved job. */
export async function requireUploadOwner(
  app: FastifyInstance,
  request: FastifyRequest,
  registry: ResourceRegistry,
  upload: Pick<UploadAnnouncement, "orderId" | "itemId" | "draft">,
) {
  const auth = getAuth(request);
  if (upload.draft) {
    await requireDraftFor(
      app.db,
      { tenantId: auth.tenantId, userId: auth.user.id },
      upload.draft.id,
      upload.draft.side,
    );
    return;
  }
  await requireOrder(app, request, registry, "Update", upload.orderId);
  if (upload.itemId !== null) await requireItem(app, registry, auth.tenantId, upload);
}

/** Reads the tus POST's headers into a checked upload, or throws the contract's 400/413. */
function checkCreation(request: FastifyRequest, bucket: Bucket, maxBytes: number) {
  const lengthHeader = request.headers["upload-length"];
  if (typeof lengthHeader !== "string" || !/^\d{1,15}$/.test(lengthHeader)) {
    throw fieldError("Upload-Length", "Send the file's size in bytes (the Upload-Length header)");
  }
  let meta: Record<string, string | null>;
  try {
    meta = Metadata.parse(String(request.headers["upload-metadata"] ?? ""));
  } catch {
    throw fieldError("Upload-Metadata", "The upload's metadata is not in the tus format");
  }
  return checkAnnouncement({ ...meta, size: lengthHeader }, bucket, maxBytes, "Upload-Length");
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
        try {
          const { id } = await recordUpload(app, registry, finishedTus(bucket, upload));
          return { headers: { "Pressroom-File-Id": String(id) } };
        } catch (error) {
          // tus answers what its hooks throw in its own shape; our refusals keep their status and sentence.
          if (error instanceof HttpError) throw { status_code: error.statusCode, body: `${error.message}\n` };
          throw error;
        }
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
    if (app.config.fileStorage.provider !== "embedded") {
      throw new HttpError(
        409,
        "Files go to Firebase Storage on this server: reload the page to upload there (POST /storage-uploads)",
      );
    }
    await requireUploadOwner(app, request, registry, checkCreation(request, bucket, maxUploadBytes));
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
      const meta = existing.metadata ?? {};
      await requireUploadOwner(app, request, registry, {
        orderId: Number(meta.order_id),
        itemId: null,
        draft: meta.draft_id ? { id: Number(meta.draft_id), side: meta.side as ArtworkSide } : null,
      });
      await handOver(request, reply, tus);
    },
  });
}

function ownerOf(): { tenantId: number; userId: number } {
  const owner = caller.getStore();
  if (!owner) throw { status_code: 401, body: "Sign in first\n" };
  return owner;
}

export async function requireItem(
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

/** A finished file of an order (or of a saved tool job), wherever it is stored. */
export interface FinishedFile {
  tenantId: number;
  userId: number;
  orderId: number;
  draft?: { id: number; side: ArtworkSide } | null;
  itemId: number | null;
  kind: FileKind;
  bucket: Bucket;
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** A finished upload's row: the saved job's file, or the order's (recordOrderFile). */
export function recordUpload(app: FastifyInstance, registry: ResourceRegistry, file: FinishedFile) {
  if (!file.draft) return recordOrderFile(app, registry, file);
  return recordDraftFile(app, { ...file, draftId: file.draft.id, side: file.draft.side });
}

/** The order_files row of a finished upload; artwork and print-ready files are queued for preflight. */
export async function recordOrderFile(app: FastifyInstance, registry: ResourceRegistry, file: FinishedFile) {
  const checked = PREFLIGHTED.includes(file.kind);
  const [row] = await app.db
    .insert(order_files)
    .values({
      ...storedFileColumns(file),
      order_id: file.orderId,
      order_item_id: file.itemId,
      kind: file.kind,
      // Checking: no result yet (runner.ts).
      preflight: checked ? [] : null,
    })
    .returning();
  // The thumbnail, then preflight, run after the upload is acknowledged (server/files/file-queue.ts).
  if (takesThumbnail(file.contentType, file.size)) void queueThumbnail(app, file.tenantId, row.id);
  if (checked) void queuePreflight(app, registry, file.tenantId, row.id);
  return row;
}

function finishedTus(bucket: Bucket, upload: Upload): FinishedFile {
  const meta = upload.metadata ?? {};
  const name = String(meta.filename ?? "file").trim();
  return {
    tenantId: Number(meta.tenant_id),
    userId: Number(meta.user_id),
    orderId: Number(meta.order_id),
    itemId: meta.item_id ? Number(meta.item_id) : null,
    draft: meta.draft_id ? { id: Number(meta.draft_id), side: meta.side as ArtworkSide } : null,
    kind: String(meta.kind) as FileKind,
    bucket,
    key: upload.id,
    name,
    contentType: fileTypeOf(name, meta.filetype ?? undefined) ?? "application/octet-stream",
    size: upload.size ?? upload.offset,
  };
}
