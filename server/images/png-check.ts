import { crc32, inflateSync } from "node:zlib";

// A PNG read through before anything decodes it: the native decoder (@napi-rs/canvas) crashes the
// process on a truncated or damaged file, so every chunk's length and CRC, the header's values and
// the image data's exact inflated size and row filters are checked here first, in JavaScript.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Colour type → the bit depths PNG allows for it, and its samples per pixel. */
const COLOUR_TYPES: Record<number, { depths: number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8, 16], samples: 1 },
  2: { depths: [8, 16], samples: 3 },
  3: { depths: [1, 2, 4, 8], samples: 1 },
  4: { depths: [8, 16], samples: 2 },
  6: { depths: [8, 16], samples: 4 },
};
/** Pixels a picture may have (a 10,000 × 10,000 page at most). */
export const PNG_MAX_PIXELS = 100_000_000;

/** Undefined when the bytes are a whole, sound PNG; else why not. */
export function pngProblem(bytes: Buffer): string | undefined {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(SIGNATURE)) return "not a PNG";
  let at = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | undefined;
  const data: Buffer[] = [];
  let ended = false;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) return "cut short";
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (at + 12 + length > bytes.length) return "cut short";
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length))
      return "damaged";
    if (!header && type !== "IHDR") return "no header";
    if (type === "IHDR") {
      if (header || length !== 13) return "bad header";
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8],
        colour: body[9],
        interlace: body[12],
      };
      const kind = COLOUR_TYPES[header.colour];
      if (!kind?.depths.includes(header.depth) || body[10] !== 0 || body[11] !== 0 || header.interlace > 1) {
        return "bad header";
      }
      if (!header.width || !header.height || header.width * header.height > PNG_MAX_PIXELS)
        return "too large";
    } else if (type === "IDAT") {
      data.push(body);
    } else if (type === "IEND") {
      ended = true;
      break;
    }
    at += 12 + length;
  }
  if (!header || !ended || data.length === 0) return "cut short";
  const bits = header.depth * COLOUR_TYPES[header.colour].samples;
  const rows = header.interlace ? adam7Rows(header.width, header.height) : [[header.height, header.width]];
  const expected = rows.reduce((n, [h, w]) => n + h * (1 + Math.ceil((w * bits) / 8)), 0);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    return "damaged";
  }
  if (pixels.length !== expected) return "damaged";
  // Every row starts with its filter, 0 to 4.
  let row = 0;
  for (const [h, w] of rows) {
    const size = 1 + Math.ceil((w * bits) / 8);
    for (let r = 0; r < h; r++, row += size) if (pixels[row] > 4) return "damaged";
  }
  return undefined;
}

/** Adam7's seven passes as [rows, pixels per row] (empty passes left out). */
function adam7Rows(width: number, height: number): [number, number][] {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  return passes
    .map(([x, y, dx, dy]): [number, number] => [Math.ceil((height - y) / dy), Math.ceil((width - x) / dx)])
    .filter(([h, w]) => h > 0 && w > 0);
}
