// A select of another kind's records, labelled by the target's title field. Searches on the
// server (`search`) when the target declares searchable fields, so large kinds stay usable.
import { useSelect } from "@refinedev/antd";
import type { BaseKey, BaseRecord } from "@refinedev/core";
import { Select, type SelectProps } from "antd";
import type { Kind } from "../../access/kinds";
import { hasSearch } from "../../resource-engine/field-of";
import { resourceOf } from "../../resource-engine/registry";
import { recordTitle } from "./record-title";
import { idsOf } from "./reference-value";

interface ReferenceSelectProps {
  target: Kind;
  value?: BaseKey | BaseKey[] | null;
  onChange?: (value: unknown) => void;
  multiple?: boolean;
  id?: string;
  placeholder?: string;
  /** Filters want ids as strings (they come back from the URL as strings). */
  stringValues?: boolean;
  style?: SelectProps["style"];
  allowClear?: boolean;
}

export function ReferenceSelect({
  target,
  value,
  onChange,
  multiple,
  id,
  placeholder,
  stringValues,
  style,
  allowClear = true,
}: ReferenceSelectProps) {
  const declaration = resourceOf(target);
  const searchable = declaration ? hasSearch(declaration) : false;
  const { selectProps } = useSelect<BaseRecord>({
    resource: target,
    optionLabel: (record) => recordTitle(declaration, record),
    optionValue: (record) => (stringValues ? String(record.id) : (record.id as unknown as string)),
    // The current value's own records, so a chosen option beyond the first page keeps its label.
    defaultValue: idsOf(value),
    pagination: { pageSize: 25 },
    sorters: declaration?.fields[declaration.titleField]?.sortable
      ? [{ field: declaration.titleField, order: "asc" }]
      : undefined,
    onSearch: (text) => (text ? [{ field: "search", operator: "contains", value: text }] : []),
  });
  return (
    <Select
      {...(selectProps as SelectProps)}
      {...(searchable
        ? {}
        : { onSearch: undefined, showSearch: true, filterOption: true, optionFilterProp: "label" })}
      id={id}
      mode={multiple ? "multiple" : undefined}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={placeholder}
      allowClear={allowClear}
      style={{ width: "100%", ...style }}
    />
  );
}
