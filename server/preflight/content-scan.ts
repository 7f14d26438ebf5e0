// The graphics-state walk preflight needs from a page's content stream: where each XObject is drawn
// (q, Q, cm, Do), so an image's pixels can be set against its placed size. pdf-lib reads the
// object graph but not content streams; pdfjs-dist would, but only by decoding every image's
// pixels, which a large artwork file cannot afford. This reads operators and skips everything else
// (strings, inline image data, dictionaries).

export type Matrix = [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m × n, as PDF concatenates: the new CTM of `cm m` is m × CTM. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIM = new Set([...`()<>[]{}/%`].map((c) => c.charCodeAt(0)));

/** Each Do in the stream with the CTM it is drawn under (starting from `start`). */
export function drawnObjects(content: Uint8Array, start: Matrix): { name: string; ctm: Matrix }[] {
  const found: { name: string; ctm: Matrix }[] = [];
  const stack: Matrix[] = [];
  let ctm = start;
  let operands: (number | string | null)[] = [];
  let i = 0;
  const n = content.length;
  const at = (k: number) => content[k];
  while (i < n) {
    const c = at(i);
    if (WHITE.has(c)) {
      i++;
    } else if (c === 0x25 /* % */) {
      while (i < n && at(i) !== 10 && at(i) !== 13) i++;
    } else if (c === 0x28 /* ( */) {
      let depth = 0;
      for (; i < n; i++) {
        const d = at(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x28) depth++;
        else if (d === 0x29 && --depth === 0) break;
      }
      i++;
      operands.push(null);
    } else if (c === 0x3c /* < */ && at(i + 1) !== 0x3c) {
      while (i < n && at(i) !== 0x3e) i++;
      i++;
      operands.push(null);
    } else if (c === 0x2f /* / */) {
      let j = i + 1;
      while (j < n && !WHITE.has(at(j)) && !DELIM.has(at(j))) j++;
      operands.push(String.fromCharCode(...content.subarray(i + 1, j)));
      i = j;
    } else if (DELIM.has(c)) {
      // [ ] << >> { }: structure only matters to operators preflight does not read.
      i += c === 0x3c || c === 0x3e ? 2 : 1;
      operands.push(null);
    } else {
      let j = i;
      while (j < n && !WHITE.has(at(j)) && !DELIM.has(at(j))) j++;
      const word = String.fromCharCode(...content.subarray(i, j));
      i = j;
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
        operands.push(Number(word));
        continue;
      }
      if (word === "q") stack.push(ctm);
      else if (word === "Q") ctm = stack.pop() ?? ctm;
      else if (word === "cm" && operands.length >= 6) {
        const m = operands.slice(-6);
        if (m.every((v) => typeof v === "number")) ctm = multiply(m as Matrix, ctm);
      } else if (word === "Do" && typeof operands.at(-1) === "string") {
        found.push({ name: operands.at(-1) as string, ctm });
      } else if (word === "ID") {
        // Inline image data runs to whitespace, EI, whitespace (or the end).
        i++;
        while (
          i < n &&
          !(
            WHITE.has(at(i - 1)) &&
            at(i) === 0x45 &&
            at(i + 1) === 0x49 &&
            (i + 2 >= n || WHITE.has(at(i + 2)))
          )
        )
          i++;
        i += 2;
      }
      operands = [];
    }
  }
  return found;
}

/** The placed size of the unit square under `ctm`, in points: [width, height]. */
export function placedSize(ctm: Matrix): [number, number] {
  return [Math.hypot(ctm[0], ctm[1]), Math.hypot(ctm[2], ctm[3])];
}
