import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/open";
import { template_images } from "../db/schema";
import { bucketDir } from "../files/embedded-storage";
import { fieldError, HttpError } from "../http/errors";
import { pngProblem } from "./png-check";

// The files of templates and designs in the shop-files store (FILES_DIR/shop/templates/), and the
// thumbnails made of them: a PDF's first page rendered by pdfjs-dist onto an @napi-rs/canvas
// canvas (the canvas pdfjs-dist itself uses on Node), a PNG checked (png-check.ts) then decoded and
// scaled, a JPEG decoded by jpeg-js (plain JavaScript: the canvas's native JPEG decoder crashes the
// process on a damaged file, a cut or bit-flipped one measured, so it is never given one) and its
// pixels scaled on the canvas. The type is the bytes' signature, never the name. All are loaded on
// first use, so the server starts without them.

export const TEMPLATE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PREVIEW_MAX_BYTES = 2 * 1024 * 1024;
/** A thumbnail's longer side, in pixels. */
export const THUMBNAIL_PX = 800;

const SIGNATURES: Record<string, { ext: string; magic: number[] }> = {
  "application/pdf": { ext: "pdf", magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  "image/png": { ext: "png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  "image/jpeg": { ext: "jpg", magic: [0xff, 0xd8, 0xff] },
};

/** The accepted side files, in words and as the upload's accept list. */
export const SIDE_TYPES = Object.keys(SIGNATURES);

/** A JPEG's largest size decoded, in megapixels (40 MP: 4 bytes each, 160 MB while it is scaled). */
const JPEG_MAX_MP = 40;

export const templateDir = (filesDir: string) => path.join(bucketDir(filesDir, "shop"), "templates");

/** The type the bytes are (PDF, PNG or JPEG by their signature), whatever the name says. */
export function sniffType(bytes: Uint8Array): string | undefined {
  return Object.keys(SIGNATURES).find((type) => SIGNATURES[type].magic.every((b, i) => bytes[i] === b));
}

type Canvas = typeof import("@napi-rs/canvas");
let canvasModule: Promise<Canvas> | undefined;
const loadCanvas = () => {
  canvasModule ??= import("@napi-rs/canvas");
  return canvasModule;
};

/** A PNG thumbnail (longer side THUMBNAIL_PX at most) of a PDF's first page or of an image. */
export async function thumbnailOf(
  bytes: Uint8Array,
  type: string,
  field: string,
): Promise<{ png: Buffer; width: number; height: number }> {
  const { createCanvas, loadImage } = await loadCanvas();
  if (type === "application/pdf") return renderFirstPage(bytes, field);
  if (type === "image/jpeg") return jpegThumbnail(bytes, field);
  const problem = pngProblem(Buffer.from(bytes));
  if (problem) throw fieldError(field, `The image cannot be read (${problem}): send a whole PNG file`);
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch {
    throw fieldError(field, "The image cannot be read: send a whole PNG file");
  }
  if (!image.width || !image.height) throw fieldError(field, "The image has no pixels");
  return scaled(createCanvas, image, image.width, image.height);
}

type Drawable = Parameters<ReturnType<ReturnType<Canvas["createCanvas"]>["getContext"]>["drawImage"]>[0];

/** `source` drawn at THUMBNAIL_PX on its longer side at most, as a PNG. */
function scaled(createCanvas: Canvas["createCanvas"], source: Drawable, w: number, h: number) {
  const scale = Math.min(1, THUMBNAIL_PX / Math.max(w, h));
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  const canvas = createCanvas(width, height);
  canvas.getContext("2d").drawImage(source, 0, 0, width, height);
  return { png: canvas.toBuffer("image/png"), width, height };
}

async function jpegThumbnail(bytes: Uint8Array, field: string) {
  const [{ createCanvas }, jpeg] = await Promise.all([loadCanvas(), import("jpeg-js")]);
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: JPEG_MAX_MP });
  } catch (error) {
    const tooLarge = /maxResolutionInMP|maxMemoryUsageInMB/.test(String(error));
    throw fieldError(
      field,
      tooLarge
        ? `The JPEG is larger than ${JPEG_MAX_MP} megapixels: send a smaller image or a PDF`
        : "The image cannot be read: send a whole JPEG file",
    );
  }
  const { width, height, data } = decoded;
  if (!width || !height) throw fieldError(field, "The image has no pixels");
  const full = createCanvas(width, height);
  const ctx = full.getContext("2d");
  const pixels = ctx.createImageData(width, height);
  pixels.data.set(data);
  ctx.putImageData(pixels, 0, 0);
  return scaled(createCanvas, full, width, height);
}

interface PdfCanvasFactory {
  create(
    width: number,
    height: number,
  ): { canvas: { toBuffer(type: "image/png"): Buffer; width: number; height: number }; context: never };
}

async function renderFirstPage(bytes: Uint8Array, field: string) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const fonts = `${path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
  let pdf: Awaited<ReturnType<typeof pdfjs.getDocument>["promise"]>;
  try {
    pdf = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      standardFontDataUrl: fonts,
      verbosity: 0,
    }).promise;
  } catch {
    throw fieldError(field, "The PDF cannot be read: send a whole, unencrypted PDF");
  }
  try {
    const page = await pdf.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMBNAIL_PX / Math.max(base.width, base.height) });
    // pdfjs-dist's own Node canvas factory (an @napi-rs/canvas canvas); its typings say only Object.
    const factory = (pdf as unknown as { canvasFactory: PdfCanvasFactory }).canvasFactory;
    const { canvas, context } = factory.create(Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvasContext: context, viewport }).promise;
    return { png: canvas.toBuffer("image/png"), width: canvas.width, height: canvas.height };
  } catch {
    throw new HttpError(400, "The PDF's first page cannot be drawn: export it again and send the new file", [
      { field, message: "The first page cannot be drawn" },
    ]);
  } finally {
    await pdf.destroy();
  }
}

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

export const extensionOf = (type: string) => SIGNATURES[type]?.ext ?? "bin";

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
  thumb: { png: Buffer; width: number; height: number };
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
