// The list's columns from the declaration: one per `list` name, rendered by field type, sortable
// where the field is, plus the row actions. The title column links to the record.
//
// antd's Table renders every cell again whenever it renders (a new page's spinner, a sort, titles arriving) unless
// a column says when its cells change (shouldCellUpdate): here only with their record. So a cell's render function
// reads nothing else that changes: the references' titles, the list's query and the permissions come to the cells
// that use them through ListCells' contexts (list-cells.tsx), and only those render again when they change.
import { getDefaultSortOrder } from "@refinedev/antd";
import type { BaseKey, BaseRecord, CrudSort } from "@refinedev/core";
import type { TableColumnsType } from "antd";
import { type ReactNode, useMemo } from "react";
import { FieldValue } from "../../components/fields/field-value";
import { idsOf } from "../../components/fields/reference-value";
import type { Resource } from "../../resource-engine/define";
import { fieldOf, isSortable } from "../../resource-engine/field-of";
import type { Field } from "../../resource-engine/fields";
import { scopeOf } from "../../resource-engine/resource-routes";
import {
  type ListCellsValue,
  RowLink,
  useListCells,
  useReferenceTitlesOf,
  useRowContext,
} from "./list-cells";
import { recordLink } from "./record-links";
import { useReferenceTitles } from "./reference-titles";
import { RowActions, useRowPermissions } from "./row-actions";

/** The list's least width: narrower screens (a phone) scroll the table sideways. */
export const LIST_MIN_WIDTH = 720;
const ACTIONS_WIDTH = 120;
const ONE_LINE = new Set<Field["type"]>([
  "text",
  "longText",
  "richText",
  "email",
  "phone",
  "url",
  "reference",
  "referenceList",
  "json",
]);
const NUMERIC = new Set(["integer", "decimal", "money", "percent"]);

/**
 * Column widths by type, in proportion to each other: with a fixed table layout the columns keep
 * their place while the rows and their references' titles arrive (no layout shift), the cells keep
 * to one line where their length is unknown (ellipsis), and the table fills the page's width in these proportions.
 */
const WIDTHS: Record<Field["type"], number> = {
  text: 150,
  longText: 220,
  richText: 220,
  email: 190,
  phone: 130,
  url: 190,
  colour: 90,
  integer: 100,
  decimal: 100,
  money: 100,
  percent: 80,
  date: 110,
  datetime: 160,
  boolean: 80,
  enum: 120,
  reference: 150,
  referenceList: 190,
  json: 220,
  secret: 90,
};
const LINKABLE = new Set(["text", "email", "phone"]);

// A column's least width in pixels, so that neither its header's longest word nor the list's
// identifying value (an order number) is broken or cut: estimated from the text's length in
// characters of the table's 14 px font, plus the cell's padding and, in a sortable header, the
// sort arrows. The columns keep their shares of the table's width (WIDTHS); the table is made wide
// enough for every column's least width, and scrolls sideways on a narrower screen.
const CHAR_PX = 8;
/** Headers are semi-bold, and a wide system font (DejaVu Sans) takes a pixel more per character. */
const HEADER_CHAR_PX = 9.5;
const CELL_PADDING_PX = 32;
const SORTER_PX = 22;
/** A title up to this many characters stays on one line; a longer one wraps. */
const TITLE_CHARS = 14;

function headerWidth(label: string, sortable: boolean): number {
  const longest = Math.max(...label.split(/\s+/).map((word) => word.length));
  return Math.ceil(longest * HEADER_CHAR_PX + CELL_PADDING_PX + (sortable ? SORTER_PX : 0));
}

function titleWidth(field: Field): number {
  const max = "max" in field && typeof field.max === "number" ? field.max : TITLE_CHARS;
  return Math.ceil(Math.min(max, TITLE_CHARS) * CHAR_PX + CELL_PADDING_PX);
}

/** Per reference column, every id on the page: one getMany per column (reference-titles.ts). */
function referenceBatches(resource: Resource, rows: readonly BaseRecord[]): Record<string, BaseKey[]> {
  const batches: Record<string, BaseKey[]> = {};
  for (const name of resource.list) {
    const field = fieldOf(resource, name);
    if (field.type !== "reference" && field.type !== "referenceList") continue;
    const ids = new Set<string>();
    const list: BaseKey[] = [];
    for (const row of rows) {
      for (const id of idsOf(row[name])) {
        if (!ids.has(String(id))) {
          ids.add(String(id));
          list.push(id);
        }
      }
    }
    batches[name] = list.sort((a, b) => String(a).localeCompare(String(b), undefined, { numeric: true }));
  }
  return batches;
}

