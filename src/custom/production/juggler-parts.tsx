// The juggler's pieces (juggler-board.tsx puts them together): a candidate item one drags, and a
// run one drops it on (a run filling, or the draft of a new one) with its sheet-fill indicator,
// its sheets (set by the item needing the most) and each item's overs.
import { CloseOutlined, DownOutlined, HolderOutlined } from "@ant-design/icons";
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { Button, Dropdown, Empty, Flex, Progress, Space, Tag, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  coatingWords,
  type Gang,
  type JugglerItem,
  type Piece,
  type RunRowBody,
  sheetFigures,
} from "./juggler-logic";
import { ProofThumbnail } from "./run-card";

const count = (n: number) => n.toLocaleString("en-US");

export const gangWords = (g: Gang): string =>
  [g.stock ?? "No stock set", g.color_spec ?? "no colours", coatingWords(g.coating)].join(" · ");

export interface DropTarget {
  id: string;
  label: string;
}

/** One candidate: dragged by its handle (mouse, touch or keyboard), or sent with "Add to…". */
export function CandidateChip(props: {
  item: JugglerItem;
  targets: DropTarget[];
  onAdd: (item: JugglerItem, target: string) => void;
  busy: boolean;
}) {
  const { item, targets, onAdd, busy } = props;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `item-${item.id}`,
    data: { item },
    disabled: busy,
  });
  return (
    <li
      ref={setNodeRef}
      data-testid={`candidate-${item.id}`}
      style={{
        listStyle: "none",
        opacity: isDragging ? 0.4 : 1,
        border: "1px solid #f0f0f0",
        borderRadius: 6,
        padding: "6px 8px",
        background: "#fff",
      }}
    >
      <Flex gap={8} align="center">
        <Button
          type="text"
          size="small"
          icon={<HolderOutlined />}
          aria-label={`Drag item ${item.id} of ${item.order_number}`}
          style={{ cursor: "grab", touchAction: "none" }}
          {...attributes}
          {...listeners}
        />
        {item.proof_url && <ProofThumbnail url={item.proof_url} label={`Proof of item ${item.id}`} />}
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Space size={4} wrap>
            <Typography.Text strong>{item.order_number}</Typography.Text>
            <Typography.Text type="secondary">item {item.id}</Typography.Text>
            {item.rush && <Tag color="red">Rush</Tag>}
          </Space>
          <Typography.Text ellipsis>
            {count(item.quantity)} × {item.product ?? item.description}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.customer ?? ""}
            {item.due ? ` · due ${item.due}` : ""}
          </Typography.Text>
        </Flex>
        <Dropdown
          disabled={busy}
          trigger={["click"]}
          menu={{
            items: targets.map((t) => ({ key: t.id, label: t.label })),
            onClick: ({ key }) => onAdd(item, key),
          }}
        >
          <Button size="small" aria-label={`Add item ${item.id} to a run`}>
            Add to <DownOutlined />
          </Button>
        </Dropdown>
      </Flex>
    </li>
  );
}

export interface RunRowView extends RunRowBody, Piece {
  order_number: string;
  product: string | null;
}

/** A run (or the new run's draft) as a drop target, with its figures. */
export function RunPanel(props: {
  id: string;
  title: ReactNode;
  gang: Gang | null;
  rows: RunRowView[];
  /** Slots on the sheet (null: no sizes to tell). */
  capacity: number | null;
  sheetSize: string | null;
  /** While an item is dragged: why it cannot join (null: it can), undefined: nothing dragged. */
  refusal: string | null | undefined;
  onRemove?: (orderItemId: number) => void;
  actions?: ReactNode;
  busy: boolean;
}) {
  const { id, title, gang, rows, capacity, sheetSize, refusal, onRemove, actions, busy } = props;
  const { setNodeRef, isOver } = useDroppable({ id, disabled: busy });
  const { sheets, overs, slots } = sheetFigures(rows);
  const setter = rows.findIndex(
    (r) => Math.ceil(r.quantity_required / Math.max(1, r.number_up)) === sheets && sheets > 0,
  );
  const dragging = refusal !== undefined;
  const border = dragging ? (refusal ? "2px dashed #cf1322" : "2px dashed #389e0d") : "1px solid #d9d9d9";
  const full = capacity ? Math.round((slots / capacity) * 100) : 0;
  return (
    <section
      ref={setNodeRef}
      aria-label={typeof title === "string" ? title : id}
      data-testid={`drop-${id}`}
      style={{
        border,
        borderRadius: 8,
        padding: 12,
        background: isOver ? (refusal ? "#fff1f0" : "#f6ffed") : "#fff",
      }}
    >
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {actions}
      </Flex>
      <Typography.Text type="secondary">
        {gang ? gangWords(gang) : "Drop an item here to start a run"}
        {sheetSize ? ` · ${sheetSize} sheet` : ""}
      </Typography.Text>
      {dragging && refusal && (
        <Typography.Paragraph type="danger" style={{ margin: "4px 0 0" }}>
          {refusal}
        </Typography.Paragraph>
      )}
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No items yet" />
      ) : (
        <>
          <Flex gap={12} align="center" wrap style={{ margin: "8px 0" }}>
            <Tooltip title="Slots used of the slots on the sheet">
              <Progress
                type="circle"
                size={48}
                percent={Math.min(full, 100)}
                status={capacity !== null && slots > capacity ? "exception" : "normal"}
                format={() => (capacity ? `${slots}/${capacity}` : String(slots))}
                aria-label={capacity ? `${slots} of ${capacity} slots used` : `${slots} slots used`}
              />
            </Tooltip>
            <Flex vertical>
              <Typography.Text data-testid={`sheets-${id}`}>
                <strong>{count(sheets)}</strong> sheets
                {setter >= 0 ? `, set by ${rows[setter].order_number}` : ""}
              </Typography.Text>
              <Typography.Text type="secondary">
                {capacity ? `${slots} of ${capacity} slots used` : `${slots} slots (sheet or sizes unknown)`}
              </Typography.Text>
            </Flex>
          </Flex>
          <ol style={{ margin: 0, paddingLeft: 18 }}>
            {rows.map((row, i) => (
              <li key={row.order_item_id} data-testid={`row-${id}-${row.order_item_id}`}>
                <Flex justify="space-between" align="center" gap={8}>
                  <span>
                    {row.order_number} · item {row.order_item_id} · {count(row.quantity_required)} at{" "}
                    {row.number_up} up
                    {overs[i] > 0 && (
                      <Typography.Text type="secondary"> · +{count(overs[i])} over</Typography.Text>
                    )}
                  </span>
                  {onRemove && (
                    <Button
                      type="text"
                      size="small"
                      disabled={busy}
                      icon={<CloseOutlined />}
                      aria-label={`Take item ${row.order_item_id} off`}
                      onClick={() => onRemove(row.order_item_id)}
                    />
                  )}
                </Flex>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** A run's link in a panel title. */
export const RunTitle = ({ id, number }: { id: number; number: string }) => (
  <Link to={`/runs/${id}`}>Run {number}</Link>
);
