// The run spread's imposition: where each item's pieces sit on the press sheet and the guillotine cuts that free
// them. A run declares its sheet size and, per item, a slot and a number up; a product declares its finished and
// flat size and its bleed. The layout is derived from those, not read from the imposition file (a PDF).
//
// What is assumed (said on the page too):
// - a piece is printed flat: its flat size (the finished size where no flat size is declared) plus its bleed on
//   every side; pieces are laid with their long side along the sheet's long side;
// - the sheet is drawn with its long side across; the gripper is the top edge: GRIPPER in from it, MARGIN from the
//   other three edges (offset forms grip 1/2"; digital sheets keep 1/4" all round);
// - pieces are packed in rows from the gripper (first fit, tallest items first): a layout a guillotine can cut;
// - cut plan: first across the sheet between rows (at each row's trim edges), then, row by row, down between
//   pieces, then the shorter pieces of a row are trimmed to their height. Pieces are butted bleed to bleed, so
//   neighbours are freed by a double cut and the bleed between them falls away.

export const OFFSET_GRIPPER = 0.5;
export const DIGITAL_GRIPPER = 0.25;
export const MARGIN = 0.25;

export interface SlotInput {
  slot: number;
  numberUp: number;
  /** Trim size of one piece, in inches (flat size, else finished size); undefined when not declared. */
  width?: number;
  height?: number;
  bleed: number;
}

export interface Piece {
  slot: number;
  /** The piece's n-th copy on the sheet (1-based within its slot). */
  copy: number;
  /** The bleed box (what is printed), inches from the sheet's top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The trim box inside it. */
  trim: { x: number; y: number; width: number; height: number };
}

export interface Cut {
  /** Order in which the cut is made, from 1. */
  order: number;
  direction: "across" | "down";
  /** Position of the cut: y for across, x for down (inches). */
  at: number;
  /** The extent the blade goes through: x-range for across, y-range for down. */
  from: number;
  to: number;
  /** Which stage of the plan: "rows", "row 2", "trim row 2". */
  stage: string;
}

export interface Layout {
  sheet: { width: number; height: number };
  gripper: number;
  margin: number;
  /** The printable area, inside the gripper and margins. */
  area: { x: number; y: number; width: number; height: number };
  pieces: Piece[];
  cuts: Cut[];
  /** Copies that do not fit on the sheet, per slot. */
  overflow: { slot: number; count: number }[];
  /** Slots that declare no size (not drawn). */
  unsized: number[];
}

const round = (n: number) => Math.round(n * 1000) / 1000;

interface Row {
  y: number;
  height: number;
  used: number;
  pieces: Piece[];
}

/** Lays out every slot's copies on a sheet (any orientation given; drawn long side across). */
export function layoutSheet(
  sheetWidth: number,
  sheetHeight: number,
  slots: SlotInput[],
  gripper: number = OFFSET_GRIPPER,
  margin: number = MARGIN,
): Layout {
  const width = Math.max(sheetWidth, sheetHeight);
  const height = Math.min(sheetWidth, sheetHeight);
  const area = { x: margin, y: gripper, width: width - 2 * margin, height: height - gripper - margin };
  const sized = slots.filter((s) => (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  const unsized = slots.filter((s) => !sized.includes(s)).map((s) => s.slot);

  // Long side across, then tallest first (ties by slot) so rows waste little height.
  const oriented = sized.map((s) => {
    const long = Math.max(s.width as number, s.height as number);
    const short = Math.min(s.width as number, s.height as number);
    return { ...s, w: long + 2 * s.bleed, h: short + 2 * s.bleed, tw: long, th: short };
  });
  oriented.sort((a, b) => b.h - a.h || a.slot - b.slot);

  const rows: Row[] = [];
  const overflow: { slot: number; count: number }[] = [];
  for (const s of oriented) {
    let missing = 0;
    for (let copy = 1; copy <= s.numberUp; copy++) {
      let row = rows.find((r) => r.height >= s.h && area.width - r.used >= s.w - 1e-9);
      if (!row) {
        const y = rows.length ? rows[rows.length - 1].y + rows[rows.length - 1].height : area.y;
        // Nothing fits it now, and rows only fill: no later copy of this piece fits either.
        if (s.w > area.width + 1e-9 || y + s.h > area.y + area.height + 1e-9) {
          missing = s.numberUp - copy + 1;
          break;
        }
        row = { y, height: s.h, used: 0, pieces: [] };
        rows.push(row);
      }
      const x = area.x + row.used;
      row.pieces.push({
        slot: s.slot,
        copy,
        x: round(x),
        y: round(row.y),
        width: round(s.w),
        height: round(s.h),
        trim: { x: round(x + s.bleed), y: round(row.y + s.bleed), width: s.tw, height: s.th },
      });
      row.used += s.w;
    }
    if (missing) overflow.push({ slot: s.slot, count: missing });
  }
  overflow.sort((a, b) => a.slot - b.slot);

  return {
    sheet: { width, height },
    gripper,
    margin,
    area,
    pieces: rows.flatMap((r) => r.pieces),
    cuts: cutPlan(rows, width),
    overflow,
    unsized: unsized.sort((a, b) => a - b),
  };
}

/** The guillotine cuts in the order they are made (see the header). */
function cutPlan(rows: Row[], sheetWidth: number): Cut[] {
  const cuts: Cut[] = [];
  const add = (cut: Omit<Cut, "order">) => cuts.push({ order: cuts.length + 1, ...cut });
  const unique = (values: number[]) => [...new Set(values.map(round))].sort((a, b) => a - b);

  // 1. Across the whole sheet: each row's top trim edge and its tallest piece's bottom trim edge.
  const bands = rows.map((row) => {
    const top = Math.min(...row.pieces.map((p) => p.trim.y));
    const bottom = Math.max(...row.pieces.map((p) => p.trim.y + p.trim.height));
    return { row, top: round(top), bottom: round(bottom) };
  });
  for (const at of unique(bands.flatMap((b) => [b.top, b.bottom]))) {
    add({ direction: "across", at, from: 0, to: sheetWidth, stage: "rows" });
  }
  // 2. Each row, now a strip: down at every piece's left and right trim edges.
  bands.forEach(({ row, top, bottom }, index) => {
    const xs = unique(row.pieces.flatMap((p) => [p.trim.x, p.trim.x + p.trim.width]));
    for (const at of xs) add({ direction: "down", at, from: top, to: bottom, stage: `row ${index + 1}` });
  });
  // 3. Pieces shorter than their row: trimmed to their own height.
  bands.forEach(({ row, bottom }, index) => {
    for (const p of row.pieces) {
      const edge = round(p.trim.y + p.trim.height);
      if (edge < bottom - 1e-9) {
        add({
          direction: "across",
          at: edge,
          from: p.trim.x,
          to: round(p.trim.x + p.trim.width),
          stage: `trim row ${index + 1}`,
        });
      }
    }
  });
  return cuts;
}

/** 0.125 → 1/8", 28 → 28": sizes in the shop's words (eighths), decimals otherwise. */
export function inches(value: number): string {
  const whole = Math.floor(value + 1e-9);
  const eighths = Math.round((value - whole) * 8);
  if (Math.abs(value - whole - eighths / 8) > 1e-6) return `${round(value)}"`;
  if (eighths === 0) return `${whole}"`;
  if (eighths === 8) return `${whole + 1}"`;
  const [n, d] = eighths % 4 === 0 ? [eighths / 4, 2] : eighths % 2 === 0 ? [eighths / 2, 4] : [eighths, 8];
  return whole ? `${whole} ${n}/${d}"` : `${n}/${d}"`;
}
