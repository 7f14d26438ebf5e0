// What other records allow in a form's `bounded` fields (fields.ts): the server's
// POST {path}/bounds with the form's values and the record's id answers each bounded field's
// max/min and the rule in words ("At most $70.00: what is due on order ORD-100123"), by field
// path ("amount", "drops.2.quantity" for a child row). Asked when the form opens and again,
// debounced, when its values change; the field then refuses more than the bound before the save
// (a validation rule, not antd's clamping) and shows the rule under the input. The save is
// still checked by the server.
import { useDataProvider } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import type { FormInstance } from "antd";
import { Form } from "antd";
import { useEffect, useState } from "react";
import type { Resource } from "../../resource-engine/define";
import type { Field } from "../../resource-engine/fields";

export interface FieldBound {
  max?: number;
  min?: number;
  /** The field cannot change now; `message` says why. */
  locked?: boolean;
  message: string;
}

export type FieldBounds = Record<string, FieldBound>;

const NUMBER_TYPES = new Set(["integer", "decimal", "money", "percent"]);

// Any field may be locked; only numbers take a max/min.
const isBounded = (field: Field) => "bounded" in field && field.bounded === true;

/** Whether any field of the kind (or of its child rows) is declared `bounded`. */
export function hasBoundedFields(resource: Resource): boolean {
  return (
    Object.values(resource.fields).some(isBounded) ||
    Object.values(resource.children).some((child) => Object.values(child.fields).some(isBounded))
  );
}

/** The field with the bound applied to what it accepts (never wider than its own declaration). */
export function boundedField(field: Field, bound: FieldBound | undefined): Field {
  if (!bound || !NUMBER_TYPES.has(field.type)) return field;
  const own = field as Field & { max?: number; min?: number };
  const max = bound.max === undefined ? own.max : Math.min(bound.max, own.max ?? bound.max);
  const min = bound.min === undefined ? own.min : Math.max(bound.min, own.min ?? bound.min);
  return { ...field, max, min } as Field;
}

/** The form's values as the server reads them: no undefined, dates as their JSON text. */
export function boundsValues(values: unknown): Record<string, unknown> {
  const text = JSON.stringify(values ?? {});
  return JSON.parse(text) as Record<string, unknown>;
}

/** `value` once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The bounds of the form's fields for its current values (an empty map for a kind without
 * bounded fields, without a request). `id`: the record being edited, undefined on create.
 */
export function useFieldBounds(
  resource: Resource,
  form: FormInstance,
  id: string | number | undefined,
): FieldBounds {
  const asks = hasBoundedFields(resource);
  const dataProvider = useDataProvider();
  // Every value: a bound may hang on any of them (an order, a payment, the sibling rows).
  const watched = Form.useWatch((values) => values, { form, preserve: true });
  const text = useDebounced(JSON.stringify(watched ?? {}), 300);
  const recordId = id === undefined || id === "" ? null : Number(id);
  const { data } = useQuery({
    queryKey: ["field-bounds", resource.path, recordId, text],
    // Not before the form holds its first values.
    enabled: asks && text !== "{}",
    staleTime: 10_000,
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const custom = dataProvider().custom;
      if (!custom) return {};
      const answer = await custom<FieldBounds>({
        url: `${resource.path}/bounds`,
        method: "post",
        payload: { values: boundsValues(JSON.parse(text)), id: recordId },
      });
      return answer.data;
    },
  });
  return asks ? (data ?? {}) : {};
}
