// A vertical sortable list's pointer side (@dnd-kit): the pointer drags once it has moved 5 px (a
// click stays a click), a drop gives the new order, and the live region words each step
// (sortable-accessibility.ts). The keyboard side is keyboard-reorder.ts on the entries' handles
// (sortable-handle.tsx). Used by an item's planned stations and an attribute's values.
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { ReactNode } from "react";
import { sortableAccessibility } from "./sortable-accessibility";

export function SortableArea<T extends UniqueIdentifier>(props: {
  order: T[];
  onChange: (order: T[]) => void;
  nameOf: (id: UniqueIdentifier) => string;
  words: { thing: string; place: string; nowhere: string };
  children: ReactNode;
}) {
  const { order, onChange, nameOf, words, children } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const placeOf = (id: UniqueIdentifier) => order.indexOf(id as T) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(order, placeOf(active.id) - 1, placeOf(over.id) - 1));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={sortableAccessibility(nameOf, placeOf, words)}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
