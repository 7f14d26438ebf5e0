// An attribute's values edited in place (issue 21): one row each with its code, label, price
// modifier (a price delta in dollars, or a multiplier when the attribute prices by multiplier),
// default and active flags. Rows move by dragging their handle (@dnd-kit) or from the keyboard on the
// same handle (keyboard-reorder.ts: Space lifts, arrows move, Space drops, each step announced).
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Button, Checkbox, Flex, Form, Input, InputNumber, Switch, Table, Typography } from "antd";
import { createContext, type HTMLAttributes, type ReactNode, useContext } from "react";
import { useKeyboardReorder } from "../../components/keyboard-reorder";
import { SortableArea } from "../../components/sortable-area";
import { type HandleKeys, SortableHandle } from "../../components/sortable-handle";
import { PRICE_DELTA_MIN } from "../../resources/attributes";
import { blankRow, codeFromLabel, type EditableField, type ValueRow } from "./attribute-values";

// The row's sortable handle, passed from the row (which owns useSortable) to its handle cell.
const HandleContext = createContext<{ handle: (keys: HandleKeys, name: string, place: number) => ReactNode }>(
  {
    handle: () => null,
  },
);

type RowProps = HTMLAttributes<HTMLTableRowElement> & { "data-row-key"?: string };

// The table's "no values yet" row has no key: it is not sortable.
function SortableRow(props: RowProps) {
  const id = props["data-row-key"];
  return id === undefined ? <tr {...props} /> : <KeyedRow {...props} id={id} />;
}

