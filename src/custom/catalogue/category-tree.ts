// The product categories as a tree (the /product-categories page) and the moves made on it, by
// drag or by keys (up, down, indent, outdent): each move gives the writes that put the tree in its
// new shape, the moved category's parent and the sort orders of its new siblings, only for the
// categories whose values change. The page sends a move as one request (`moveRequest`: the new
// parent and its categories' new order with the versions read; server/catalogue/category-moves.ts
// writes it in one transaction). The server refuses a category under its own descendant or under
// another site's (server/resources/hooks/product-categories.ts); `wouldCycle` lets the page refuse
// the first before asking. Pure.

export interface Category {
  id: number;
  name: string;
  parent_id: number | null;
  sort_order: number;
  site_id?: number | null;
  visible?: boolean;
  version: number;
}

export interface TreeNode {
  category: Category;
  children: TreeNode[];
}

/** One category's new values after a move. */
export interface CategoryWrite {
  id: number;
  version: number;
  parent_id?: number | null;
  sort_order?: number;
}

/** A move: `id` goes under `parent` (null: the top), at place `index` among its new siblings. */
export interface Move {
  id: number;
  parent: number | null;
  index: number;
}

/** The gap between siblings' sort orders, so a later single move often writes one category. */
export const SORT_STEP = 10;

const byOrder = (a: Category, b: Category) =>
  a.sort_order - b.sort_order || a.name.localeCompare(b.name) || a.id - b.id;

/** The categories under `parent` in their order. */
export function childrenOf(categories: Category[], parent: number | null): Category[] {
  const ids = new Set(categories.map((c) => c.id));
  // A parent that is not among them (deleted, or not loaded) puts its children at the top.
  const parentOf = (c: Category) => (c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null);
  return categories.filter((c) => parentOf(c) === parent).sort(byOrder);
}

/** The tree, top categories first, each level in sort order. */
export function buildTree(categories: Category[]): TreeNode[] {
  const level = (parent: number | null, seen: Set<number>): TreeNode[] =>
    childrenOf(categories, parent)
      .filter((c) => !seen.has(c.id))
      .map((c) => ({ category: c, children: level(c.id, new Set([...seen, c.id])) }));
  return level(null, new Set());
}

/** Whether `ancestor` is `id` or one of its ancestors' chain from `id` upward. */
export function isWithin(categories: Category[], id: number | null, ancestor: number): boolean {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const seen = new Set<number>();
  for (let at = id; at !== null && !seen.has(at); at = byId.get(at)?.parent_id ?? null) {
    if (at === ancestor) return true;
    seen.add(at);
  }
  return false;
}

/** Whether placing `id` under `parent` would put it under itself or its own descendant. */
export const wouldCycle = (categories: Category[], id: number, parent: number | null): boolean =>
  parent !== null && isWithin(categories, parent, id);

/** The new parent's categories in their order after `move`, the moved one among them. */
function levelAfter(categories: Category[], moved: Category, move: Move): Category[] {
  const siblings = childrenOf(categories, move.parent).filter((c) => c.id !== move.id);
  const index = Math.max(0, Math.min(move.index, siblings.length));
  return [...siblings.slice(0, index), moved, ...siblings.slice(index)];
}

/** The writes that carry out `move`; [] when it changes nothing. Throws for a cycle. */
export function writesFor(categories: Category[], move: Move): CategoryWrite[] {
  const moved = categories.find((c) => c.id === move.id);
  if (!moved) return [];
  if (wouldCycle(categories, move.id, move.parent)) {
    throw new Error("A category cannot be placed under itself or one of its own categories");
  }
  const order = levelAfter(categories, moved, move);
  const writes: CategoryWrite[] = [];
  order.forEach((c, i) => {
    const sort_order = (i + 1) * SORT_STEP;
    const write: CategoryWrite = { id: c.id, version: c.version };
    if (c.id === move.id && c.parent_id !== move.parent) write.parent_id = move.parent;
    if (c.sort_order !== sort_order) write.sort_order = sort_order;
    if (write.parent_id !== undefined || write.sort_order !== undefined) writes.push(write);
  });
  // The moved category's written first: a refused move then changes nothing else.
  return writes.sort((a, b) => Number(b.id === move.id) - Number(a.id === move.id));
}

