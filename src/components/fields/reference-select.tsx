// A select of another kind's records, labelled by the target's title field (users, an identity
// kind without a declaration, by name from the users API). Searches on the server (`search`)
// when the target declares searchable fields (users always can), so large kinds stay usable.
// `filters` narrows the options (a status reference offers its entity's statuses only). A
// caller who may not read the target gets the current value's ids ("#12") and no request.
// The options are asked for when the select is first opened (or typed in), not when it mounts:
// a list page with six reference filters would otherwise send six requests beside its rows.
import { useSelect } from "@refinedev/antd";
import type { BaseKey, BaseRecord, CrudFilter } from "@refinedev/core";
import { Select, type SelectProps } from "antd";
import { useState } from "react";
import type { Kind } from "../../access/kinds";
import { IDENTITY_KINDS } from "../../resource-engine/define";
import { hasSearch } from "../../resource-engine/field-of";
import { resourceOf } from "../../resource-engine/registry";
import { useCanRead } from "./can-read";
import { recordTitle } from "./record-title";
import { idsOf } from "./reference-value";

interface ReferenceSelectProps {
  target: Kind;
  value?: BaseKey | BaseKey[] | null;
  onChange?: (value: unknown) => void;
  multiple?: boolean;
  id?: string;
  "aria-label"?: string;
  placeholder?: string;
  /** Filters want ids as strings (they come back from the URL as strings). */
  stringValues?: boolean;
  style?: SelectProps["style"];
  allowClear?: boolean;
  disabled?: boolean;
  /** Only records matching these are offered (e.g. `entity=order` for an order's status). */
  filters?: CrudFilter[];
}

export function ReferenceSelect({
  target,
  value,
  onChange,
  multiple,
  id,
  "aria-label": ariaLabel,
  placeholder,
  stringValues,
  style,
  allowClear = true,
  disabled,
  filters,
}: ReferenceSelectProps) {
  const declaration = resourceOf(target);
  const identity = IDENTITY_KINDS.has(target);
  const searchable = identity || (declaration ? hasSearch(declaration) : false);
  const canRead = useCanRead(target);
  const [opened, setOpened] = useState(false);
  const { selectProps } = useSelect<BaseRecord>({
    resource: target,
    optionLabel: (record) => recordTitle(declaration, record),
    optionValue: (record) => (stringValues ? String(record.id) : (record.id as unknown as string)),
    // The current value's own records, so a chosen option beyond the first page keeps its label.
    defaultValue: idsOf(value),
    filters,
    pagination: { pageSize: 25 },
    sorters:
      identity || declaration?.fields[declaration.titleField]?.sortable
        ? [{ field: identity ? "name" : (declaration?.titleField ?? "name"), order: "asc" }]
        : undefined,
    onSearch: (text) => (text ? [{ field: "search", operator: "contains", value: text }] : []),
    queryOptions: { enabled: canRead === true && opened },
    defaultValueQueryOptions: { enabled: canRead === true },
  });
  const unreadable =
    canRead === false
      ? { options: idsOf(value).map((v) => ({ value: v, label: `#${v}` })), loading: false }
      : {};
  return (
    <Select
      {...(selectProps as SelectProps)}
      {...(searchable
        ? {}
        : { onSearch: undefined, showSearch: true, filterOption: true, optionFilterProp: "label" })}
      {...unreadable}
      onOpenChange={(open) => open && setOpened(true)}
      id={id}
      aria-label={ariaLabel}
      mode={multiple ? "multiple" : undefined}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      style={{ width: "100%", ...style }}
    />
  );
}
