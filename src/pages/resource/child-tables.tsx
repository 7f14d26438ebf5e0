// A record's child collections on its show page: a read-only table each (the declared columns,
// values rendered by field type, references of a column fetched together). A collection whose
// rows keep their own change log gets a "Change log" link per row, to
// /{route}/{id}/{singular}/{childId}/change-logs (e.g. /facilities/3/shipping-address/8/change-logs).
// A collection with row pages links each row's title to its page (/sites/1/4/9).
import { EyeOutlined, HistoryOutlined } from "@ant-design/icons";
import type { BaseKey, BaseRecord } from "@refinedev/core";
import { Table, type TableColumnsType, Typography } from "antd";
import { type ReactNode, useMemo } from "react";
import { Link } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { idsOf } from "../../components/fields/reference-value";
import type { Resource } from "../../resource-engine/define";
import { childFieldOf } from "../../resource-engine/field-of";
import { inSentence } from "../../resource-engine/list-query";
import { childPathOf, scopeOf } from "../../resource-engine/resource-routes";

type Row = Record<string, unknown> & { id?: BaseKey };

const NUMERIC = new Set(["integer", "decimal", "money", "percent"]);

const rowsOf = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((row): row is Row => typeof row === "object" && row !== null) : [];

/** A child row's name in links and logs: its title field, else "#id". */
export function childRowTitle(child: Resource["children"][string], row: Row | undefined): string {
  const value = row?.[child.titleField];
  if (typeof value === "string" && value.trim() !== "") return value;
  if (typeof value === "number") return String(value);
  return row?.id === undefined ? "" : `#${row.id}`;
}

interface ChildTableProps {
  resource: Resource;
  name: string;
  record: BaseRecord;
}

export function ChildTable({ resource, name, record }: ChildTableProps) {
  const child = resource.children[name];
  const rows = rowsOf(record[name]);
  const scope = scopeOf(resource, record);
  const singular = inSentence(child.singular);
  const batches = useMemo(() => {
    const byColumn: Record<string, BaseKey[]> = {};
    for (const column of child.columns) {
      const field = childFieldOf(child, column);
      if (field.type !== "reference" && field.type !== "referenceList") continue;
      byColumn[column] = [...new Set(rows.flatMap((row) => idsOf(row[column]).map(String)))];
    }
    return byColumn;
  }, [child, rows]);

  const rowPage = (row: Row) =>
    child.rowPages && record.id !== undefined && row.id !== undefined
      ? childPathOf(resource, name, "row", { id: record.id, scope, childId: row.id })
      : undefined;
  const linkTo = (row: Row, content: ReactNode) => {
    const to = rowPage(row);
    return to ? (
      <Link to={to} aria-label={`Open ${singular} ${childRowTitle(child, row)}`}>
        {content}
      </Link>
    ) : (
      content
    );
  };
  // The row's link sits on its title; a table without the title column gets a link column.
  const titled = child.columns.includes(child.titleField);
  const columns: TableColumnsType<Row> = child.columns.map((column) => {
    const field = childFieldOf(child, column);
    return {
      key: column,
      dataIndex: column,
      title: field.label,
      align: NUMERIC.has(field.type) ? ("right" as const) : undefined,
      render: (value: unknown, row: Row) => {
        const shown = (
          <FieldValue
            field={field}
            value={value}
            compact
            batch={batches[column]}
            source={{ resource, field: `${name}.${column}` }}
          />
        );
        return column === child.titleField ? linkTo(row, shown) : shown;
      },
    };
  });
  if (child.rowPages && !titled) {
    columns.unshift({
      key: "open",
      title: child.singular,
      width: 90,
      render: (_: unknown, row: Row) => linkTo(row, <EyeOutlined />),
    });
  }
  if (child.ownChangeLog && record.id !== undefined) {
    columns.push({
      key: "changeLog",
      title: "Change log",
      width: 130,
      render: (_: unknown, row: Row) => {
        const to =
          row.id === undefined
            ? undefined
            : childPathOf(resource, name, "changeLogs", { id: record.id, scope, childId: row.id });
        return to ? (
          <Link to={to} aria-label={`Change log of ${singular} ${childRowTitle(child, row)}`}>
            <HistoryOutlined /> Change log
          </Link>
        ) : null;
      },
    });
  }

  return (
    <Table<Row>
      rowKey={(row) => String(row.id ?? row.position)}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: true }}
      locale={{ emptyText: `No ${inSentence(child.label)}` }}
    />
  );
}

/** Every child collection of the record, each under its label. */
export function ChildTables({ resource, record }: { resource: Resource; record: BaseRecord }) {
  const names = Object.keys(resource.children);
  if (names.length === 0) return null;
  return (
    <>
      {names.map((name) => (
        <section key={name} aria-label={resource.children[name].label} style={{ marginTop: 24 }}>
          <Typography.Title level={5}>{resource.children[name].label}</Typography.Title>
          <ChildTable resource={resource} name={name} record={record} />
        </section>
      ))}
    </>
  );
}
