import type { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Bucket } from "../../src/custom/orders/file-kinds";
import { order_files } from "../db/schema";
import { sniffType, THUMBNAIL_TYPES, type Thumbnail, thumbnailOf } from "../images/thumbnail";
import { queueFileJob } from "./file-queue";
import { fileStorageOf } from "./storage";

// An order file's thumbnail (issue 19: "artwork and proof files with thumbnails"): a PDF's first page, a
// PNG or a JPEG drawn at ORDER_THUMBNAIL_PX on its longer side (twice the 48-64 px the pages show it at,
// for sharp screens), made after the upload is acknowledged in the file jobs' queue, stored in the
// shop-files bucket beside the file's key, and its key put on the order_files row. A file that cannot be
// drawn (a damaged PDF) simply has none, and the pages show a file icon: the upload stands either way.

export const ORDER_THUMBNAIL_PX = 128;
/**
 * Files larger than this get no thumbnail: the renderers read the whole file into memory, and the server
 * keeps its memory within 50 MB of idle through a 1 GB upload (issue 19's speed and size).
 */
export const THUMBNAIL_SOURCE_MAX_BYTES = 32 * 1024 * 1024;

/** The thumbnail's key in the shop-files bucket: the file's own key (unique per bucket) and a suffix. */
export const thumbnailKeyOf = (storageKey: string) => `${storageKey}.thumb.png`;

/** Whether a file of this type and size gets a thumbnail. */
export const takesThumbnail = (contentType: string, size: number) =>
  THUMBNAIL_TYPES.includes(contentType) && size <= THUMBNAIL_SOURCE_MAX_BYTES;

/** The thumbnail of a file's bytes (the type read from the bytes), or null when they cannot be drawn. */
export async function orderThumbnail(bytes: Uint8Array): Promise<Thumbnail | null> {
  const type = sniffType(bytes);
  if (!type) return null;
  return thumbnailOf(bytes, type, "file", ORDER_THUMBNAIL_PX).catch(() => null);
}

/** Queues the file's thumbnail; resolves when it is stored or found impossible (callers need not wait). */
export function queueThumbnail(app: FastifyInstance, tenantId: number, fileId: number): Promise<void> {
  return queueFileJob(app, "A thumbnail", fileId, () => makeThumbnail(app, tenantId, fileId));
}

async function makeThumbnail(app: FastifyInstance, tenantId: number, fileId: number) {
  const where = and(eq(order_files.tenant_id, tenantId), eq(order_files.id, fileId));
  const [file] = await app.db.select().from(order_files).where(where);
  if (!file || file.thumbnail_key || !takesThumbnail(file.content_type, Number(file.size))) return;
  const store = fileStorageOf(app.config);
  const bytes = await readWhole(await store.open(file.bucket as Bucket, file.storage_key));
  const thumb = await orderThumbnail(bytes);
  if (!thumb) {
    app.log.info({ fileId }, "No thumbnail: the file cannot be drawn");
    return;
  }
  const key = thumbnailKeyOf(file.storage_key);
  await store.put("shop", key, thumb.png, "image/png");
  await app.db.update(order_files).set({ thumbnail_key: key }).where(where);
}

async function readWhole(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > THUMBNAIL_SOURCE_MAX_BYTES) {
      stream.destroy();
      throw new Error("The file is larger than a thumbnail is made of");
    }
  }
  return Buffer.concat(chunks);
}
