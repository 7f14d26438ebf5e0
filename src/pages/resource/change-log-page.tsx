// /{path}/{id}/change-logs: who changed a record, when, and what (field: from → to), newest
// first as the server sends them. The page number lives in the URL (?page=).
//
// A parent's entries name child rows as `{child}.{rowId}.{field}` (a changed cell) and
// `{child}.{rowId}` (a row added or removed, from/to its title): shown as "Items #12 · Quantity:
// 2 → 3", "Items #14 added: Flyers", "Items #14 removed: Flyers". With `child`, the page is one
// child row's own log (a collection with ownChangeLog):
// /{route}/{id}/{singular}/{childId}/change-logs, read from GET {path}/{id}/{child-path}/{childId}/change-logs.
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { useList } from "@refinedev/core";
import { Table, type TableColumnsType, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { EMPTY, formatDateTime } from "../../components/fields/format";
import { recordTitle } from "../../components/fields/record-title";
import { childPath, type Resource } from "../../resource-engine/define";
import { childFieldOf, fieldOf } from "../../resource-engine/field-of";
import type { Field } from "../../resource-engine/fields";
import { recordPath, SCOPE_PARAM } from "../../resource-engine/resource-routes";
import { childRowTitle } from "./child-tables";
import { useRecord } from "./record-show";

/** One entry of GET {path}/{id}/change-logs (api-contract.md). */
export interface ChangeLogEntry {
  id: number;
  action: string;
  changed_at: string;
  user: { id: number; name: string } | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
}

const ACTION_COLOURS: Record<string, string> = { create: "green", update: "blue", delete: "red" };
const PAGE_SIZE = 25;

const plain = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? EMPTY
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

function FromTo({ field, from, to }: { field: Field; from: unknown; to: unknown }) {
  return (
    <>
      <FieldValue field={field} value={from} compact /> → <FieldValue field={field} value={to} compact />
    </>
  );
}

/** One change as a line: a field's, a child cell's, or a child row added or removed. */
function describe(
  resource: Resource,
  fieldFor: (name: string) => Field,
  name: string,
  { from, to }: { from: unknown; to: unknown },
): ReactNode {
  const [head, rowId, cell] = name.split(".");
  const child = rowId === undefined ? undefined : resource.children[head];
  if (!child) {
    return (
      <>
        <Typography.Text strong>{fieldFor(name).label}</Typography.Text>:{" "}
        <FromTo field={fieldFor(name)} from={from} to={to} />
      </>
    );
  }
  const row = `${child.label} #${rowId}`;
  if (cell !== undefined) {
    const field = childFieldOf(child, cell);
    return (
      <>
        <Typography.Text strong>{`${row} · ${field.label}`}</Typography.Text>:{" "}
        <FromTo field={field} from={from} to={to} />
      </>
    );
  }
  if (from === null || from === undefined) {
    return (
      <>
        <Typography.Text strong>{`${row} added`}</Typography.Text>: {plain(to)}
      </>
    );
  }
  if (to === null || to === undefined) {
    return (
      <>
        <Typography.Text strong>{`${row} removed`}</Typography.Text>: {plain(from)}
      </>
    );
  }
  return (
    <>
      <Typography.Text strong>{row}</Typography.Text>: {plain(from)} → {plain(to)}
    </>
  );
}

function Changes({
  resource,
  fieldFor,
  changes,
}: {
  resource: Resource;
  fieldFor: (name: string) => Field;
  changes: ChangeLogEntry["changes"];
}) {
  const entries = Object.entries(changes ?? {});
  if (entries.length === 0) return <Typography.Text type="secondary">{EMPTY}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {entries.map(([name, change]) => (
        <li key={name}>{describe(resource, fieldFor, name, change)}</li>
      ))}
    </ul>
  );
}

/** The log's columns; `child` names the collection whose row this log is of. */
export function changeLogColumns(resource: Resource, child?: string): TableColumnsType<ChangeLogEntry> {
  const collection = child ? resource.children[child] : undefined;
  const fieldFor = (name: string) => (collection ? childFieldOf(collection, name) : fieldOf(resource, name));
  return [
    {
      key: "when",
      title: "When",
      dataIndex: "changed_at",
      render: (at: string) => formatDateTime(at),
      width: 200,
    },
    { key: "who", title: "Who", render: (_, entry) => entry.user?.name ?? EMPTY, width: 180 },
    {
      key: "action",
      title: "Action",
      dataIndex: "action",
      render: (action: string) => <Tag color={ACTION_COLOURS[action]}>{action}</Tag>,
      width: 110,
    },
    {
      key: "changes",
      title: "What changed",
      render: (_, entry) => <Changes resource={resource} fieldFor={fieldFor} changes={entry.changes} />,
    },
  ];
}

function backTitle(resource: Resource, record: BaseRecord | undefined, id: string, child?: string): string {
  const parent = record ? recordTitle(resource, record) : `${resource.singular} #${id}`;
  return child ? `${parent} · ${resource.children[child].label}` : parent;
}

export default function ChangeLogPage({ resource, child }: { resource: Resource; child?: string }) {
  const { id = "", childId = "", [SCOPE_PARAM]: scope } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const base = `${resource.path}/${encodeURIComponent(id)}`;
  const { result, query } = useList<ChangeLogEntry>({
    resource: resource.kind,
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    meta: {
      path: child
        ? `${base}/${childPath(child)}/${encodeURIComponent(childId)}/change-logs`
        : `${base}/change-logs`,
    },
  });
  const { result: record } = useRecord(resource, id);
  const collection = child ? resource.children[child] : undefined;
  const row = collection
    ? (record?.[child as string] as Record<string, unknown>[] | undefined)?.find(
        (r) => String(r.id) === childId,
      )
    : undefined;

  return (
    <>
      <Link to={recordPath(resource, "show", id, scope)}>
        <ArrowLeftOutlined /> {backTitle(resource, record, id, child)}
      </Link>
      <Typography.Title level={3} style={{ margin: "8px 0 16px" }}>
        Change log
      </Typography.Title>
      {collection && (
        <Typography.Paragraph type="secondary">
          {`${collection.singular} ${row ? childRowTitle(collection, row) : `#${childId}`}`}
        </Typography.Paragraph>
      )}
      <Table<ChangeLogEntry>
        rowKey="id"
        columns={changeLogColumns(resource, child)}
        dataSource={result.data}
        loading={query.isLoading}
        scroll={{ x: true }}
        locale={{ emptyText: query.isLoading ? " " : "No changes recorded yet" }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: result.total,
          showSizeChanger: false,
          onChange: (next) =>
            setParams((previous) => {
              const updated = new URLSearchParams(previous);
              updated.set("page", String(next));
              return updated;
            }),
        }}
      />
    </>
  );
}
