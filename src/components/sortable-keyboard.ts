// Keyboard moves of a sortable list by its order (the status lanes; an item's planned stations use
// keyboard-reorder.ts, which moves the list itself instead of simulating a drag): Left/Up take the
// lifted entry one place back, Right/Down one place on. @dnd-kit's sortableKeyboardCoordinates moves by screen
// position instead, so a lane that starts a wrapped row had nowhere to go on Left (nothing lies left of it).
import {
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";

const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** A coordinate getter over `order` (the entries' ids in their order). */
export function orderKeyboardCoordinates(order: readonly UniqueIdentifier[]): KeyboardCoordinateGetter {
  return (event, { context: { active, over, droppableRects } }) => {
    const step = STEPS[event.code];
    if (step === undefined || !active) return undefined;
    event.preventDefault();
    const from = order.indexOf(over?.id ?? active.id);
    const target = order[from + step];
    const rect = target === undefined ? undefined : droppableRects.get(target);
    return rect ? { x: rect.left, y: rect.top } : undefined;
  };
}

/** The sensors of such a list: the pointer once it has moved 5 px (a click stays a click), the keyboard by order. */
export function useOrderedSortSensors(order: readonly UniqueIdentifier[]) {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // An instant scroll: when the next place lies below the middle of the viewport the sensor scrolls the page
    // instead of moving the entry, and the move follows from the scroll; a smooth one left it behind.
    useSensor(KeyboardSensor, { coordinateGetter: orderKeyboardCoordinates(order), scrollBehavior: "auto" }),
  );
}
