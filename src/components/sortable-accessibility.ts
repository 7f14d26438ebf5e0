// What @dnd-kit's live region says while a sortable list is moved by keyboard or pointer (the status
// lanes, an item's planned stations): each step named by `nameOf`, its place by `placeOf`.
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";

export function sortableAccessibility(
  nameOf: (id: UniqueIdentifier) => string,
  placeOf: (id: UniqueIdentifier) => number,
  words: { thing: string; place: string; nowhere: string },
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const { thing, place, nowhere } = words;
  return {
    announcements: {
      onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${place} ${placeOf(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over
          ? `${nameOf(active.id)} is over ${place} ${placeOf(over.id)}.`
          : `${nameOf(active.id)} is over no ${nowhere}.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${nameOf(active.id)} dropped at ${place} ${placeOf(over.id)}.`
          : `${nameOf(active.id)} dropped.`,
      onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
    },
    screenReaderInstructions: {
      draggable: `To move a ${thing}, press Space or Enter, move it with the arrow keys, and press Space or Enter again to drop it, or Escape to cancel.`,
    },
  };
}
