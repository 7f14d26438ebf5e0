// The input of one declared field in the generic form, where the field's kind asks for more than
// FieldInput knows: a secret (its set/replace state), an enum with `transitions` (on edit, only
// the stored value and the values that may follow it), a status reference (`statusOf`: only the
// Status records of that entity). Used for the record's fields and for child rows' cells.
//
// On create an enum with transitions offers every value, its default preselected: a new record
// starts its workflow anywhere the declaration allows (transitions govern moves, not starts).

import { Form } from "antd";
import type { Rule } from "antd/es/form";
import { FieldInput } from "../../components/fields/field-input";
import { rulesFor } from "../../components/fields/field-rules";
import { ReferenceSelect } from "../../components/fields/reference-select";
import { SecretInput, secretRules } from "../../components/fields/secret-input";
import type { EnumField, EnumValue, Field } from "../../resource-engine/fields";

/** The values an edit may choose: the stored one and those its transitions allow. */
export function allowedValues(field: EnumField, current: unknown): EnumValue[] {
  if (!field.transitions || current === undefined || current === null || current === "") return field.values;
  const next = new Set([String(current), ...(field.transitions[String(current)] ?? [])]);
  return field.values.filter((v) => next.has(v.value));
}

export function rulesOf(field: Field): Rule[] {
  return field.type === "secret" ? secretRules(field) : rulesFor(field);
}

export interface FormControlProps {
  field: Field;
  /** The stored value (edit), which transitions start from. */
  current?: unknown;
  editing: boolean;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

export function FormControl({ field, current, editing, id, value, onChange, disabled }: FormControlProps) {
  if (field.type === "secret") return <SecretInput field={field} id={id} value={value} onChange={onChange} />;
  if (field.type === "reference" && field.statusOf) {
    return (
      <ReferenceSelect
        id={id}
        target={field.target}
        value={value as number | null | undefined}
        onChange={onChange}
        placeholder={field.label}
        allowClear={!field.required}
        disabled={disabled}
        filters={[{ field: "entity", operator: "eq", value: field.statusOf }]}
      />
    );
  }
  const shown =
    field.type === "enum" && field.transitions && editing
      ? { ...field, values: allowedValues(field, current) }
      : field;
  return <FieldInput field={shown} id={id} value={value} onChange={onChange} />;
}

/** A record field's Form.Item: label, required mark, rules, help, and its FormControl. */
export function RecordFormField({
  name,
  field,
  current,
  editing,
}: {
  name: string;
  field: Field;
  current?: unknown;
  editing: boolean;
}) {
  return (
    <Form.Item
      name={name}
      label={field.label}
      required={field.required}
      rules={rulesOf(field)}
      tooltip={field.help}
    >
      <FormControl field={field} current={current} editing={editing} />
    </Form.Item>
  );
}
