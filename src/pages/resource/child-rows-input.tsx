// A child collection (order items, shipping addresses) edited inside its parent's form: an antd
// Form.List drawn as one compact card per row. The row's main fields (the declared columns and
// any required field) sit in a grid that wraps, so a phone stacks them rather than scrolling
// sideways; the other editable fields fold under "More", still mounted so their rules run and
// their values travel. Rows are added, removed and moved with buttons (keyboard reachable, named
// per row); the declared min/max rows are checked before sending, and the server's errors land
// on their input (`items.2.quantity` → ['items', 2, 'quantity']) or, for the whole collection,
// under the rows.
//
// A reference that `fills` others (fields.ts: an item's product) fills them when picked, from the
// record the server answers (fill-source.ts), prices from its tiers for the row's quantity
// (pricing.ts); a quantity change re-prices unless the user typed the price. Filled values stay
// editable.
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  PlusOutlined,
  UpOutlined,
} from "@ant-design/icons";
import { Button, Card, Col, type ColProps, Flex, Form, Row, Space, Typography } from "antd";
import { type CSSProperties, type ReactNode, useRef, useState } from "react";
import type { Resource } from "../../resource-engine/define";
import type { Field, ReferenceField } from "../../resource-engine/fields";
import { inSentence } from "../../resource-engine/list-query";
import { filledValues, pricedBy, tierPrice } from "../../resource-engine/pricing";
import { defaultRow, isEditable, type Values } from "../../resource-engine/record-values";
import { boundedField, type FieldBounds } from "./field-bounds";
import { type FillSource, useFillSource } from "./fill-source";
import { FormControl, type FormControlProps, Lockable, rulesOf } from "./form-control";

type Child = Resource["children"][string];
type Filling = ReferenceField & { fills: NonNullable<ReferenceField["fills"]> };

// Shown to screen readers only: each input is named "Quantity, item 3".
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

/** The row's always-shown fields (declared columns, and required ones) and those under "More". */
export function rowSections(child: Child): { main: string[]; more: string[] } {
  const names = childInputNames(child);
  const main = names.filter((n) => child.columns.includes(n) || child.fields[n].required);
  return { main, more: names.filter((n) => !main.includes(n)) };
}

const WIDE = new Set<Field["type"]>(["text", "longText", "richText", "reference", "referenceList", "json"]);
/** Wide inputs take a third of a desktop row, narrow ones a sixth; a phone gets whole and half rows. */
const spanOf = (field: Field): ColProps =>
  WIDE.has(field.type) || field.type === "email" || field.type === "url"
    ? { xs: 24, sm: 12, lg: 8 }
    : { xs: 12, sm: 6, lg: 4 };

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

const fillingOf = (field: Field): field is Filling => field.type === "reference" && field.fills !== undefined;

/** A cell's control that also reports the user's own changes (Form.Item hands it value/onChange). */
function WatchedControl({
  onUserChange,
  onChange,
  ...props
}: FormControlProps & { onUserChange?: (value: unknown) => void }) {
  return (
    <FormControl
      {...props}
      onChange={(value) => {
        onChange?.(value);
        onUserChange?.(value);
      }}
    />
  );
}

interface ChildRowsInputProps {
  name: string;
  child: Child;
  /** The stored rows (edit), so a row's enum transitions start from its stored value. */
  storedRows?: unknown;
  /** Values a new row starts with besides the declared defaults (the server's first status). */
  rowDefaults?: Values;
  /**
   * The parent kind: its look-ups offer the rows' reference values (reference-source.ts), and
   * what a picked record fills is asked under its path (fill-source.ts).
   */
  resource?: Resource;
  /** What other records allow, by path ("drops.2.quantity"): field-bounds.ts. */
  bounds?: FieldBounds;
}

