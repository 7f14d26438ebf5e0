// A child collection (order items, shipping addresses) edited inside its parent's form: an antd
// Form.List shown as a table, one row per child row and one cell input per field (the declared
// columns first, then every other editable field, so required ones are never out of reach).
// Rows are added, removed and moved with buttons (keyboard reachable, named per row); the
// declared min/max rows are checked before sending, and the server's errors land on their cell
// (`items.2.quantity` → ['items', 2, 'quantity']) or, for the whole collection, under the table.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import {
  Button,
  Flex,
  Form,
  type FormListFieldData,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from "antd";
import type { CSSProperties } from "react";
import type { Resource } from "../../resource-engine/define";
import { inSentence } from "../../resource-engine/list-query";
import { defaultRow, isEditable } from "../../resource-engine/record-values";
import { FormControl, rulesOf } from "./form-control";

type Child = Resource["children"][string];

// Shown to screen readers only: each cell's input is named "Quantity, item 3".
const HIDDEN: CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
};

/** The fields a row's inputs edit: the declared columns first, then the other editable ones. */
export function childInputNames(child: Child): string[] {
  const names = [...child.columns, ...Object.keys(child.fields).filter((n) => !child.columns.includes(n))];
  return names.filter((name) => isEditable(child.fields[name]));
}

const noun = (child: Child, count: number) => inSentence(count === 1 ? child.singular : child.label);

/** The collection's own checks: the declared fewest and most rows. */
export function rowCountRules(child: Child) {
  return [
    {
      validator: async (_: unknown, rows: unknown) => {
        const count = Array.isArray(rows) ? rows.length : 0;
        if (count < child.min) throw new Error(`Add at least ${child.min} ${noun(child, child.min)}.`);
        if (count > child.max)
          throw new Error(
            `Keep at most ${child.max} ${noun(child, child.max)}: remove ${count - child.max}.`,
          );
      },
    },
  ];
}

export function cellId(name: string, index: number, field: string): string {
  return `${name}_${index}_${field}`;
}

interface ChildRowsInputProps {
  name: string;
  child: Child;
  /** The stored rows (edit), so a row's enum transitions start from its stored value. */
  storedRows?: unknown;
}

export function ChildRowsInput({ name, child, storedRows }: ChildRowsInputProps) {
  const form = Form.useFormInstance();
  const names = childInputNames(child);
  const singular = inSentence(child.singular);
  const stored = new Map(
    (Array.isArray(storedRows) ? (storedRows as Record<string, unknown>[]) : []).map((row) => [
      String(row.id),
      row,
    ]),
  );

  return (
    <section aria-label={child.label} style={{ marginBottom: 24 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {child.label}
      </Typography.Title>
      <Form.List name={name} rules={rowCountRules(child)}>
        {(rows, { add, remove, move }, { errors }) => {
          const columns: TableColumnsType<FormListFieldData> = [
            { key: "row", title: "#", width: 48, render: (_, __, index) => index + 1 },
            ...names.map((fieldName) => {
              const field = child.fields[fieldName];
              return {
                key: fieldName,
                title: (
                  <span>
                    {field.label}
                    {field.required && (
                      <Typography.Text type="danger" aria-hidden>
                        {" "}
                        *
                      </Typography.Text>
                    )}
                  </span>
                ),
                onCell: () => ({
                  style: { minWidth: field.type === "boolean" ? 72 : 160, verticalAlign: "top" },
                }),
                render: (_: unknown, row: FormListFieldData, index: number) => {
                  const id = cellId(name, index, fieldName);
                  const rowId = form.getFieldValue([name, row.name, "id"]);
                  const current = rowId === undefined ? undefined : stored.get(String(rowId))?.[fieldName];
                  return (
                    <>
                      <label htmlFor={id} style={HIDDEN}>
                        {`${field.label}, ${singular} ${index + 1}`}
                      </label>
                      <Form.Item
                        name={[row.name, fieldName]}
                        rules={rulesOf(field)}
                        required={field.required}
                        style={{ margin: 0 }}
                      >
                        <FormControl field={field} current={current} editing={rowId !== undefined} id={id} />
                      </Form.Item>
                    </>
                  );
                },
              };
            }),
            {
              key: "actions",
              title: "Actions",
              width: 120,
              fixed: "right",
              render: (_: unknown, row: FormListFieldData, index: number) => (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`Move ${singular} ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Move ${singular} ${index + 1} down`}
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove ${singular} ${index + 1}`}
                    onClick={() => remove(row.name)}
                  />
                </Space>
              ),
            },
          ];
          const full = rows.length >= child.max;
          return (
            <>
              <Table<FormListFieldData>
                rowKey="key"
                size="small"
                columns={columns}
                dataSource={rows}
                pagination={false}
                scroll={{ x: "max-content" }}
                locale={{ emptyText: `No ${inSentence(child.label)} yet` }}
              />
              <Flex gap={8} align="center" wrap style={{ marginTop: 8 }}>
                <Button icon={<PlusOutlined />} onClick={() => add(defaultRow(child))} disabled={full}>
                  Add {singular}
                </Button>
                {full && (
                  <Typography.Text type="secondary">
                    At most {child.max} {noun(child, child.max)}.
                  </Typography.Text>
                )}
              </Flex>
              <Form.ErrorList errors={errors} />
            </>
          );
        }}
      </Form.List>
    </section>
  );
}
