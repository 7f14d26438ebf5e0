// The input of one declared field in the generic form, where the field's kind asks for more than
// FieldInput knows: a secret (its set/replace state), a workflow field that offers only what the
// server's rules allow (status-moves.ts), a numbered field. Used for the record's fields and for
// child rows' cells.
// - An enum with `transitions`: on edit the stored value and the values that may follow it; on
//   create where the workflow starts (its default and the values no move leads to).
// - A status reference (`statusOf`): the Status records of its entity that the look-up allows
//   (`from=<stored status>` on edit: it and its next statuses, terminal ones leading nowhere;
//   `from=new` for a new record or row: the open statuses).

import { ConfigProvider, Form } from "antd";
import type { Rule } from "antd/es/form";
import type { ReactNode } from "react";
import { FieldInput } from "../../components/fields/field-input";
import { rulesFor } from "../../components/fields/field-rules";
import { ReferenceSelect } from "../../components/fields/reference-select";
import type { ReferenceSource } from "../../components/fields/reference-source";
import { SecretInput, secretRules } from "../../components/fields/secret-input";
import type { EnumField, EnumValue, Field } from "../../resource-engine/fields";
import { enumAllowedFrom, enumStartValues } from "../../resource-engine/status-moves";
import { boundedField, type FieldBound } from "./field-bounds";

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/** The values an edit may choose: the stored one and those its transitions allow. */
export function allowedValues(field: EnumField, current: unknown): EnumValue[] {
  return enumAllowedFrom(field, current);
}

/** The enum values the form offers: on edit the allowed moves, on create the workflow's starts. */
export function offeredValues(field: EnumField, editing: boolean, current: unknown): EnumValue[] {
  if (editing && !isEmpty(current)) return enumAllowedFrom(field, current);
  return enumStartValues(field);
}

/** The look-up's `from` for a status select: the stored status on edit, else a new record's. */
export function statusFrom(editing: boolean, current: unknown): number | "new" {
  return editing && typeof current === "number" ? current : "new";
}

/** A number the tenant's numbering assigns (fields.ts, `numbering`): optional on create. */
const isNumbered = (field: Field) => field.type === "text" && field.numbering !== undefined;

/** The field as a form asks for it: a numbered one may be left empty on create. */
export function asEntered(field: Field, editing: boolean): Field {
  return !editing && isNumbered(field) ? { ...field, required: false } : field;
}

export const ASSIGNED_WHEN_SAVED = "Assigned when saved";

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
  /** A reference's kind and field: its options come from that kind's look-up (reference-source.ts). */
  source?: ReferenceSource;
}

export function FormControl({
  field,
  current,
  editing,
  id,
  value,
  onChange,
  disabled,
  source,
}: FormControlProps) {
  if (field.type === "secret") return <SecretInput field={field} id={id} value={value} onChange={onChange} />;
  if (field.type === "reference" && field.statusOf) {
    return (
      <ReferenceSelect
        id={id}
        target={field.target}
        source={source}
        value={value as number | null | undefined}
        onChange={onChange}
        placeholder={field.label}
        allowClear={!field.required}
        disabled={disabled}
        filters={
          source
            ? [{ field: "from", operator: "eq", value: statusFrom(editing, current) }]
            : [{ field: "entity", operator: "eq", value: field.statusOf }]
        }
      />
    );
  }
  if (!editing && isNumbered(field)) {
    return (
      <FieldInput field={field} id={id} value={value} onChange={onChange} placeholder={ASSIGNED_WHEN_SAVED} />
    );
  }
  const shown =
    field.type === "enum" && (field.transitions || field.initial)
      ? { ...field, values: offeredValues(field, editing, current) }
      : field;
  return <FieldInput field={shown} id={id} value={value} onChange={onChange} source={source} />;
}

/**
 * A field's Form.Item, disabled while other records lock it (field-bounds.ts): antd's disabled
 * context reaches whatever input the field renders.
 */
export function Lockable({ bound, children }: { bound: FieldBound | undefined; children: ReactNode }) {
  return bound?.locked ? <ConfigProvider componentDisabled>{children}</ConfigProvider> : children;
}

/** A record field's Form.Item: label, required mark, rules, help, and its FormControl. */
export function RecordFormField({
  name,
  field,
  current,
  editing,
  source,
  bound,
}: {
  name: string;
  field: Field;
  current?: unknown;
  editing: boolean;
  source?: ReferenceSource;
  /** What other records allow (field-bounds.ts): refused above it, the rule shown under the input. */
  bound?: FieldBound;
}) {
  const entered = boundedField(asEntered(field, editing), bound);
  return (
    <Lockable bound={bound}>
      <Form.Item
        name={name}
        label={field.label}
        required={entered.required}
        rules={rulesOf(entered)}
        tooltip={field.help}
        extra={bound?.message}
      >
        <FormControl field={field} current={current} editing={editing} source={source} />
      </Form.Item>
    </Lockable>
  );
}