/** The body of POST /product-categories/{id}/move for `move`; null when it changes nothing. */
export interface MoveRequest {
  parent_id: number | null;
  order: { id: number; version: number }[];
}

export function moveRequest(categories: Category[], move: Move): MoveRequest | null {
  const moved = categories.find((c) => c.id === move.id);
  if (!moved || writesFor(categories, move).length === 0) return null;
  const order = levelAfter(categories, moved, move).map((c) => ({ id: c.id, version: c.version }));
  return { parent_id: move.parent, order };
}

export type Step = "up" | "down" | "indent" | "outdent";

/**
 * The move a key or button makes: up and down among its siblings, indent under the sibling above
 * it (as its last), outdent to just after its parent. null when the step goes nowhere.
 */
export function stepMove(categories: Category[], id: number, step: Step): Move | null {
  const moved = categories.find((c) => c.id === id);
  if (!moved) return null;
  const parent = childrenOf(categories, null).some((c) => c.id === id) ? null : moved.parent_id;
  const siblings = childrenOf(categories, parent);
  const at = siblings.findIndex((c) => c.id === id);
  switch (step) {
    case "up":
      return at > 0 ? { id, parent, index: at - 1 } : null;
    case "down":
      return at < siblings.length - 1 ? { id, parent, index: at + 1 } : null;
    case "indent": {
      const above = siblings[at - 1];
      return above ? { id, parent: above.id, index: childrenOf(categories, above.id).length } : null;
    }
    case "outdent": {
      if (parent === null) return null;
      const grand = categories.find((c) => c.id === parent)?.parent_id ?? null;
      const aunts = childrenOf(categories, grand);
      return { id, parent: grand, index: aunts.findIndex((c) => c.id === parent) + 1 };
    }
  }
}

/** The categories as they are after `writes` (for the announcement and the optimistic view). */
export function applyWrites(categories: Category[], writes: CategoryWrite[]): Category[] {
  const byId = new Map(writes.map((w) => [w.id, w]));
  return categories.map((c) => {
    const w = byId.get(c.id);
    return w
      ? {
          ...c,
          ...(w.parent_id !== undefined ? { parent_id: w.parent_id } : {}),
          ...(w.sort_order !== undefined ? { sort_order: w.sort_order } : {}),
        }
      : c;
  });
}

/** Where a category now is, in words: "Postcards is now 2 of 3 in Marketing Materials." */
export function placeSentence(categories: Category[], id: number): string {
  const c = categories.find((x) => x.id === id);
  if (!c) return "";
  const parent = categories.find((x) => x.id === c.parent_id) ?? null;
  const siblings = childrenOf(categories, parent?.id ?? null);
  const where = parent ? `in ${parent.name}` : "at the top level";
  return `${c.name} is now ${siblings.findIndex((s) => s.id === id) + 1} of ${siblings.length} ${where}.`;
}

/**
 * The move of a drop on the tree (antd Tree's onDrop): onto `target` itself (`intoGap` false)
 * puts the dragged category first under it; into the gap before (`side` -1) or after (1) the
 * target puts it beside the target.
 */
export function dropMove(
  categories: Category[],
  dragged: number,
  target: number,
  intoGap: boolean,
  side: -1 | 0 | 1,
): Move {
  if (!intoGap) return { id: dragged, parent: target, index: 0 };
  const t = categories.find((c) => c.id === target);
  const parent =
    t && childrenOf(categories, null).some((c) => c.id === target) ? null : (t?.parent_id ?? null);
  const siblings = childrenOf(categories, parent).filter((c) => c.id !== dragged);
  const at = siblings.findIndex((c) => c.id === target);
  return { id: dragged, parent, index: side < 0 ? at : at + 1 };
}
