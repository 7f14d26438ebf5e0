import { describe, expect, it } from "vitest";
import {
  applyWrites,
  buildTree,
  type Category,
  dropMove,
  moveRequest,
  placeSentence,
  stepMove,
  type TreeNode,
  wouldCycle,
  writesFor,
} from "../../../src/custom/catalogue/category-tree";

// The category tree's moves (issue 21): the writes a move needs (only the categories that change),
// the keyboard's steps, the drops, and the cycle a move must not make.

const cat = (id: number, name: string, parent_id: number | null, sort_order: number): Category => ({
  id,
  name,
  parent_id,
  sort_order,
  version: id * 100,
});

// Marketing (1): Postcards (2), Flyers (3), Brochures (4); Stationery (5): Letterhead (6); Signs (7).
const TREE = [
  cat(1, "Marketing", null, 10),
  cat(2, "Postcards", 1, 10),
  cat(3, "Flyers", 1, 20),
  cat(4, "Brochures", 1, 30),
  cat(5, "Stationery", null, 20),
  cat(6, "Letterhead", 5, 10),
  cat(7, "Signs", null, 30),
];

const shape = (nodes: TreeNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.category.name, shape(n.children)] : n.category.name));

describe("the category tree", () => {
  it("nests the categories in their sort order, ties by name", () => {
    const tied = [...TREE, cat(8, "Banners", null, 30)];
    expect(shape(buildTree(tied))).toEqual([
      ["Marketing", ["Postcards", "Flyers", "Brochures"]],
      ["Stationery", ["Letterhead"]],
      "Banners",
      "Signs",
    ]);
  });

  it("puts a category whose parent is missing at the top", () => {
    expect(shape(buildTree([cat(1, "Orphan", 99, 10), cat(2, "Top", null, 5)]))).toEqual(["Top", "Orphan"]);
  });

  it("asks the server for a move as the new parent and its whole level in the new order, with versions", () => {
    // Signs (7) into Marketing (1) as its second.
    expect(moveRequest(TREE, { id: 7, parent: 1, index: 1 })).toEqual({
      parent_id: 1,
      order: [
        { id: 2, version: 200 },
        { id: 7, version: 700 },
        { id: 3, version: 300 },
        { id: 4, version: 400 },
      ],
    });
    // Letterhead (6) out to the top, after Stationery.
    expect(moveRequest(TREE, { id: 6, parent: null, index: 2 })).toEqual({
      parent_id: null,
      order: [
        { id: 1, version: 100 },
        { id: 5, version: 500 },
        { id: 6, version: 600 },
        { id: 7, version: 700 },
      ],
    });
    // Where it already is: no request.
    expect(moveRequest(TREE, { id: 3, parent: 1, index: 1 })).toBeNull();
  });

  it("writes only what changes for a move down among siblings", () => {
    expect(writesFor(TREE, { id: 2, parent: 1, index: 1 })).toEqual([
      { id: 2, version: 200, sort_order: 20 },
      { id: 3, version: 300, sort_order: 10 },
    ]);
  });

  it("writes the new parent and renumbers the new siblings for a move into another branch", () => {
    expect(writesFor(TREE, { id: 3, parent: 5, index: 0 })).toEqual([
      { id: 3, version: 300, parent_id: 5, sort_order: 10 },
      { id: 6, version: 600, sort_order: 20 },
    ]);
  });

  it("writes nothing for a move to where it is", () => {
    expect(writesFor(TREE, { id: 3, parent: 1, index: 1 })).toEqual([]);
  });

  it("refuses a category under itself or its descendant", () => {
    expect(wouldCycle(TREE, 1, 2)).toBe(true);
    expect(wouldCycle(TREE, 1, 1)).toBe(true);
    expect(wouldCycle(TREE, 2, 5)).toBe(false);
    expect(wouldCycle(TREE, 2, null)).toBe(false);
    expect(() => writesFor(TREE, { id: 1, parent: 4, index: 0 })).toThrow(
      "A category cannot be placed under itself or one of its own categories",
    );
  });

  it.each([
    ["Flyers up", 3, "up", { id: 3, parent: 1, index: 0 }],
    ["Postcards up (already first)", 2, "up", null],
    ["Flyers down", 3, "down", { id: 3, parent: 1, index: 2 }],
    ["Brochures down (already last)", 4, "down", null],
    ["Flyers indented under Postcards", 3, "indent", { id: 3, parent: 2, index: 0 }],
    ["Stationery indented under Marketing, last", 5, "indent", { id: 5, parent: 1, index: 3 }],
    ["Marketing indented (nothing above)", 1, "indent", null],
    ["Letterhead outdented after Stationery", 6, "outdent", { id: 6, parent: null, index: 2 }],
    ["Signs outdented (at the top)", 7, "outdent", null],
  ] as const)("keys: %s", (_, id, step, move) => {
    expect(stepMove(TREE, id, step)).toEqual(move);
  });

  it("outdents to the top and says where the category is now", () => {
    const move = stepMove(TREE, 6, "outdent");
    if (!move) throw new Error("no move");
    const after = applyWrites(TREE, writesFor(TREE, move));
    expect(shape(buildTree(after))).toEqual([
      ["Marketing", ["Postcards", "Flyers", "Brochures"]],
      "Stationery",
      "Letterhead",
      "Signs",
    ]);
    expect(placeSentence(after, 6)).toBe("Letterhead is now 3 of 4 at the top level.");
    expect(placeSentence(TREE, 3)).toBe("Flyers is now 2 of 3 in Marketing.");
  });

  it.each([
    ["onto Stationery: first inside it", 2, 5, false, 0, { id: 2, parent: 5, index: 0 }],
    ["before Brochures", 2, 4, true, -1, { id: 2, parent: 1, index: 1 }],
    ["after Brochures", 2, 4, true, 1, { id: 2, parent: 1, index: 2 }],
    ["after Signs, at the top", 6, 7, true, 1, { id: 6, parent: null, index: 3 }],
  ] as const)("drops: %s", (_, dragged, target, intoGap, side, move) => {
    expect(dropMove(TREE, dragged, target, intoGap, side)).toEqual(move);
  });
});
