// A reference shown as its target's title, linked to the target's record. A list passes the
// ids of the whole page so every cell shares one getMany call (same query key). A Status shows
// as a tag in its own colour; a user (no declaration, no generic page) by name, unlinked; a
// target the caller may not read as "#12", without a request.
import { type BaseKey, type BaseRecord, useMany } from "@refinedev/core";
import { Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import type { Kind } from "../../access/kinds";
import { resourceOf } from "../../resource-engine/registry";
import { recordPath, scopeOf } from "../../resource-engine/resource-routes";
import { useCanRead } from "./can-read";
import { EMPTY } from "./format";
import { recordTitle } from "./record-title";

export function idsOf(value: unknown): BaseKey[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((id): id is BaseKey => typeof id === "number" || (typeof id === "string" && id !== ""));
}

interface ReferenceValueProps {
  target: Kind;
  value: unknown;
  /** Every id to fetch at once (a list page's column); defaults to this value's ids. */
  batch?: BaseKey[];
}

function StatusTag({ record, title }: { record: BaseRecord | undefined; title: string }) {
  const color = typeof record?.color === "string" && record.color !== "" ? record.color : undefined;
  return <Tag color={color}>{title}</Tag>;
}

export function ReferenceValue({ target, value, batch }: ReferenceValueProps) {
  const ids = idsOf(value);
  const wanted = batch ?? ids;
  const declaration = resourceOf(target);
  const canRead = useCanRead(target);
  const { result, query } = useMany({
    resource: target,
    ids: wanted,
    queryOptions: { enabled: wanted.length > 0 && canRead === true },
  });
  if (ids.length === 0) return <Typography.Text type="secondary">{EMPTY}</Typography.Text>;
  const byId = new Map(result.data.map((record) => [String(record.id), record]));
  const pending = canRead === undefined || (canRead && query.isLoading);
  return (
    <Space size={4} wrap>
      {ids.map((id) => {
        const record = byId.get(String(id));
        const title = record ? recordTitle(declaration, record) : pending ? "…" : `#${id}`;
        const shown = target === "Status" ? <StatusTag key={id} record={record} title={title} /> : title;
        // A scoped kind's record lives under its scope: without the record there is no link.
        const linkable = declaration && (!declaration.scopedBy || scopeOf(declaration, record) !== undefined);
        return linkable ? (
          <Link key={id} to={recordPath(declaration, "show", id, scopeOf(declaration, record))}>
            {shown}
          </Link>
        ) : (
          <span key={id}>{shown}</span>
        );
      })}
    </Space>
  );
}
