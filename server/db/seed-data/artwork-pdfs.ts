import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from "pdf-lib";

// The demo orders' artwork and proofs (seed-order-files.ts), made at seed time with pdf-lib, the
// library preflight reads them with. Each artwork kind is what a customer really sends, so that the
// real checks find pass, warn and fail on them: clean vector art with bleed; an RGB photo; a photo
// too small for its place; a page cut at the trim (no bleed); text in a font left out of the file.

export const ARTWORK_KINDS = ["clean", "rgb_photo", "soft_photo", "no_bleed", "font", "low_res"] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

/** The product's finished size and bleed in inches. */
export interface PageSpec {
  width: number;
  height: number;
  bleed: number;
}

const GROUNDS = [rgb(0.11, 0.36, 0.62), rgb(0.13, 0.52, 0.37), rgb(0.66, 0.26, 0.16), rgb(0.36, 0.24, 0.56)];

/** An image drawn at `placed` inches from `pixels`, in RGB or CMYK (a flat fill: its size is what counts). */
interface Photo {
  pixels: [number, number];
  placed: [number, number];
  space: "DeviceRGB" | "DeviceCMYK";
}

const PHOTOS: Partial<Record<ArtworkKind, Photo>> = {
  // 320 dpi: sharp, but RGB (colour warns).
  rgb_photo: { pixels: [320, 240], placed: [1, 0.75], space: "DeviceRGB" },
  // 200 dpi in CMYK: may print soft (resolution warns).
  soft_photo: { pixels: [300, 200], placed: [1.5, 1], space: "DeviceCMYK" },
  // 60 dpi in CMYK: prints blurred (resolution fails).
  low_res: { pixels: [90, 60], placed: [1.5, 1], space: "DeviceCMYK" },
};

export async function artworkPdf(kind: ArtworkKind, spec: PageSpec, shade: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer("Pressroom demo");
  const bleed = kind === "no_bleed" ? 0 : spec.bleed;
  const w = (spec.width + 2 * bleed) * 72;
  const h = (spec.height + 2 * bleed) * 72;
  const page = doc.addPage([w, h]);
  if (bleed > 0) {
    const b = bleed * 72;
    page.setTrimBox(b, b, w - 2 * b, h - 2 * b);
    page.setBleedBox(0, 0, w, h);
  }
  // A ground to the page's edge, a band and a panel: vector art, no fonts.
  page.drawRectangle({ x: 0, y: 0, width: w, height: h, color: GROUNDS[shade % GROUNDS.length] });
  page.drawRectangle({ x: 0, y: h * 0.62, width: w, height: h * 0.12, color: rgb(1, 1, 1), opacity: 0.85 });
  page.drawCircle({ x: w * 0.8, y: h * 0.3, size: Math.min(w, h) * 0.15, color: rgb(0.98, 0.78, 0.2) });
  if (kind === "font") {
    // The standard 14 fonts are never embedded in the file.
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText("Grand opening", { x: w * 0.1, y: h * 0.66, size: Math.min(w, h) / 10, font });
  }
  const photo = PHOTOS[kind];
  if (photo) {
    const [px, py] = photo.pixels;
    const channels = photo.space === "DeviceRGB" ? 3 : 4;
    const ref = doc.context.register(
      doc.context.flateStream(new Uint8Array(px * py * channels).fill(96 + (shade % 4) * 32), {
        Type: "XObject",
        Subtype: "Image",
        Width: px,
        Height: py,
        ColorSpace: photo.space,
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject("Photo", ref);
    const inset = (bleed + 0.2) * 72;
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(photo.placed[0] * 72, 0, 0, photo.placed[1] * 72, inset, inset),
      drawObject(name),
      popGraphicsState(),
    );
  }
  // Plain objects: no object streams to deflate (the files are small either way).
  return doc.save({ useObjectStreams: false });
}

/** A proof as the shop sends it: the trimmed artwork's place, marked with the order, item and proof number. */
export async function proofPdf(spec: PageSpec, label: string, shade: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer("Pressroom demo");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const w = spec.width * 72;
  const h = spec.height * 72;
  const margin = 36;
  const page = doc.addPage([w + 2 * margin, h + 2 * margin + 24]);
  page.drawRectangle({ x: margin, y: margin, width: w, height: h, color: GROUNDS[shade % GROUNDS.length] });
  page.drawText("PROOF – not for print", { x: margin, y: h + margin + 8, size: 10, font });
  page.drawText(label, { x: margin, y: 14, size: 8, font });
  // Plain objects: no object streams to deflate (the files are small either way).
  return doc.save({ useObjectStreams: false });
}