function KeyedRow({ id, ...props }: RowProps & { id: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (keys: HandleKeys, name: string, place: number) => (
    <SortableHandle
      label={`Move ${name} (value ${place})`}
      keys={keys}
      sortable={{ attributes, listeners, setActivatorNodeRef }}
    />
  );
  return (
    <HandleContext.Provider value={{ handle }}>
      <tr
        {...props}
        ref={setNodeRef}
        style={{
          ...props.style,
          transform: CSS.Translate.toString(transform),
          transition,
          ...(isDragging ? { position: "relative", zIndex: 2, background: "#fafafa" } : {}),
        }}
      />
    </HandleContext.Provider>
  );
}

function Handle(props: { keys: HandleKeys; name: string; place: number }) {
  return <>{useContext(HandleContext).handle(props.keys, props.name, props.place)}</>;
}

export function AttributeValuesTable(props: {
  rows: ValueRow[];
  onChange: (rows: ValueRow[]) => void;
  errors: Record<string, string>;
  /** The attribute prices by multiplier: the modifier column edits it instead of the price delta. */
  multiplier: boolean;
  disabled: boolean;
}) {
  const { rows, onChange, errors, multiplier, disabled } = props;
  const keys = rows.map((r) => r.key);
  const nameOf = (key: unknown) => {
    const i = keys.indexOf(key as string);
    return rows[i]?.label.trim() || `value ${i + 1}`;
  };
  const reorder = (order: string[]) => onChange(order.map((k) => rows[keys.indexOf(k)]));
  const keyboard = useKeyboardReorder({ order: keys, onChange: reorder, nameOf, place: "value" });
  const set = (key: string, change: Partial<ValueRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const cell = (row: ValueRow, field: EditableField, input: ReactNode) => {
    const error = errors[`${row.key}.${field}`];
    return (
      <Form.Item
        style={{ margin: 0 }}
        validateStatus={error ? "error" : undefined}
        help={error}
        htmlFor={`${row.key}-${field}`}
      >
        {input}
      </Form.Item>
    );
  };
  const place = (row: ValueRow) => keys.indexOf(row.key) + 1;

  return (
    <Flex vertical gap={8}>
      <SortableArea
        order={keys}
        onChange={reorder}
        nameOf={nameOf}
        words={{ thing: "value", place: "value", nowhere: "value" }}
      >
        <Table<ValueRow>
          rowKey="key"
          size="small"
          dataSource={rows}
          pagination={false}
          scroll={{ x: 720 }}
          components={disabled ? undefined : { body: { row: SortableRow } }}
          locale={{ emptyText: "No values yet: add the first one" }}
          columns={[
            {
              title: <span className="visually-hidden">Order</span>,
              key: "order",
              width: 48,
              render: (_, row) =>
                disabled ? (
                  place(row)
                ) : (
                  <Handle keys={keyboard.handleProps(row.key)} name={nameOf(row.key)} place={place(row)} />
                ),
            },
            {
              title: "Label",
              key: "label",
              render: (_, row) =>
                cell(
                  row,
                  "label",
                  <Input
                    id={`${row.key}-label`}
                    aria-label={`Label of value ${place(row)}`}
                    value={row.label}
                    maxLength={120}
                    disabled={disabled}
                    onChange={(e) => set(row.key, { label: e.target.value })}
                    // A new value's code follows its label until the code is typed.
                    onBlur={() => {
                      if (row.code === "" && row.label.trim() !== "")
                        set(row.key, { code: codeFromLabel(row.label) });
                    }}
                  />,
                ),
            },
            {
              title: "Code",
              key: "code",
              width: 180,
              render: (_, row) =>
                cell(
                  row,
                  "code",
                  <Input
                    id={`${row.key}-code`}
                    aria-label={`Code of value ${place(row)}`}
                    value={row.code}
                    maxLength={40}
                    disabled={disabled}
                    onChange={(e) => set(row.key, { code: e.target.value })}
                  />,
                ),
            },
            {
              title: multiplier ? "Price multiplier" : "Price modifier",
              key: "modifier",
              width: 170,
              render: (_, row) =>
                multiplier
                  ? cell(
                      row,
                      "multiplier",
                      <InputNumber
                        id={`${row.key}-multiplier`}
                        aria-label={`Price multiplier of value ${place(row)}`}
                        prefix="×"
                        min={0}
                        step={0.05}
                        value={row.multiplier}
                        disabled={disabled}
                        onChange={(v) => set(row.key, { multiplier: v })}
                        style={{ width: "100%" }}
                      />,
                    )
                  : cell(
                      row,
                      "price_delta",
                      <InputNumber
                        id={`${row.key}-price_delta`}
                        aria-label={`Price modifier of value ${place(row)}`}
                        prefix="$"
                        min={PRICE_DELTA_MIN}
                        step={1}
                        value={row.price_delta}
                        disabled={disabled}
                        onChange={(v) => set(row.key, { price_delta: v })}
                        style={{ width: "100%" }}
                      />,
                    ),
            },
            {
              title: "Default",
              key: "is_default",
              width: 80,
              render: (_, row) => (
                <Checkbox
                  aria-label={`Value ${place(row)} is the default`}
                  checked={row.is_default}
                  disabled={disabled}
                  onChange={(e) => set(row.key, { is_default: e.target.checked })}
                />
              ),
            },
            {
              title: "Active",
              key: "active",
              width: 80,
              render: (_, row) => (
                <Switch
                  size="small"
                  aria-label={`Value ${place(row)} is active`}
                  checked={row.active}
                  disabled={disabled}
                  onChange={(active) => set(row.key, { active })}
                />
              ),
            },
            ...(disabled
              ? []
              : [
                  {
                    title: <span className="visually-hidden">Remove</span>,
                    key: "remove",
                    width: 48,
                    render: (_: unknown, row: ValueRow) => (
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Remove ${nameOf(row.key)}`}
                        onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                      />
                    ),
                  },
                ]),
          ]}
        />
      </SortableArea>
      <div role="status" aria-live="assertive" aria-label="Values: moves" className="visually-hidden">
        {keyboard.heard}
      </div>
      {!disabled && (
        <Flex gap={12} align="center" wrap>
          <Button icon={<PlusOutlined />} onClick={() => onChange([...rows, blankRow()])}>
            Add value
          </Button>
          <Typography.Text type="secondary">
            To move a value, focus its handle, press Space, move it with the arrow keys and press Space again.
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
