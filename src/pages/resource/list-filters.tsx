// The list's search box and filters, one control per declared filter by field type. Each
// control writes Refine filters in the operators the data provider speaks: "in" for choices,
// "eq" for yes/no and exact text, "gte"/"lte" for number and date ranges, and `search`.
// Values come back from the URL as strings, so every control accepts strings.

import { FilterOutlined } from "@ant-design/icons";
import type { CrudFilter, CrudOperators } from "@refinedev/core";
import { Badge, Button, Input, InputNumber, Select, Space } from "antd";
import { memo, useEffect, useState } from "react";
import { ReferenceSelect } from "../../components/fields/reference-select";
import type { Resource } from "../../resource-engine/define";
import { fieldOf, hasSearch } from "../../resource-engine/field-of";
import type { Field } from "../../resource-engine/fields";
import { inSentence } from "../../resource-engine/list-query";
import { DeferredDateRange } from "./deferred-date-range";
import "./list-layout.css";

type Operator = Exclude<CrudOperators, "or" | "and">;

interface ListFiltersProps {
  resource: Resource;
  filters: CrudFilter[];
  /** Sets (or, with undefined, removes) one field's filter of one operator. */
  onChange: (changes: { field: string; operator: Operator; value: unknown }[]) => void;
}

function filterValue(filters: CrudFilter[], field: string, operator: Operator): unknown {
  const found = filters.find((f) => "field" in f && f.field === field && f.operator === operator);
  return found?.value;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const asNumber = (value: unknown): number | null =>
  value === undefined || value === null || value === "" ? null : Number(value);

/** Typing is local; the filter changes on Enter or when the input is left. */
function NumberRange({
  label,
  from,
  to,
  onCommit,
}: {
  label: string;
  from: unknown;
  to: unknown;
  onCommit: (from: number | null, to: number | null) => void;
}) {
  const [low, setLow] = useState<number | null>(asNumber(from));
  const [high, setHigh] = useState<number | null>(asNumber(to));
  useEffect(() => setLow(asNumber(from)), [from]);
  useEffect(() => setHigh(asNumber(to)), [to]);
  const commit = () => onCommit(low, high);
  return (
    <Space.Compact>
      <InputNumber
        aria-label={`${label} from`}
        placeholder={`${label} from`}
        value={low}
        onChange={setLow}
        onBlur={commit}
        onPressEnter={commit}
      />
      <InputNumber
        aria-label={`${label} to`}
        placeholder="to"
        value={high}
        onChange={setHigh}
        onBlur={commit}
        onPressEnter={commit}
      />
    </Space.Compact>
  );
}

function FilterControl({
  resource,
  name,
  field,
  filters,
  onChange,
}: { name: string; field: Field } & ListFiltersProps) {
  const label = field.label ?? name;
  const set = (operator: Operator, value: unknown) => onChange([{ field: name, operator, value }]);
  const style = { minWidth: 180 };
  switch (field.type) {
    case "enum":
      return (
        <Select
          aria-label={label}
          mode="multiple"
          allowClear
          placeholder={label}
          style={style}
          value={asList(filterValue(filters, name, "in"))}
          onChange={(values: string[]) => set("in", values.length ? values : undefined)}
          options={field.values.map(({ value, label: text }) => ({ value, label: text }))}
        />
      );
    case "reference":
    case "referenceList":
      return (
        <ReferenceSelect
          target={field.target}
          // The listed kind's look-up: every value the field may hold, by name (a status its entity's).
          source={{ resource, field: name }}
          multiple
          stringValues
          aria-label={label}
          placeholder={label}
          style={style}
          value={asList(filterValue(filters, name, "in"))}
          onChange={(values) => set("in", Array.isArray(values) && values.length ? values : undefined)}
        />
      );
    case "boolean": {
      const current = filterValue(filters, name, "eq");
      return (
        <Select
          aria-label={label}
          allowClear
          placeholder={label}
          style={{ minWidth: 120 }}
          value={current === undefined ? undefined : String(current)}
          onChange={(value?: string) => set("eq", value)}
          options={[
            { value: "true", label: `${label}: yes` },
            { value: "false", label: `${label}: no` },
          ]}
        />
      );
    }
    case "integer":
    case "decimal":
    case "money":
    case "percent":
      return (
        <NumberRange
          label={label}
          from={filterValue(filters, name, "gte")}
          to={filterValue(filters, name, "lte")}
          onCommit={(from, to) =>
            onChange([
              { field: name, operator: "gte", value: from ?? undefined },
              { field: name, operator: "lte", value: to ?? undefined },
            ])
          }
        />
      );
    case "date":
    case "datetime":
      return (
        <DeferredDateRange
          label={label}
          withTime={field.type === "datetime"}
          from={filterValue(filters, name, "gte")}
          to={filterValue(filters, name, "lte")}
          onCommit={(from, to) =>
            onChange([
              { field: name, operator: "gte", value: from },
              { field: name, operator: "lte", value: to },
            ])
          }
        />
      );
    default:
      return (
        <ExactText
          label={label}
          value={filterValue(filters, name, "eq")}
          onCommit={(value) => set("eq", value || undefined)}
        />
      );
  }
}

function ExactText({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: unknown;
  onCommit: (value: string) => void;
}) {
  return (
    <Input.Search
      key={String(value ?? "")}
      aria-label={label}
      placeholder={label}
      allowClear
      defaultValue={value === undefined ? "" : String(value)}
      onSearch={(text) => onCommit(text.trim())}
      style={{ width: 200 }}
    />
  );
}

/** How many of the list's filters are in use (a range counts once; the search box is not one). */
export function filtersInUse(filters: CrudFilter[]): number {
  return new Set(filters.flatMap((f) => ("field" in f && f.field !== "search" ? [f.field] : []))).size;
}

const SHOWN_IN_PLACEHOLDER = 3;

/** The searchable fields' labels, in declaration order, in a sentence ("order number", "customer PO"). */
export function searchedLabels(resource: Resource): string[] {
  return Object.entries(resource.fields)
    .filter(([, field]) => field.searchable)
    .map(([name, field]) => inSentence(field.label ?? name));
}

/** "Search order number, customer, customer PO…": what the search box matches (its first few fields). */
export function searchPlaceholder(resource: Resource): string {
  return `Search ${searchedLabels(resource).slice(0, SHOWN_IN_PLACEHOLDER).join(", ")}…`;
}

/**
 * Memoised: the list re-renders on every answer and permission check; its filters need not.
 * Below lg (list-layout.css) the controls fold behind one "Filters" button counting those in use:
 * a phone's first screen shows the list, not a column of sixteen controls.
 */
export const ListFilters = memo(function ListFilters({ resource, filters, onChange }: ListFiltersProps) {
  const search = filterValue(filters, "search", "contains");
  const active = filters.length > 0;
  const inUse = filtersInUse(filters);
  const [open, setOpen] = useState(false);
  const searched = searchedLabels(resource);
  return (
    <div className="list-filters">
      {hasSearch(resource) && (
        <Input.Search
          key={String(search ?? "")}
          className="list-search"
          aria-label={`Search ${inSentence(resource.label)}`}
          title={`Searches ${searched.join(", ")}`}
          placeholder={searchPlaceholder(resource)}
          allowClear
          defaultValue={search === undefined ? "" : String(search)}
          onSearch={(text) =>
            onChange([{ field: "search", operator: "contains", value: text.trim() || undefined }])
          }
        />
      )}
      {resource.filters.length > 0 && (
        <span className="list-filters-toggle">
          <Badge count={inUse} size="small">
            <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen(!open)}>
              Filters
            </Button>
          </Badge>
        </span>
      )}
      <div className={open ? "list-filters-controls list-filters-open" : "list-filters-controls"}>
        {resource.filters.map((name) => (
          <div key={name} className="list-filter">
            <FilterControl
              resource={resource}
              name={name}
              field={fieldOf(resource, name)}
              filters={filters}
              onChange={onChange}
            />
          </div>
        ))}
      </div>
      {active && (
        <Button
          type="link"
          onClick={() =>
            onChange(
              filters.flatMap((f) =>
                "field" in f ? [{ field: f.field, operator: f.operator, value: undefined }] : [],
              ),
            )
          }
        >
          Clear filters
        </Button>
      )}
    </div>
  );
});
