// The reference design editor's arrow keys (issue 21): the selected field moves one step (ten with
// Shift) and stays inside the safe area, as a drag does. Plain ES module: the editor page imports it,
// the unit test too (tests/unit/catalogue/editor-nudge.test.ts).

const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The box's new top-left corner after `key` (null for a key that moves nothing): `step` units, ten
 * times that with Shift, kept inside `safe` ({ x, y, width, height }, the same units as the box).
 */
export function nudge(box, key, shift, step, safe) {
  const direction = KEYS[key];
  if (!direction) return null;
  const by = step * (shift ? 10 : 1);
  const clamp = (value, low, high) => Math.min(Math.max(value, low), Math.max(low, high));
  return {
    x: clamp(box.x + direction[0] * by, safe.x, safe.x + safe.width - box.width),
    y: clamp(box.y + direction[1] * by, safe.y, safe.y + safe.height - box.height),
  };
}
