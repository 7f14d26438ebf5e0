// The list's columns from the declaration: one per `list` name, rendered by field type, sortable
// where the field is, plus the row actions. The title column links to the record.
import { getDefaultSortOrder } from "@refinedev/antd";
import type { BaseKey, BaseRecord, CrudSort } from "@refinedev/core";
import type { TableColumnsType } from "antd";
import { useMemo } from "react";
import { Link, useLocation } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { idsOf } from "../../components/fields/reference-value";
import type { Resource } from "../../resource-engine/define";
import { fieldOf, isSortable } from "../../resource-engine/field-of";
import { scopeOf } from "../../resource-engine/resource-routes";
import { recordLink } from "./record-links";
import { useReferenceTitles } from "./reference-titles";
import { RowActions, useRowPermissions } from "./row-actions";

const NUMERIC = new Set(["integer", "decimal", "money", "percent"]);
const LINKABLE = new Set(["text", "email", "phone"]);

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

export function useListColumns(
  resource: Resource,
  rows: readonly BaseRecord[],
  sorters: CrudSort[],
): TableColumnsType<BaseRecord> {
  const { search } = useLocation();
  const batches = useMemo(() => referenceBatches(resource, rows), [resource, rows]);
  const allowed = useRowPermissions(resource);
  const references = useReferenceTitles(resource, batches);
  return useMemo(() => {
    const columns: TableColumnsType<BaseRecord> = resource.list.map((name) => {
      const field = fieldOf(resource, name);
      const linked = name === resource.titleField && LINKABLE.has(field.type);
      return {
        key: name,
        dataIndex: name,
        title: field.label,
        align: NUMERIC.has(field.type) ? ("right" as const) : undefined,
        sorter: isSortable(resource, name),
        // Controlled on every column (null, not undefined), restored from the URL's sorters.
        sortOrder: getDefaultSortOrder(name, sorters) ?? null,
        render: (value: unknown, record: BaseRecord) => {
          const shown = <FieldValue field={field} value={value} compact references={references[name]} />;
          const scope = scopeOf(resource, record);
          const reachable = record.id !== undefined && (!resource.scopedBy || scope !== undefined);
          return linked && reachable ? (
            <Link to={recordLink(resource, "show", record.id, search, scope)}>{shown}</Link>
          ) : (
            shown
          );
        },
      };
    });
    columns.push({
      key: "actions",
      title: "Actions",
      fixed: "right",
      width: 140,
      render: (_: unknown, record: BaseRecord) => (
        <RowActions resource={resource} record={record} allowed={allowed} />
      ),
    });
    return columns;
  }, [resource, sorters, references, search, allowed]);
}