export function ChildRowsInput({
  name,
  child,
  storedRows,
  rowDefaults,
  resource,
  bounds,
}: ChildRowsInputProps) {
  const form = Form.useFormInstance();
  const { main, more } = rowSections(child);
  const singular = inSentence(child.singular);
  const stored = new Map(
    (Array.isArray(storedRows) ? (storedRows as Record<string, unknown>[]) : []).map((row) => [
      String(row.id),
      row,
    ]),
  );
  const [open, setOpen] = useState<Set<number>>(new Set());
  const fillSource = useFillSource(resource?.path ?? "");
  // By row key (stable across moves): the records picked in it, and the prices the user typed.
  const picked = useRef(new Map<number, Record<string, FillSource>>());
  const typed = useRef(new Map<number, Set<string>>());

  const setRow = (rowName: number, values: Values) =>
    form.setFields(Object.entries(values).map(([field, value]) => ({ name: [name, rowName, field], value })));

  const onPick = async (rowName: number, key: number, fieldName: string, field: Filling, id: unknown) => {
    typed.current.delete(key);
    const source = await fillSource(`${name}.${fieldName}`, id).catch(() => undefined);
    // A later pick (or a moved row) wins over this answer.
    if (!source || form.getFieldValue([name, rowName, fieldName]) !== id) return;
    picked.current.set(key, { ...picked.current.get(key), [fieldName]: source });
    setRow(rowName, filledValues(field.fills, source, form.getFieldValue([name, rowName]) ?? {}));
  };

  const onQuantity = (rowName: number, key: number, quantityField: string, quantity: unknown) => {
    for (const [fieldName, source] of Object.entries(picked.current.get(key) ?? {})) {
      const field = child.fields[fieldName] as Filling;
      for (const [priced, by] of Object.entries(pricedBy(field.fills))) {
        if (by !== quantityField || typed.current.get(key)?.has(priced)) continue;
        const tiers = field.fills[priced] as { tiers: string };
        const price = tierPrice(source[tiers.tiers], quantity);
        if (price !== undefined) setRow(rowName, { [priced]: price });
      }
    }
  };

  const onTyped = (key: number, fieldName: string, value: unknown) => {
    const set = typed.current.get(key) ?? new Set<string>();
    // Clearing a typed price hands it back to the tiers.
    if (value === null || value === undefined || value === "") set.delete(fieldName);
    else set.add(fieldName);
    typed.current.set(key, set);
  };

  /** What a change of `fieldName` in a row sets off, if anything. */
  const watcherOf = (fieldName: string, rowName: number, key: number) => {
    const field = child.fields[fieldName];
    if (fillingOf(field)) return (id: unknown) => void onPick(rowName, key, fieldName, field, id);
    const filledBy = Object.values(child.fields).filter(fillingOf);
    if (filledBy.some((f) => Object.values(pricedBy(f.fills)).includes(fieldName)))
      return (quantity: unknown) => onQuantity(rowName, key, fieldName, quantity);
    if (filledBy.some((f) => fieldName in pricedBy(f.fills)))
      return (value: unknown) => onTyped(key, fieldName, value);
    return undefined;
  };

  const cell = (fieldName: string, rowName: number, key: number, index: number): ReactNode => {
    // A row's own bound, else one for every row (guarded-locks.ts).
    const bound = bounds?.[`${name}.${rowName}.${fieldName}`] ?? bounds?.[`${name}.*.${fieldName}`];
    const field = boundedField(child.fields[fieldName], bound);
    const id = cellId(name, index, fieldName);
    const rowId = form.getFieldValue([name, rowName, "id"]);
    const current = rowId === undefined ? undefined : stored.get(String(rowId))?.[fieldName];
    return (
      <Col key={fieldName} {...spanOf(field)}>
        <Lockable bound={bound}>
          <Form.Item
            name={[rowName, fieldName]}
            label={
              // The help as a hover title, not antd's tooltip icon, whose name would join the label's.
              <span title={field.help}>
                {field.label}
                <span style={HIDDEN}>{`, ${singular} ${index + 1}`}</span>
              </span>
            }
            htmlFor={id}
            rules={rulesOf(field)}
            required={field.required}
            extra={bound?.message}
            style={{ marginBottom: 12 }}
          >
            <WatchedControl
              field={field}
              current={current}
              editing={rowId !== undefined}
              id={id}
              onUserChange={watcherOf(fieldName, rowName, key)}
              source={resource && { resource, field: `${name}.${fieldName}`, row: [name, rowName] }}
            />
          </Form.Item>
        </Lockable>
      </Col>
    );
  };

  const toggle = (key: number) =>
    setOpen((keys) => {
      const next = new Set(keys);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section aria-label={child.label} style={{ marginBottom: 24 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {child.label}
      </Typography.Title>
      <Form.List name={name} rules={rowCountRules(child)}>
        {(rows, { add, remove, move }, { errors }) => {
          const full = rows.length >= child.max;
          return (
            <>
              <Flex vertical gap={12}>
                {rows.length === 0 && (
                  <Typography.Text type="secondary">No {inSentence(child.label)} yet</Typography.Text>
                )}
                {rows.map((row, index) => {
                  // A folded field with an error (the server's) unfolds its section.
                  const expanded =
                    open.has(row.key) || more.some((f) => form.getFieldError([name, row.name, f]).length > 0);
                  const moreId = `${name}_${row.key}_more`;
                  // A row other records hold (an item a run prints) stays on the record.
                  const rowLock = bounds?.[`${name}.${row.name}`];
                  return (
                    <Card
                      key={row.key}
                      size="small"
                      title={`${child.singular} ${index + 1}`}
                      styles={{ body: { paddingBottom: more.length > 0 ? 4 : 0 } }}
                      extra={
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
                            disabled={rowLock?.locked}
                            title={rowLock?.locked ? rowLock.message : undefined}
                            onClick={() => remove(row.name)}
                          />
                        </Space>
                      }
                    >
                      {rowLock?.locked && (
                        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                          {rowLock.message}
                        </Typography.Paragraph>
                      )}
                      <Row gutter={12}>{main.map((f) => cell(f, row.name, row.key, index))}</Row>
                      {more.length > 0 && (
                        <>
                          <Button
                            type="link"
                            size="small"
                            icon={expanded ? <UpOutlined /> : <DownOutlined />}
                            aria-expanded={expanded}
                            aria-controls={moreId}
                            aria-label={`More of ${singular} ${index + 1}`}
                            onClick={() => toggle(row.key)}
                            style={{ paddingInline: 0, marginBottom: 8 }}
                          >
                            More: {more.map((f) => inSentence(child.fields[f].label ?? f)).join(", ")}
                          </Button>
                          {/* Folded, not unmounted: the fields keep their values and rules. */}
                          <div id={moreId} hidden={!expanded}>
                            <Row gutter={12}>{more.map((f) => cell(f, row.name, row.key, index))}</Row>
                          </div>
                        </>
                      )}
                    </Card>
                  );
                })}
              </Flex>
              <Flex gap={8} align="center" wrap style={{ marginTop: 12 }}>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ ...defaultRow(child), ...rowDefaults })}
                  disabled={full}
                >
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
