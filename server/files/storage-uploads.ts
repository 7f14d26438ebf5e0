import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { bucketOf, FILE_TYPES } from "../../src/custom/orders/file-kinds";
import { getAuth, requireAuth } from "../auth/authenticate";
import { mail_tool_draft_files, order_files } from "../db/schema";
import { fieldError, HttpError } from "../http/errors";
import { parseBody } from "../orders/route-helpers";
import type { ResourceRegistry } from "../resources/model";
import { fileStorageOf } from "./storage";
import { checkAnnouncement, recordUpload, requireUploadOwner, type UploadAnnouncement } from "./uploads";

/** The path's second part: the order's id, or d and the saved job's id. */
const ownerPart = (upload: Pick<UploadAnnouncement, "orderId" | "draft">) =>
  upload.draft ? `d${upload.draft.id}` : String(upload.orderId);

// Uploads into Firebase Storage (FILE_STORAGE=firebase): the app sends the bytes itself with
// Firebase's resumable upload; the server hands out where and registers what arrived.
//   GET  /files/storage                 { provider: "embedded" | "firebase", emulator_host? }: how the app uploads
//   POST /storage-uploads               { order_id, kind, filename, filetype, size[, item_id] } → { bucket, path }:
//        the same checks as a tus creation (Order Update, tenant, item, 413/400), and a path of the caller's
//        tenant and the order ({tenant}/{order}/{uuid}) that the bucket's rules let the signed-in user write
//   POST /storage-uploads/register      { path, order_id, kind, filename[, item_id] } → 201 the order file:
//        the object's own size and type (its metadata in Storage) checked again (a refused object is deleted),
//        the row made, preflight queued
// Both take draft_id and side instead of order_id for a saved postcard or letter tool job's artwork (its path
// {tenant}/d{draft}/{uuid}; the file kept with the job until its order is made: server/mail-tools/draft-files.ts).

const PATH = /^(\d{1,10})\/(d?\d{1,10})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const registration = z
  .object({
    path: z.string({ error: "Send the path the upload was given" }).max(200),
    order_id: z.unknown().optional(),
    kind: z.unknown().optional(),
    filename: z.unknown().optional(),
    filetype: z.unknown().optional(),
    item_id: z.unknown().optional(),
    draft_id: z.unknown().optional(),
    side: z.unknown().optional(),
  })
  .strict();

export async function storageUploadRoutes(app: FastifyInstance, options: { registry: ResourceRegistry }) {
  const { registry } = options;
  const { maxUploadBytes, fileStorage: setting } = app.config;
  const hidden = { schema: { hide: true } };
  const requireFirebase = () => {
    if (setting.provider !== "firebase") {
      throw new HttpError(
        409,
        "This server keeps files in its own store: upload through /uploads/{bucket} (the tus protocol)",
      );
    }
    return setting;
  };

  app.get("/files/storage", { onRequest: requireAuth, ...hidden }, async () => ({
    data:
      setting.provider === "firebase"
        ? { provider: "firebase", ...(setting.emulatorHost ? { emulator_host: setting.emulatorHost } : {}) }
        : { provider: "embedded" },
  }));

  app.post("/storage-uploads", { onRequest: requireAuth, ...hidden }, async (request) => {
    const firebase = requireFirebase();
    const body =
      request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
    const upload = checkAnnouncement(body, null, maxUploadBytes);
    const { tenantId } = getAuth(request);
    await requireUploadOwner(app, request, registry, upload);
    return {
      data: {
        bucket: firebase.buckets[bucketOf(upload.kind)],
        path: `${tenantId}/${ownerPart(upload)}/${randomUUID()}`,
        content_type: upload.type,
      },
    };
  });

  app.post("/storage-uploads/register", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    requireFirebase();
    const body = parseBody(registration, request.body);
    const { tenantId, user } = getAuth(request);
    const match = PATH.exec(body.path);
    // The kind, name, item or saved job as announced; the size and type are the stored object's own.
    const announced = checkAnnouncement({ ...body, size: 1 }, null, maxUploadBytes);
    if (!match || Number(match[1]) !== tenantId || match[2] !== ownerPart(announced)) {
      throw fieldError("path", "This path was not handed out for this order: start the upload again");
    }
    await requireUploadOwner(app, request, registry, announced);
    const { kind } = announced;
    const bucket = bucketOf(kind);
    const stored = await fileStorageOf(app.config)
      .stat(bucket, body.path)
      .catch((error: unknown) => {
        request.log.error({ err: error }, "Firebase Storage could not be read");
        throw new HttpError(502, "Firebase Storage did not answer: try registering the file again shortly");
      });
    if (!stored) throw fieldError("path", "Nothing was uploaded at this path: upload the file first");
    // Before any refusal below, which deletes the object: a registered one is never touched again.
    const [taken] = await app.db
      .select({ id: order_files.id })
      .from(order_files)
      .where(and(eq(order_files.bucket, bucket), eq(order_files.storage_key, body.path)));
    const [kept] = await app.db
      .select({ id: mail_tool_draft_files.id })
      .from(mail_tool_draft_files)
      .where(and(eq(mail_tool_draft_files.bucket, bucket), eq(mail_tool_draft_files.storage_key, body.path)));
    if (taken || kept) {
      throw new HttpError(409, "This upload is already on the order: refresh the files to see it");
    }
    const store = fileStorageOf(app.config);
    let upload: ReturnType<typeof checkAnnouncement>;
    try {
      const declared = stored.contentType in FILE_TYPES ? stored.contentType : undefined;
      if (!declared && stored.contentType !== "application/octet-stream") {
        throw fieldError(
          "filetype",
          `The stored file is ${stored.contentType}: send ${Object.values(FILE_TYPES).join(", ")}`,
        );
      }
      upload = checkAnnouncement(
        { ...body, filetype: declared, size: String(stored.size) },
        null,
        maxUploadBytes,
      );
    } catch (refusal) {
      // A stored object the order will never have (too large, empty, of another type) is not kept in the bucket.
      await store.remove(bucket, body.path).catch((error: unknown) => {
        request.log.warn(
          { err: error, path: body.path },
          "A refused upload could not be deleted from Storage",
        );
      });
      throw refusal;
    }
    const row = await recordUpload(app, registry, {
      tenantId,
      userId: user.id,
      orderId: upload.orderId,
      draft: upload.draft,
      itemId: upload.itemId,
      kind,
      bucket,
      key: body.path,
      name: upload.name,
      contentType: upload.type,
      size: upload.size,
    });
    return reply.code(201).send({ data: { ...row, storage_key: undefined, thumbnail_key: undefined } });
  });
}