function ReferenceCell({ field, name, value }: { field: Field; name: string; value: unknown }) {
  return <FieldValue field={field} value={value} compact references={useReferenceTitlesOf(name)} />;
}

/** The title cell's link to its record, keeping the list's query for the way back. */
function RecordLink({
  resource,
  record,
  children,
}: {
  resource: Resource;
  record: BaseRecord;
  children: ReactNode;
}) {
  const { search, allowed } = useRowContext();
  // No link to a record page the user may not open (route-access.ts): the title as plain text.
  if (!allowed.show) return children;
  return (
    <RowLink to={recordLink(resource, "show", record.id, search, scopeOf(resource, record))}>
      {children}
    </RowLink>
  );
}

function cellRender(resource: Resource, name: string) {
  const field = fieldOf(resource, name);
  const linked = name === resource.titleField && LINKABLE.has(field.type);
  const referencing = field.type === "reference" || field.type === "referenceList";
  return (value: unknown, record: BaseRecord) => {
    const shown = referencing ? (
      <ReferenceCell field={field} name={name} value={value} />
    ) : (
      <FieldValue field={field} value={value} compact />
    );
    const reachable =
      record.id !== undefined && (!resource.scopedBy || scopeOf(resource, record) !== undefined);
    return linked && reachable ? (
      <RecordLink resource={resource} record={record}>
        {shown}
      </RecordLink>
    ) : (
      shown
    );
  };
}

const recordChanged = (record: BaseRecord, previous: BaseRecord) => record !== previous;

/**
 * The columns, and the value for <ListCells> around the table that shows them. `fetching`: the next rows are on
 * their way (the rows shown keep the list query they came with meanwhile).
 */
export function useListColumns(
  resource: Resource,
  rows: readonly BaseRecord[],
  sorters: CrudSort[],
  fetching: boolean,
): { columns: TableColumnsType<BaseRecord>; cells: ListCellsValue; minWidth: number } {
  const batches = useMemo(() => referenceBatches(resource, rows), [resource, rows]);
  const references = useReferenceTitles(resource, batches);
  const cells = useListCells(references, useRowPermissions(resource), fetching);
  // Made once per kind: a cell renders again when its record changes (shouldCellUpdate), never for a new render function.
  const renders = useMemo(() => resource.list.map((name) => cellRender(resource, name)), [resource]);
  const { columns, minWidth } = useMemo(() => {
    const least: number[] = [];
    const columns: TableColumnsType<BaseRecord> = resource.list.map((name, index) => {
      const field = fieldOf(resource, name);
      const sortable = isSortable(resource, name);
      const identifying = name === resource.titleField;
      least.push(Math.max(headerWidth(field.label ?? name, sortable), identifying ? titleWidth(field) : 0));
      return {
        key: name,
        dataIndex: name,
        title: field.label,
        align: NUMERIC.has(field.type) ? ("right" as const) : undefined,
        width: Math.max(WIDTHS[field.type], least[index]) as number | string,
        // Words of any length (names, references arriving later) keep to one line; dates, numbers
        // and tags are of known length and may wrap, the same in every row. The identifying column
        // is never cut: its width holds a usual title whole, a longer one wraps between words.
        ellipsis: ONE_LINE.has(field.type) && !identifying,
        className: identifying ? "list-title-column" : undefined,
        sorter: sortable,
        // Controlled on every column (null, not undefined), restored from the URL's sorters.
        sortOrder: getDefaultSortOrder(name, sorters) ?? null,
        render: renders[index],
        shouldCellUpdate: recordChanged,
      };
    });
    columns.push({
      key: "actions",
      title: "Actions",
      fixed: "right",
      width: ACTIONS_WIDTH as number | string,
      render: (_: unknown, record: BaseRecord) => <RowActions resource={resource} record={record} />,
      shouldCellUpdate: recordChanged,
    });
    least.push(ACTIONS_WIDTH);
    // As shares of the table's width; the table is at least as wide as gives every column its least
    // width (minWidth): a narrower screen scrolls it sideways rather than squeezing a column.
    const total = columns.reduce((sum, column) => sum + Number(column.width), 0);
    const needed = Math.max(...columns.map((column, i) => (least[i] * total) / Number(column.width)));
    for (const column of columns) column.width = `${((Number(column.width) / total) * 100).toFixed(2)}%`;
    return { columns, minWidth: Math.ceil(Math.max(LIST_MIN_WIDTH, needed)) };
  }, [resource, sorters, renders]);
  return { columns, cells, minWidth };
}
