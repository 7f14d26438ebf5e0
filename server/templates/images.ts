import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/open";
import { template_images } from "../db/schema";
import { bucketDir } from "../files/embedded-storage";
import { fieldError } from "../http/errors";
import { pngProblem } from "../images/png-check";
import {
  extensionOf,
  sniffType,
  THUMBNAIL_TYPES,
  type Thumbnail,
  thumbnailOf as thumbnailAt,
} from "../images/thumbnail";

// The files of templates and designs in the shop-files store (FILES_DIR/shop/templates/), and the
// thumbnails made of them (server/images/thumbnail.ts, loaded on first use).

export const TEMPLATE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PREVIEW_MAX_BYTES = 2 * 1024 * 1024;
/** A thumbnail's longer side, in pixels. */
export const THUMBNAIL_PX = 800;

/** The accepted side files, in words and as the upload's accept list. */
export const SIDE_TYPES = THUMBNAIL_TYPES;

export const templateDir = (filesDir: string) => path.join(bucketDir(filesDir, "shop"), "templates");

/** A side's thumbnail: THUMBNAIL_PX on its longer side at most. */
export const thumbnailOf = (bytes: Uint8Array, type: string, field: string): Promise<Thumbnail> =>
  thumbnailAt(bytes, type, field, THUMBNAIL_PX);

/** A checked PNG preview: the signature and every chunk (png-check.ts; a cut or damaged PNG is refused). */
export async function checkPreview(bytes: Buffer, field: string): Promise<void> {
  if (bytes.length > PREVIEW_MAX_BYTES) {
    throw fieldError(field, `The preview is ${mb(bytes.length)}; a preview may be at most 2 MB`);
  }
  if (sniffType(bytes) !== "image/png") throw fieldError(field, "Send the preview as a PNG image");
  const problem = pngProblem(bytes);
  if (problem) throw fieldError(field, `The preview cannot be read (${problem}): send a whole PNG image`);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Stores bytes under a new key of the tenant; answers the key. */
export async function storeFile(filesDir: string, tenantId: number, ext: string, bytes: Uint8Array) {
  const dir = templateDir(filesDir);
  await mkdir(dir, { recursive: true });
  const key = `t${tenantId}-${randomUUID()}.${ext}`;
  await writeFile(path.join(dir, key), bytes);
  return key;
}

export const readStored = (filesDir: string, key: string) =>
  readFile(path.join(templateDir(filesDir), key)).catch(() => undefined);

export const removeStored = (filesDir: string, ...keys: string[]) =>
  Promise.all(keys.map((key) => rm(path.join(templateDir(filesDir), key), { force: true })));

export const SIDES = ["front", "back"] as const;
export type Side = (typeof SIDES)[number];

export const templateImage = (db: Database, tenantId: number, templateId: number, side: Side) =>
  db
    .select()
    .from(template_images)
    .where(
      and(
        eq(template_images.tenant_id, tenantId),
        eq(template_images.template_id, templateId),
        eq(template_images.side, side),
      ),
    )
    .then((rows) => rows[0]);

export interface TemplateImageWrite {
  tenantId: number;
  userId: number | null;
  templateId: number;
  side: Side;
  bytes: Uint8Array;
  type: string;
  name: string;
  thumb: Thumbnail;
}

/** Stores a side's file and thumbnail, replacing (and removing) the previous ones. */
export async function saveTemplateImage(db: Database, filesDir: string, w: TemplateImageWrite) {
  const fileKey = await storeFile(filesDir, w.tenantId, extensionOf(w.type), w.bytes);
  const thumbKey = await storeFile(filesDir, w.tenantId, "png", w.thumb.png);
  const values = {
    file_key: fileKey,
    file_name: w.name,
    file_type: w.type,
    thumbnail_key: thumbKey,
    width: w.thumb.width,
    height: w.thumb.height,
    updated_by: w.userId,
    updated_at: new Date(),
  };
  const old = await templateImage(db, w.tenantId, w.templateId, w.side);
  if (old) {
    await db
      .update(template_images)
      .set({ ...values, version: old.version + 1 })
      .where(eq(template_images.id, old.id));
    await removeStored(filesDir, old.file_key, old.thumbnail_key);
  } else {
    await db
      .insert(template_images)
      .values({ tenant_id: w.tenantId, template_id: w.templateId, side: w.side, ...values });
  }
  return { side: w.side, file_name: w.name, file_type: w.type, width: w.thumb.width, height: w.thumb.height };
}
