// Reordering a list with the keyboard on its drag handles, without a drag: Space or Enter lifts the focused entry,
// the arrows move it one place at a time (the list itself changes, so what is seen is what is saved), Space or
// Enter drops it, Escape puts the list back as it was. Each step is announced in a live region.
// @dnd-kit's KeyboardSensor did this by simulated coordinates: when the next place lay below the middle of the
// window it scrolled the page instead, and an arrow pressed right after the lift was lost.
import { arrayMove } from "@dnd-kit/sortable";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";

const STEPS: Record<string, -1 | 1> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

interface Lift<T> {
  id: T;
  /** The order when it was lifted, for Escape. */
  before: T[];
}

/**
 * The keyboard side of a sortable list. `order`: the entries' ids in their order; `onChange`: a new order;
 * `nameOf` and `place` word the announcements ("Picked up Cutting, step 2.").
 */
export function useKeyboardReorder<T>(props: {
  order: T[];
  onChange: (order: T[]) => void;
  nameOf: (id: T) => string;
  place: string;
}) {
  const { order, onChange, nameOf, place } = props;
  const [lift, setLift] = useState<Lift<T> | null>(null);
  const [heard, setHeard] = useState("");
  const handles = useRef(new Map<T, HTMLElement>());
  // Set while a move re-renders the list: the lifted entry's handle keeps the focus while its element moves
  // (a moved node loses it, and that blur is not the user leaving).
  const moving = useRef<{ id: T } | null>(null);
  const at = (id: T, ids: T[] = order) => ids.indexOf(id) + 1;

  useLayoutEffect(() => {
    const moved = moving.current;
    moving.current = null;
    if (moved) handles.current.get(moved.id)?.focus();
  });

  const onKeyDown = (id: T) => (event: KeyboardEvent) => {
    const lifting = lift?.id === id;
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (lifting) {
        setLift(null);
        setHeard(`${nameOf(id)} dropped at ${place} ${at(id)}.`);
      } else {
        setLift({ id, before: order });
        setHeard(`Picked up ${nameOf(id)}, ${place} ${at(id)}.`);
      }
      return;
    }
    if (!lifting) return;
    if (event.key === "Escape") {
      event.preventDefault();
      moving.current = { id };
      onChange(lift.before);
      setLift(null);
      setHeard(`Moving ${nameOf(id)} was cancelled.`);
      return;
    }
    const step = STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const from = order.indexOf(id);
    const to = from + step;
    if (to < 0 || to >= order.length) {
      setHeard(`${nameOf(id)} is already ${step < 0 ? "first" : "last"}.`);
      return;
    }
    moving.current = { id };
    onChange(arrayMove(order, from, to));
    setHeard(`${nameOf(id)} is now ${place} ${to + 1}.`);
  };

  /** The props of an entry's handle: its element, its keys, pressed while lifted. */
  const handleProps = (id: T) => ({
    ref: (element: HTMLElement | null) => {
      if (element) handles.current.set(id, element);
      else handles.current.delete(id);
    },
    onKeyDown: onKeyDown(id),
    // Leaving the handle while lifted drops the entry where it is.
    onBlur: () => {
      if (lift?.id === id && moving.current === null) setLift(null);
    },
    "aria-pressed": lift?.id === id,
  });

  return { handleProps, heard, lifted: lift?.id ?? null };
}
