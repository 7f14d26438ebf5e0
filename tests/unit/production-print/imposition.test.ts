// The run spread's layout and cut plan, with positions worked out by hand (inches from the sheet's top-left).
import { describe, expect, it } from "vitest";
import { inches, layoutSheet } from "../../../src/custom/production/print/imposition";

describe("layoutSheet", () => {
  it("packs two items in rows from the gripper, long side across, tallest first", () => {
    // Sheet 12 × 18 given portrait: drawn 18 across × 12 down. Gripper 1/2", margins 1/4":
    // printable area x 0.25–17.75 (17.5 wide), y 0.5–11.75 (11.25 high).
    // Slot 1: 3.5 × 2 card, bleed 0.125 → 3.75 × 2.25 box. Slot 2: 6 × 4 postcard → 6.25 × 4.25 box.
    const layout = layoutSheet(12, 18, [
      { slot: 1, numberUp: 5, width: 3.5, height: 2, bleed: 0.125 },
      { slot: 2, numberUp: 2, width: 4, height: 6, bleed: 0.125 },
    ]);
    expect(layout.sheet).toEqual({ width: 18, height: 12 });
    expect(layout.area).toEqual({ x: 0.25, y: 0.5, width: 17.5, height: 11.25 });
    // Postcards first (taller): row 1 at y 0.5, x 0.25 and 6.5; then cards fill row 1 from x 12.75 (one fits:
    // 12.75 + 3.75 = 16.5 ≤ 17.75, a second would end at 20.25), the other four start row 2 at y 4.75.
    expect(layout.pieces.map((p) => [p.slot, p.x, p.y])).toEqual([
      [2, 0.25, 0.5],
      [2, 6.5, 0.5],
      [1, 12.75, 0.5],
      [1, 0.25, 4.75],
      [1, 4, 4.75],
      [1, 7.75, 4.75],
      [1, 11.5, 4.75],
    ]);
    expect(layout.pieces[0].trim).toEqual({ x: 0.375, y: 0.625, width: 6, height: 4 });
    expect(layout.overflow).toEqual([]);
    expect(layout.unsized).toEqual([]);
  });

  it("numbers the cuts: across between rows, then down each row, then trims the shorter pieces", () => {
    const { cuts } = layoutSheet(12, 18, [
      { slot: 1, numberUp: 5, width: 3.5, height: 2, bleed: 0.125 },
      { slot: 2, numberUp: 2, width: 4, height: 6, bleed: 0.125 },
    ]);
    const across = cuts.filter((c) => c.stage === "rows");
    // Row 1 trims at 0.625 and 4.625 (postcard 4" high); row 2 at 4.875 and 6.875 (card 2" high).
    expect(across.map((c) => [c.order, c.at])).toEqual([
      [1, 0.625],
      [2, 4.625],
      [3, 4.875],
      [4, 6.875],
    ]);
    expect(across.every((c) => c.from === 0 && c.to === 18)).toBe(true);
    // Row 1 down cuts: postcards 0.375–6.375 and 6.625–12.625, the card 12.875–16.375.
    expect(cuts.filter((c) => c.stage === "row 1").map((c) => [c.order, c.at])).toEqual([
      [5, 0.375],
      [6, 6.375],
      [7, 6.625],
      [8, 12.625],
      [9, 12.875],
      [10, 16.375],
    ]);
    // Row 2: four cards at 0.25, 4, 7.75, 11.5 → trims at +0.125 and +3.625.
    expect(cuts.filter((c) => c.stage === "row 2").map((c) => c.at)).toEqual([
      0.375, 3.875, 4.125, 7.625, 7.875, 11.375, 11.625, 15.125,
    ]);
    expect(cuts.filter((c) => c.stage === "row 2")[0].order).toBe(11);
    // The card in row 1 is 2" high in a 4" row: trimmed across at 0.625 + 2 = 2.625, over its own width.
    expect(cuts.filter((c) => c.stage === "trim row 1")).toEqual([
      { order: 19, direction: "across", at: 2.625, from: 12.875, to: 16.375, stage: "trim row 1" },
    ]);
    expect(cuts).toHaveLength(19);
  });

  it("reports copies that do not fit and slots with no size", () => {
    // 13 × 19 digital sheet, gripper 1/4": area 18.5 × 12.5. An 8.5 × 11 flyer with 1/8" bleed is an
    // 11.25 × 8.75 box: one per row across (two would be 22.5), one row down (two would be 17.5): 1 of 3 fits.
    const layout = layoutSheet(
      13,
      19,
      [
        { slot: 1, numberUp: 3, width: 8.5, height: 11, bleed: 0.125 },
        { slot: 2, numberUp: 4, bleed: 0.125 },
      ],
      0.25,
    );
    expect(layout.pieces).toHaveLength(1);
    expect(layout.overflow).toEqual([{ slot: 1, count: 2 }]);
    expect(layout.unsized).toEqual([2]);
  });
});

describe("inches", () => {
  it("says sizes in eighths", () => {
    expect(inches(28)).toBe('28"');
    expect(inches(0.125)).toBe('1/8"');
    expect(inches(0.5)).toBe('1/2"');
    expect(inches(4.625)).toBe('4 5/8"');
    expect(inches(12.75)).toBe('12 3/4"');
    expect(inches(1.3)).toBe('1.3"');
  });
});
