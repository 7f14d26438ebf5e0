import { createRequire } from "node:module";
import path from "node:path";
import { fieldError, HttpError } from "../http/errors";
import { pngProblem } from "./png-check";

// Thumbnails of PDFs and images, shared by the templates' sides (server/templates/images.ts) and the
// order files (server/files/thumbnails.ts): a PDF's first page rendered by pdfjs-dist onto an
// @napi-rs/canvas canvas (the canvas pdfjs-dist itself uses on Node), a PNG checked (png-check.ts) then
// decoded and scaled, a JPEG decoded by jpeg-js (plain JavaScript: the canvas's native JPEG decoder
// crashes the process on a damaged file, a cut or bit-flipped one measured, so it is never given one)
// and its pixels scaled on the canvas. The type is the bytes' signature, never the name. All are loaded
// on first use, so the server starts without them.

const SIGNATURES: Record<string, { ext: string; magic: number[] }> = {
  "application/pdf": { ext: "pdf", magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  "image/png": { ext: "png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  "image/jpeg": { ext: "jpg", magic: [0xff, 0xd8, 0xff] },
};

/** The types a thumbnail is made of (PDF, PNG, JPEG). */
export const THUMBNAIL_TYPES = Object.keys(SIGNATURES);

/** A JPEG's largest size decoded, in megapixels (40 MP: 4 bytes each, 160 MB while it is scaled). */
const JPEG_MAX_MP = 40;

/** The type the bytes are (PDF, PNG or JPEG by their signature), whatever the name says. */
export function sniffType(bytes: Uint8Array): string | undefined {
  return THUMBNAIL_TYPES.find((type) => SIGNATURES[type].magic.every((b, i) => bytes[i] === b));
}

export const extensionOf = (type: string) => SIGNATURES[type]?.ext ?? "bin";

let pdfModule: Promise<typeof import("pdfjs-dist/legacy/build/pdf.mjs")> | undefined;
/** pdfjs-dist, loaded once (a second or more: a caller about to draw many may start it early). */
export const loadPdfjs = () => {
  pdfModule ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfModule;
};

type Canvas = typeof import("@napi-rs/canvas");
let canvasModule: Promise<Canvas> | undefined;
const loadCanvas = () => {
  canvasModule ??= import("@napi-rs/canvas");
  return canvasModule;
};

export interface Thumbnail {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * A PNG thumbnail, `maxPx` on its longer side at most, of a PDF's first page or of an image; throws the
 * contract's 400 naming `field` when the bytes cannot be read.
 */
export async function thumbnailOf(
  bytes: Uint8Array,
  type: string,
  field: string,
  maxPx: number,
): Promise<Thumbnail> {
  const { createCanvas, loadImage } = await loadCanvas();
  if (type === "application/pdf") return renderFirstPage(bytes, field, maxPx);
  if (type === "image/jpeg") return jpegThumbnail(bytes, field, maxPx);
  const problem = pngProblem(Buffer.from(bytes));
  if (problem) throw fieldError(field, `The image cannot be read (${problem}): send a whole PNG file`);
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch {
    throw fieldError(field, "The image cannot be read: send a whole PNG file");
  }
  if (!image.width || !image.height) throw fieldError(field, "The image has no pixels");
  return scaled(createCanvas, image, image.width, image.height, maxPx);
}

type Drawable = Parameters<ReturnType<ReturnType<Canvas["createCanvas"]>["getContext"]>["drawImage"]>[0];

/** `source` drawn at `maxPx` on its longer side at most, as a PNG. */
function scaled(createCanvas: Canvas["createCanvas"], source: Drawable, w: number, h: number, maxPx: number) {
  const scale = Math.min(1, maxPx / Math.max(w, h));
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  const canvas = createCanvas(width, height);
  canvas.getContext("2d").drawImage(source, 0, 0, width, height);
  return { png: canvas.toBuffer("image/png"), width, height };
}

async function jpegThumbnail(bytes: Uint8Array, field: string, maxPx: number) {
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
  return scaled(createCanvas, full, width, height, maxPx);
}

interface PdfCanvasFactory {
  create(
    width: number,
    height: number,
  ): { canvas: { toBuffer(type: "image/png"): Buffer; width: number; height: number }; context: never };
}

async function renderFirstPage(bytes: Uint8Array, field: string, maxPx: number) {
  const pdfjs = await loadPdfjs();
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
    const viewport = page.getViewport({ scale: maxPx / Math.max(base.width, base.height) });
    // pdfjs-dist's own Node canvas factory (an @napi-rs/canvas canvas); its typings say only Object.
    const factory = (pdf as unknown as { canvasFactory: PdfCanvasFactory }).canvasFactory;
    const { canvas, context } = factory.create(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
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
