import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from "pdf-lib";

// PDFs for the preflight tests, made with pdf-lib as each test runs (no binary fixtures): a page
// of a given size, optional trim and bleed boxes, optional text in a font left out of the file (the
// standard 14 are never embedded), optional images drawn at a given size in RGB or CMYK.

export interface TestPdf {
  /** The page (media box) in inches. */
  page: [number, number];
  /** Trim and bleed boxes inset from the page's edges by this many inches (omitted: no boxes). */
  trimInset?: number;
  bleedInset?: number;
  unembeddedFont?: boolean;
  images?: { pixels: [number, number]; placed: [number, number]; space: "DeviceRGB" | "DeviceCMYK" }[];
  pages?: number;
}

export async function testPdf(spec: TestPdf): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const [w, h] = spec.page.map((v) => v * 72);
  for (let p = 0; p < (spec.pages ?? 1); p++) {
    const page = doc.addPage([w, h]);
    const box = (inset: number) => [inset * 72, inset * 72, w - inset * 72 * 2, h - inset * 72 * 2] as const;
    if (spec.trimInset !== undefined) page.setTrimBox(...box(spec.trimInset));
    if (spec.bleedInset !== undefined) page.setBleedBox(...box(spec.bleedInset));
    page.drawRectangle({ x: 0, y: 0, width: w, height: h, borderWidth: 0 });
    if (spec.unembeddedFont) {
      page.drawText("Pressroom", {
        x: 20,
        y: 20,
        size: 10,
        font: await doc.embedFont(StandardFonts.Helvetica),
      });
    }
    for (const [i, image] of (spec.images ?? []).entries()) {
      const channels = image.space === "DeviceRGB" ? 3 : 4;
      const [px, py] = image.pixels;
      const ref = doc.context.register(
        doc.context.flateStream(new Uint8Array(px * py * channels).fill(128), {
          Type: "XObject",
          Subtype: "Image",
          Width: px,
          Height: py,
          ColorSpace: image.space,
          BitsPerComponent: 8,
        }),
      );
      const key = page.node.newXObject(`Im${i}`, ref);
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(image.placed[0] * 72, 0, 0, image.placed[1] * 72, 10, 10),
        drawObject(key),
        popGraphicsState(),
      );
    }
  }
  return Buffer.from(await doc.save());
}
