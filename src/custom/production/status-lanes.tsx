// A workflow's statuses as ordered lanes (status management): one card per status in sort order,
// with its colour, category, customer label, station and flags, dragged to a new place with
// @dnd-kit (pointer, or keyboard: focus a handle, Space to lift, arrows to move, Space to drop; its
// live region announces each step). A drop hands the new order to `onReorder`; the page writes it.

import { HolderOutlined } from "@ant-design/icons";
import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Button, Card, Space, Tag, Typography } from "antd";
import { sortableAccessibility } from "../../components/sortable-accessibility";
import { useOrderedSortSensors } from "../../components/sortable-keyboard";
import type { WorkflowStatus } from "./status-workflow";

const CATEGORY_COLOURS: Record<string, string> = {
  open: "blue",
  production: "orange",
  complete: "green",
  cancelled: "red",
};

function Lane(props: {
  status: WorkflowStatus;
  position: number;
  station: string | null;
  mayEdit: boolean;
  busy: boolean;
  onEdit: (status: WorkflowStatus) => void;
}) {
  const { status, position, station, mayEdit, busy, onEdit } = props;
  // While a move is written, no other starts.
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: status.id, disabled: !mayEdit || busy });
  return (
    <li
      ref={setNodeRef}
      style={{
        listStyle: "none",
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : 1,
      }}
      data-testid={`lane-${status.code}`}
    >
      <Card
        size="small"
        style={{ width: 220, borderTop: `4px solid ${status.color ?? "#d9d9d9"}` }}
        title={
          <Space size={4}>
            {mayEdit && (
              <Button
                ref={setActivatorNodeRef}
                type="text"
                size="small"
                icon={<HolderOutlined />}
                style={{ cursor: "grab" }}
                aria-label={`Move ${status.name} (position ${position})`}
                {...attributes}
                {...listeners}
              />
            )}
            <Typography.Text strong>{status.name}</Typography.Text>
          </Space>
        }
        extra={
          mayEdit ? (
            <Button
              type="link"
              size="small"
              onClick={() => onEdit(status)}
              aria-label={`Edit ${status.name}`}
            >
              Edit
            </Button>
          ) : undefined
        }
      >
        <Space direction="vertical" size={2}>
          <Typography.Text type="secondary" code>
            {status.code}
          </Typography.Text>
          <span>
            <Tag color={CATEGORY_COLOURS[status.category ?? ""]}>{status.category ?? "no category"}</Tag>
          </span>
          <Typography.Text type="secondary">
            Customers see: {status.customer_label || status.name}
          </Typography.Text>
          {station && <Typography.Text type="secondary">Waits at: {station}</Typography.Text>}
          <Space size={2} wrap>
            {status.show_on_board && <Tag>on board</Tag>}
            {status.notify_customer && <Tag>notifies</Tag>}
            {status.locks_editing && <Tag>locks editing</Tag>}
            {status.allows_cancellation && <Tag>cancellable</Tag>}
          </Space>
        </Space>
      </Card>
    </li>
  );
}

export function StatusLanes(props: {
  lanes: WorkflowStatus[];
  stations: Map<number, string>;
  mayEdit: boolean;
  busy: boolean;
  onReorder: (from: number, to: number) => void;
  onEdit: (status: WorkflowStatus) => void;
}) {
  const { lanes, stations, mayEdit, busy, onReorder, onEdit } = props;
  const sensors = useOrderedSortSensors(lanes.map((s) => s.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || busy) return;
    const from = lanes.findIndex((s) => s.id === active.id);
    const to = lanes.findIndex((s) => s.id === over.id);
    if (from >= 0 && to >= 0) onReorder(from, to);
  };
  const name = (id: unknown) => lanes.find((s) => s.id === id)?.name ?? "the status";
  const place = (id: unknown) => lanes.findIndex((s) => s.id === id) + 1;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={sortableAccessibility(name, place, {
        thing: "status",
        place: "position",
        nowhere: "place",
      })}
    >
      <SortableContext items={lanes.map((s) => s.id)} strategy={rectSortingStrategy}>
        <ol
          aria-label="Statuses in order"
          style={{ display: "flex", flexWrap: "wrap", gap: 12, padding: 0, margin: 0 }}
        >
          {lanes.map((status, i) => (
            <Lane
              key={status.id}
              status={status}
              position={i + 1}
              station={status.station_id === null ? null : (stations.get(status.station_id) ?? null)}
              mayEdit={mayEdit}
              busy={busy}
              onEdit={onEdit}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
