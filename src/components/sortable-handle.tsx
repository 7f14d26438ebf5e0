// The drag handle of a sortable entry: @dnd-kit's pointer drag and the keyboard's lift-and-move
// (keyboard-reorder.ts) on one button, named for the entry ("Move Cutting (step 2)"). Used by an
// item's planned stations and an attribute's values.
import { HolderOutlined } from "@ant-design/icons";
import type { useSortable } from "@dnd-kit/sortable";
import { Button } from "antd";
import type { KeyboardEvent } from "react";

/** What useKeyboardReorder's handleProps gives one entry. */
export interface HandleKeys {
  ref: (element: HTMLElement | null) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onBlur: () => void;
  "aria-pressed": boolean;
}

type Sortable = Pick<ReturnType<typeof useSortable>, "attributes" | "listeners" | "setActivatorNodeRef">;

export function SortableHandle({
  label,
  keys,
  sortable,
}: {
  label: string;
  keys: HandleKeys;
  sortable: Sortable;
}) {
  return (
    <Button
      ref={(element) => {
        sortable.setActivatorNodeRef(element);
        keys.ref(element);
      }}
      type="text"
      size="small"
      icon={<HolderOutlined />}
      style={{ cursor: "grab" }}
      aria-label={label}
      {...sortable.attributes}
      {...sortable.listeners}
      onKeyDown={keys.onKeyDown}
      onBlur={keys.onBlur}
      aria-pressed={keys["aria-pressed"]}
    />
  );
}
