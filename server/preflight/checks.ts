import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from "pdf-lib";
import { drawnObjects, IDENTITY, type Matrix, multiply, placedSize } from "./content-scan";
import {
  type Box,
  bleedCheck,
  type Check,
  listOf,
  type PageBoxes,
  type PreflightReport,
  type PreflightSpec,
  report,
  resolutionCheck,
  trimCheck,
} from "./verdicts";

// The reference preflight of a PDF (spec §1's preflight service, as the server does it itself):
// page count; trim and bleed against the product's finished size plus bleed; fonts embedded;
// image resolution as placed; RGB images. pdf-lib parses the document (it needs the whole file in
// memory, so the caller refuses files over the preflight limit before reading them).

const name = (s: string) => PDFName.of(s);

export async function preflightPdf(bytes: Uint8Array, spec: PreflightSpec): Promise<PreflightReport> {
  if (!isPdf(bytes)) {
    return report([
      {
        check: "pdf",
        result: "fail",
        message: "This file is not a PDF inside, whatever its name: export the artwork as a PDF.",
      },
    ]);
  }
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    return report([
      {
        check: "pdf",
        result: "fail",
        message: encrypted
          ? "The PDF is password-protected: send it without a password."
          : "The PDF could not be read: it may be damaged. Export it again.",
      },
    ]);
  }
  const pages = doc.getPages();
  if (pages.length === 0) {
    return report([{ check: "pages", result: "fail", message: "The PDF has no pages." }]);
  }
  const reader = new PageReader(doc);
  const boxes = pages.map((p) => reader.boxes(p.node));
  const walked = pages.map((p) => reader.walk(p.node));
  return report([
    {
      check: "pages",
      result: "pass",
      message: pages.length === 1 ? "1 page." : `${pages.length} pages.`,
    },
    perPage(boxes.map((b) => trimCheck(b, spec))),
    perPage(boxes.map((b) => bleedCheck(b, spec))),
    fontCheck(reader.fonts),
    resolutionCheck(walked.flat()),
    colourCheck(walked.flat()),
  ]);
}

export function isPdf(head: Uint8Array): boolean {
  // The header may follow up to 1 KB of junk, as readers allow.
  return Buffer.from(head.subarray(0, 1024)).includes("%PDF-");
}

/** The pages' verdict: the worst page's, naming it when the pages differ. */
function perPage(checks: Check[]): Check {
  const rank = { pass: 0, warn: 1, fail: 2 };
  const worstAt = checks.reduce((w, c, i) => (rank[c.result] > rank[checks[w].result] ? i : w), 0);
  const chosen = checks[worstAt];
  if (checks.every((c) => c.message === chosen.message)) return chosen;
  return { ...chosen, message: `Page ${worstAt + 1}: ${chosen.message}` };
}

interface Drawn {
  ppi: number;
  rgb: boolean;
}

class PageReader {
  /** Each font's name and whether its program is in the file, by object. */
  readonly fonts = new Map<PDFObject, { name: string; embedded: boolean }>();
  constructor(private readonly doc: PDFDocument) {}

  /** The object (through its reference) when it is of `type` (pdf-lib's classes have private constructors). */
  private get<T>(obj: PDFObject | undefined, type: { prototype: T }): T | undefined {
    const resolved = obj instanceof PDFRef ? this.doc.context.lookup(obj) : obj;
    return resolved instanceof (type as unknown as new () => T) ? (resolved as T) : undefined;
  }

  boxes(
    node: PDFDict & {
      MediaBox(): PDFArray;
      TrimBox(): PDFArray | undefined;
      BleedBox(): PDFArray | undefined;
    },
  ): PageBoxes {
    const box = (a: PDFArray | undefined): Box | undefined => {
      const n = a?.asArray().map((v) => this.get(v, PDFNumber)?.asNumber());
      if (n?.length !== 4 || n.some((v) => v === undefined)) return undefined;
      const [x1, y1, x2, y2] = n as number[];
      return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
    };
    return {
      media: box(node.MediaBox()) ?? [0, 0, 612, 792],
      trim: box(node.TrimBox()),
      bleed: box(node.BleedBox()),
    };
  }

  /** The images a page draws, through its forms, with their resolution as placed and colour. */
  walk(
    node: PDFDict & { Resources(): PDFDict | undefined; Contents(): PDFStream | PDFArray | undefined },
  ): Drawn[] {
    const contents = node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((c) => this.get(c, PDFStream))
        : [this.get(contents, PDFStream)];
    const bytes = concat(streams.flatMap((s) => (s ? [this.decoded(s)] : [])));
    const drawn: Drawn[] = [];
    this.draw(bytes, node.Resources(), IDENTITY, drawn, 0);
    return drawn;
  }

