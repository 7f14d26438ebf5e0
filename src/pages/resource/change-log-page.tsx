// /{path}/{id}/change-logs: who changed a record, when, and what (field: from → to), newest
// first as the server sends them. The page number lives in the URL (?page=).
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { Table, type TableColumnsType, Tag, Typography } from "antd";
import { Link, useParams, useSearchParams } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { EMPTY, formatDateTime } from "../../components/fields/format";
import { recordTitle } from "../../components/fields/record-title";
import type { Resource } from "../../resource-engine/define";
import { fieldOf } from "../../resource-engine/field-of";
import { recordPath } from "../../resource-engine/resource-routes";
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

function Changes({ resource, changes }: { resource: Resource; changes: ChangeLogEntry["changes"] }) {
  const entries = Object.entries(changes ?? {});
  if (entries.length === 0) return <Typography.Text type="secondary">{EMPTY}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {entries.map(([name, { from, to }]) => {
        const field = fieldOf(resource, name);
        return (
          <li key={name}>
            <Typography.Text strong>{field.label}</Typography.Text>:{" "}
            <FieldValue field={field} value={from} compact /> →{" "}
            <FieldValue field={field} value={to} compact />
          </li>
        );
      })}
    </ul>
  );
}

export function changeLogColumns(resource: Resource): TableColumnsType<ChangeLogEntry> {
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
      render: (_, entry) => <Changes resource={resource} changes={entry.changes} />,
    },
  ];
}

export default function ChangeLogPage({ resource }: { resource: Resource }) {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { result, query } = useList<ChangeLogEntry>({
    resource: resource.kind,
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    meta: { path: `${resource.path}/${encodeURIComponent(id)}/change-logs` },
  });
  const { result: record } = useRecord(resource, id);

  return (
    <>
      <Link to={recordPath(resource, "show", id)}>
        <ArrowLeftOutlined /> {record ? recordTitle(resource, record) : `${resource.singular} #${id}`}
      </Link>
      <Typography.Title level={3} style={{ margin: "8px 0 16px" }}>
        Change log
      </Typography.Title>
      <Table<ChangeLogEntry>
        rowKey="id"
        columns={changeLogColumns(resource)}
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
