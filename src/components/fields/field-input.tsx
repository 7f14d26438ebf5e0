// The form input for a field by its type, and its Form.Item (label, required mark, rules, help).
// Form.Item passes `value`/`onChange`/`id` to FieldInput, which hands them to the right control.
import { ColorPicker, Form, Input, InputNumber, Select, Switch } from "antd";
import type { Field } from "../../resource-engine/fields";
import { DateInput } from "./date-input";
import { rulesFor } from "./field-rules";
import { ReferenceSelect } from "./reference-select";
import type { ReferenceSource } from "./reference-source";
import { RichTextInput } from "./rich-text-input";
import { SecretInput } from "./secret-input";

interface FieldInputProps {
  field: Field;
  id?: string;
  /** Shown while empty; the field's label when absent. */
  placeholder?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** A reference's kind and field, for its look-up (reference-source.ts); in a form, dependent. */
  source?: ReferenceSource;
}

const PRECISION: Partial<Record<Field["type"], number>> = { integer: 0, money: 2 };

export function FieldInput({ field, id, value, onChange, placeholder, source }: FieldInputProps) {
  const common = { id, placeholder: placeholder ?? field.label };
  switch (field.type) {
    case "integer":
    case "decimal":
    case "money":
    case "percent": {
      const unit = field.type === "percent" ? "%" : field.unit;
      return (
        <InputNumber
          {...common}
          style={{ width: "100%" }}
          value={value as number | string | null | undefined}
          // stringMode hands over text ("45.50"); the API takes numbers only (a string is a 400).
          onChange={(next) => onChange?.(typeof next === "string" ? Number(next) : next)}
          // No min/max here: antd clamps an out-of-range entry on blur (-5 became 1 unseen); the
          // field's rules (field-rules.ts) refuse it with a message instead, as the server does.
          precision={PRECISION[field.type] ?? field.scale}
          // The input steps and rounds decimals as text, so 0.1 + 0.2 style drift never reaches a price.
          stringMode={field.type === "decimal" || field.type === "money"}
          prefix={field.type === "money" ? "$" : undefined}
          suffix={unit}
        />
      );
    }
    case "date":
    case "datetime":
      return (
        <DateInput
          id={id}
          value={value as string | null | undefined}
          onChange={onChange}
          withTime={field.type === "datetime"}
        />
      );
    case "boolean":
      return <Switch id={id} checked={value === true} onChange={(checked) => onChange?.(checked)} />;
    case "enum":
      return (
        <Select
          {...common}
          value={value as string | undefined}
          onChange={(next) => onChange?.(next ?? null)}
          allowClear={!field.required}
          options={field.values.map(({ value: v, label }) => ({ value: v, label }))}
        />
      );
    case "reference":
    case "referenceList":
      return (
        <ReferenceSelect
          {...common}
          target={field.target}
          source={source}
          dependent
          multiple={field.type === "referenceList"}
          value={value as number | number[] | null | undefined}
          onChange={onChange}
          allowClear={!field.required}
        />
      );
    case "longText":
      return (
        <Input.TextArea
          {...common}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 12 }}
        />
      );
    case "richText":
      return <RichTextInput {...common} value={value as string | null | undefined} onChange={onChange} />;
    case "json":
      return (
        <Input.TextArea
          {...common}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 4, maxRows: 20 }}
          style={{ fontFamily: "monospace" }}
          spellCheck={false}
        />
      );
    case "secret":
      return <SecretInput field={field} id={id} value={value} onChange={onChange} />;
    case "colour":
      return (
        <ColorPicker
          value={(value as string | null | undefined) || undefined}
          onChange={(colour) => onChange?.(colour.toHexString())}
          onClear={() => onChange?.(null)}
          allowClear={!field.required}
          showText
          format="hex"
          disabledAlpha
        />
      );
    default:
      return (
        <Input
          {...common}
          type={
            field.type === "email"
              ? "email"
              : field.type === "url"
                ? "url"
                : field.type === "phone"
                  ? "tel"
                  : "text"
          }
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
  }
}

export function FieldFormItem({ name, field }: { name: string; field: Field }) {
  return (
    <Form.Item
      name={name}
      label={field.label}
      required={field.required}
      rules={rulesFor(field)}
      tooltip={field.help}
    >
      <FieldInput field={field} />
    </Form.Item>
  );
}