  private draw(
    content: Uint8Array,
    resources: PDFDict | undefined,
    ctm: Matrix,
    out: Drawn[],
    depth: number,
  ) {
    this.collectFonts(resources);
    const xobjects = this.get(resources?.get(name("XObject")), PDFDict);
    if (!xobjects || depth > 8) return;
    for (const { name: key, ctm: at } of drawnObjects(content, ctm)) {
      const xobject = this.get(xobjects.get(name(key)), PDFStream);
      if (!xobject) continue;
      const dict = xobject.dict;
      const subtype = this.get(dict.get(name("Subtype")), PDFName)?.asString();
      if (subtype === "/Form") {
        const matrix = this.get(dict.get(name("Matrix")), PDFArray)
          ?.asArray()
          .map((v) => this.get(v, PDFNumber)?.asNumber() ?? 0);
        const own = this.get(dict.get(name("Resources")), PDFDict) ?? resources;
        const m = matrix?.length === 6 ? (matrix as Matrix) : IDENTITY;
        this.draw(this.decoded(xobject), own, multiply(m, at), out, depth + 1);
      } else if (subtype === "/Image") {
        const image = this.image(dict, at);
        if (image) out.push(image);
      }
    }
  }

  private image(dict: PDFDict, ctm: Matrix): Drawn | undefined {
    // Masks and 1-bit line art are judged by other rules than photographs.
    if (this.get(dict.get(name("ImageMask")), PDFBool)?.asBoolean()) return undefined;
    if (this.get(dict.get(name("BitsPerComponent")), PDFNumber)?.asNumber() === 1) return undefined;
    const w = this.get(dict.get(name("Width")), PDFNumber)?.asNumber();
    const h = this.get(dict.get(name("Height")), PDFNumber)?.asNumber();
    const [pw, ph] = placedSize(ctm);
    if (!w || !h || pw < 1 || ph < 1) return undefined;
    return { ppi: Math.min(w / (pw / 72), h / (ph / 72)), rgb: this.isRgb(dict.get(name("ColorSpace"))) };
  }

  private isRgb(space: PDFObject | undefined): boolean {
    const resolved = space instanceof PDFRef ? this.doc.context.lookup(space) : space;
    if (resolved instanceof PDFName) return resolved.asString() === "/DeviceRGB";
    if (!(resolved instanceof PDFArray)) return false;
    const family = this.get(resolved.get(0), PDFName)?.asString();
    if (family === "/CalRGB") return true;
    if (family === "/Indexed") return this.isRgb(resolved.get(1));
    if (family === "/ICCBased") {
      const profile = this.get(resolved.get(1), PDFStream);
      return this.get(profile?.dict.get(name("N")), PDFNumber)?.asNumber() === 3;
    }
    return false;
  }

  private collectFonts(resources: PDFDict | undefined) {
    const fonts = this.get(resources?.get(name("Font")), PDFDict);
    for (const [, ref] of fonts?.entries() ?? []) {
      if (this.fonts.has(ref)) continue;
      const font = this.get(ref, PDFDict);
      if (!font) continue;
      const subtype = this.get(font.get(name("Subtype")), PDFName)?.asString();
      const base = (this.get(font.get(name("BaseFont")), PDFName)?.asString() ?? "/unnamed").slice(1);
      // A Type 3 font is drawn by the PDF's own procedures: always in the file.
      let described: PDFDict | undefined = font;
      if (subtype === "/Type0") {
        described = this.get(this.get(font.get(name("DescendantFonts")), PDFArray)?.get(0), PDFDict);
      }
      const descriptor = this.get(described?.get(name("FontDescriptor")), PDFDict);
      const embedded =
        subtype === "/Type3" ||
        ["FontFile", "FontFile2", "FontFile3"].some((k) => descriptor?.has(name(k)) === true);
      // Subset prefixes (ABCDEF+) are the exporter's, not the font's name.
      this.fonts.set(ref, { name: base.replace(/^[A-Z]{6}\+/, ""), embedded });
    }
  }

  private decoded(stream: PDFStream): Uint8Array {
    try {
      return stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
    } catch {
      return new Uint8Array();
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  // Streams of one page join with a space between them (a token may not run across).
  return Buffer.concat(parts.flatMap((p) => [p, Buffer.from(" ")]));
}

function fontCheck(fonts: Map<PDFObject, { name: string; embedded: boolean }>): Check {
  const all = [...fonts.values()];
  const missing = [...new Set(all.filter((f) => !f.embedded).map((f) => f.name))];
  if (missing.length > 0) {
    return {
      check: "fonts",
      result: "fail",
      message: `${missing.length === 1 ? "A font is" : "Fonts are"} not embedded: ${listOf(missing)}. Embed all fonts when exporting the PDF.`,
    };
  }
  const count = new Set(all.map((f) => f.name)).size;
  return {
    check: "fonts",
    result: "pass",
    message:
      count === 0 ? "No fonts used." : `All ${count === 1 ? "1 font is" : `${count} fonts are`} embedded.`,
  };
}

function colourCheck(images: Drawn[]): Check {
  const rgb = images.filter((i) => i.rgb).length;
  if (rgb === 0) {
    return {
      check: "colour",
      result: "pass",
      message: images.length === 0 ? "No images, so no RGB images." : "No RGB images.",
    };
  }
  return {
    check: "colour",
    result: "warn",
    message: `${rgb === 1 ? "1 image is" : `${rgb} images are`} RGB: offset presses print CMYK, so colours may shift when converted.`,
  };
}
