import { describe, expect, it } from "vitest";
import { nudge } from "../../../server/templates/editor/nudge.js";

// The reference design editor's arrow keys: one step, ten with Shift, never out of the safe area.

const safe = { x: 10, y: 10, width: 100, height: 50 };
const box = { x: 50, y: 30, width: 20, height: 10 };

describe("the design editor's arrow keys", () => {
  it.each([
    ["ArrowLeft", false, { x: 49, y: 30 }],
    ["ArrowRight", false, { x: 51, y: 30 }],
    ["ArrowUp", false, { x: 50, y: 29 }],
    ["ArrowDown", false, { x: 50, y: 31 }],
    ["ArrowLeft", true, { x: 40, y: 30 }],
    ["ArrowDown", true, { x: 50, y: 40 }],
  ])("%s (Shift %s) moves the field to %j", (key, shift, to) => {
    expect(nudge(box, key, shift, 1, safe)).toEqual(to);
  });

  it("stops at the safe area's edges", () => {
    expect(nudge({ ...box, x: 15 }, "ArrowLeft", true, 1, safe)).toEqual({ x: 10, y: 30 });
    expect(nudge({ ...box, x: 85 }, "ArrowRight", true, 1, safe)).toEqual({ x: 90, y: 30 });
    expect(nudge({ ...box, y: 49.5 }, "ArrowDown", false, 1, safe)).toEqual({ x: 50, y: 50 });
    expect(nudge({ ...box, y: 10 }, "ArrowUp", false, 1, safe)).toEqual({ x: 50, y: 10 });
  });

  it("leaves other keys alone", () => {
    expect(nudge(box, "Enter", false, 1, safe)).toBeNull();
    expect(nudge(box, "a", true, 1, safe)).toBeNull();
  });
});
