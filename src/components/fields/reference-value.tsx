// A reference shown as its target's title, linked to the target's record. A list passes the
// ids of the whole page so every cell shares one getMany call (same query key).
import { type BaseKey, useMany } from "@refinedev/core";
import { Space, Typography } from "antd";
import { Link } from "react-router";
import type { Kind } from "../../access/kinds";
import { resourceOf } from "../../resource-engine/registry";
import { recordPath } from "../../resource-engine/resource-routes";
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

export function ReferenceValue({ target, value, batch }: ReferenceValueProps) {
  const ids = idsOf(value);
  const wanted = batch ?? ids;
  const declaration = resourceOf(target);
  const { result, query } = useMany({
    resource: target,
    ids: wanted,
    queryOptions: { enabled: wanted.length > 0 },
  });
  if (ids.length === 0) return <Typography.Text type="secondary">{EMPTY}</Typography.Text>;
  const byId = new Map(result.data.map((record) => [String(record.id), record]));
  return (
    <Space size={4} wrap>
      {ids.map((id) => {
        const record = byId.get(String(id));
        const title = record ? recordTitle(declaration, record) : query.isLoading ? "…" : `#${id}`;
        return declaration ? (
          <Link key={id} to={recordPath(declaration, "show", id)}>
            {title}
          </Link>
        ) : (
          <span key={id}>{title}</span>
        );
      })}
    </Space>
  );
}
