// An item's planned stations in order (planning sections): a list reordered by dragging its handles
// with the pointer (@dnd-kit) or the keyboard (keyboard-reorder.ts: focus a handle, Space to lift,
// arrows to move, Space to drop, each step announced), or with each step's up and down buttons (no
// dragging needed: a single click or Enter); a station added from a select and one removed with its
// button.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from "@ant-design/icons";
import { arrayMove, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Button, Select, Space, Typography } from "antd";
import { useKeyboardReorder } from "../../components/keyboard-reorder";
import { SortableArea } from "../../components/sortable-area";
import { SortableHandle } from "../../components/sortable-handle";

export interface StationChoice {
  id: number;
  name: string;
  code: string;
}

function Step(props: {
  id: number;
  name: string;
  position: number;
  count: number;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** The handle's keyboard side (keyboard-reorder.ts). */
  keys: ReturnType<ReturnType<typeof useKeyboardReorder<number>>["handleProps"]>;
}) {
  const { id, name, position, count, disabled, onMove, onRemove, keys } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      style={{
        listStyle: "none",
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.85 : 1,
        padding: "4px 8px",
        border: "1px solid #d9d9d9",
        borderRadius: 6,
        background: "#fff",
      }}
    >
      <Space>
        {!disabled && (
          <SortableHandle
            label={`Move ${name} (step ${position})`}
            keys={keys}
            sortable={{ attributes, listeners, setActivatorNodeRef }}
          />
        )}
        <Typography.Text>
          {position}. {name}
        </Typography.Text>
        {!disabled && (
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`Move ${name} up`}
            disabled={position === 1}
            onClick={() => onMove(-1)}
          />
        )}
        {!disabled && (
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`Move ${name} down`}
            disabled={position === count}
            onClick={() => onMove(1)}
          />
        )}
        {!disabled && (
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          />
        )}
      </Space>
    </li>
  );
}

export function StationOrder(props: {
  label: string;
  value: number[];
  stations: StationChoice[];
  disabled: boolean;
  onChange: (ids: number[]) => void;
}) {
  const { label, value, stations, disabled, onChange } = props;
  const nameOf = (id: unknown) => stations.find((s) => s.id === id)?.name ?? `Station ${String(id)}`;
  const keyboard = useKeyboardReorder({ order: value, onChange, nameOf, place: "step" });
  const left = stations.filter((s) => !value.includes(s.id));
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <SortableArea
        order={value}
        onChange={onChange}
        nameOf={nameOf}
        words={{ thing: "station", place: "step", nowhere: "step" }}
      >
        <ol
          aria-label={label}
          style={{ display: "flex", flexDirection: "column", gap: 6, padding: 0, margin: 0 }}
        >
          {value.map((id, i) => (
            <Step
              key={id}
              id={id}
              name={nameOf(id)}
              position={i + 1}
              count={value.length}
              disabled={disabled}
              onMove={(by) => onChange(arrayMove(value, i, i + by))}
              onRemove={() => onChange(value.filter((v) => v !== id))}
              keys={keyboard.handleProps(id)}
            />
          ))}
        </ol>
      </SortableArea>
      <div role="status" aria-live="assertive" aria-label={`${label}: moves`} className="visually-hidden">
        {keyboard.heard}
      </div>
      {value.length === 0 && <Typography.Text type="secondary">No stations planned yet.</Typography.Text>}
      {!disabled && (
        <Select<number>
          aria-label={`Add a station to ${label.toLowerCase()}`}
          placeholder="Add a station"
          style={{ width: "100%", maxWidth: 320 }}
          value={null}
          showSearch
          optionFilterProp="label"
          options={left.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(id) => onChange([...value, id])}
        />
      )}
    </Space>
  );
}
