// A select of another kind's records. With a `source` (the referencing kind and field: forms,
// child rows, list filters) the options and the chosen values' titles come from that kind's
// look-up (reference-source.ts): whoever may edit or read the record can pick every value the
// field accepts, a status reference offers its entity's statuses, and a dependent reference
// (`dependsOn`) offers only the records matching its field's current value, disabled with a hint
// until that value is chosen. Without a source (hand-built pages) it reads the target's own list,
// when the caller may (else the current ids as "#12", and no request).
// The options are asked for when the select is first opened (or typed in), not when it mounts:
// a list page with six reference filters would otherwise send six requests beside its rows.
import { useSelect } from "@refinedev/antd";
import type { BaseKey, BaseRecord, CrudFilter } from "@refinedev/core";
import { Form, Select, type SelectProps } from "antd";
import { useEffect, useRef, useState } from "react";
import type { Kind } from "../../access/kinds";
import { IDENTITY_KINDS } from "../../resource-engine/define";
import { hasSearch } from "../../resource-engine/field-of";
import { labelFromName } from "../../resource-engine/fields";
import { inSentence } from "../../resource-engine/list-query";
import { resourceOf } from "../../resource-engine/registry";
import { useCanRead } from "./can-read";
import { recordTitle } from "./record-title";
import {
  dependencyPath,
  lookupMeta,
  lookupTitle,
  type ReferenceSource,
  sourceField,
} from "./reference-source";
import { idsOf } from "./reference-value";

interface ReferenceSelectProps {
  target: Kind;
  /** The referencing kind and field: options and titles from its look-up. */
  source?: ReferenceSource;
  /** In a record's form: a dependent reference waits for, and filters on, its field's value. */
  dependent?: boolean;
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
  /**
   * Only records matching these are offered: without a source, the target list's filters
   * (`entity=order` for an order's status); with one, the look-up's parameters (`from=12`).
   */
  filters?: CrudFilter[];
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

interface Dependency {
  wanted: boolean;
  value: unknown;
}
const NO_DEPENDENCY: Dependency = { wanted: false, value: undefined };

export function ReferenceSelect({ dependent, ...props }: ReferenceSelectProps) {
  if (!props.source) return <KindSelect {...props} />;
  const path = dependent ? dependencyPath(props.source) : undefined;
  return path ? (
    <DependentSelect {...props} source={props.source} path={path} />
  ) : (
    <LookupSelect {...props} source={props.source} dependency={NO_DEPENDENCY} />
  );
}

/** A dependent reference in a form: it waits for the value it depends on (read from the form). */
function DependentSelect({
  path,
  ...props
}: ReferenceSelectProps & { source: ReferenceSource; path: (string | number)[] }) {
  const value = Form.useWatch(path, { preserve: true });
  return <LookupSelect {...props} dependency={{ wanted: true, value }} />;
}

/** Options from the referencing kind's look-up (GET {path}/lookups/{field}). */
function LookupSelect({
  target,
  source,
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
  dependency,
  filters: extra = [],
}: ReferenceSelectProps & { source: ReferenceSource; dependency: Dependency }) {
  const [opened, setOpened] = useState(false);
  const dependsOn = sourceField(source)?.dependsOn;
  const unset = dependency.wanted && isEmpty(dependency.value);
  const waiting = unset && !dependsOn?.optional;
  const filters: CrudFilter[] = [
    ...(dependsOn && dependency.wanted && !unset
      ? [{ field: dependsOn.field, operator: "eq" as const, value: dependency.value }]
      : []),
    ...extra,
  ];
  const { selectProps } = useSelect<BaseRecord>({
    resource: target,
    meta: lookupMeta(source),
    optionLabel: (record) => lookupTitle(record) ?? recordTitle(resourceOf(target), record),
    optionValue: (record) => (stringValues ? String(record.id) : (record.id as unknown as string)),
    // The current value's own records, so a chosen option beyond the first page keeps its label.
    defaultValue: idsOf(value),
    filters,
    pagination: { pageSize: 25 },
    onSearch: (text) => (text ? [{ field: "search", operator: "contains", value: text }] : []),
    queryOptions: { enabled: opened && !waiting },
    defaultValueQueryOptions: { enabled: true },
  });
  // A changed customer leaves the address of the previous one: clear it (the server would refuse it).
  const previous = useRef(dependency.value);
  useEffect(() => {
    const before = previous.current;
    previous.current = dependency.value;
    if (!dependency.wanted || isEmpty(before) || before === dependency.value) return;
    if (idsOf(value).length > 0) onChange?.(multiple ? [] : null);
  }, [dependency.wanted, dependency.value, value, multiple, onChange]);
  const on = dependsOn ? inSentence(labelOf(source, dependsOn.field)) : "";
  return (
    <Select
      {...(selectProps as SelectProps)}
      onOpenChange={(open) => open && setOpened(true)}
      id={id}
      aria-label={ariaLabel}
      mode={multiple ? "multiple" : undefined}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={waiting ? `Choose ${article(on)} first` : placeholder}
      title={waiting ? `Offered once ${article(on)} is chosen` : undefined}
      allowClear={allowClear}
      // undefined rather than false, so a surrounding ConfigProvider's componentDisabled still locks it.
      disabled={disabled || waiting || undefined}
      style={{ width: "100%", ...style }}
    />
  );
}

const article = (words: string) => (/^[aeiou]/i.test(words) ? `an ${words}` : `a ${words}`);

/** The label of the field a dependency names (the record's, or the row's own). */
function labelOf(source: ReferenceSource, name: string): string {
  const [child] = source.field.split(".");
  const field = source.resource.fields[name] ?? source.resource.children[child]?.fields[name];
  return field?.label ?? labelFromName(name);
}

/** Options from the target's own list, for callers who may read it (hand-built pages). */
function KindSelect({
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
