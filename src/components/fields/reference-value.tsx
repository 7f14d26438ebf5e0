// A reference shown as its target's title, linked to the target's record. A list passes the
// ids of the whole page so every cell shares one getMany call (same query key). A Status shows
// as a tag in its own colour; a user (no declaration, no generic page) by name, unlinked; a
// target the caller may not read as "#12", without a request.
import { type BaseKey, type BaseRecord, useMany } from "@refinedev/core";
import { Tag, Typography } from "antd";
import type { CSSProperties } from "react";
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

const REFERENCE_ROW: CSSProperties = { display: "inline-flex", flexWrap: "wrap", gap: 4, maxWidth: "100%" };

function StatusTag({ record, title }: { record: BaseRecord | undefined; title: string }) {
  const color = typeof record?.color === "string" && record.color !== "" ? record.color : undefined;
  return <Tag color={color}>{title}</Tag>;
}

/** The target's records a reference is shown with, fetched by whoever holds the ids. */
export interface ReferenceRecords {
  byId: Map<string, BaseRecord>;
  pending: boolean;
  /** false: the caller may not read the target (ids are shown as "#12"). */
  readable: boolean;
}

export function ReferenceValue({ target, value, batch }: ReferenceValueProps) {
  const ids = idsOf(value);
  const wanted = batch ?? ids;
  const canRead = useCanRead(target);
  const { result, query } = useMany({
    resource: target,
    ids: wanted,
    queryOptions: { enabled: wanted.length > 0 && canRead === true },
  });
  const records: ReferenceRecords = {
    byId: new Map(result.data.map((record) => [String(record.id), record])),
    pending: canRead === undefined || (canRead && query.isLoading),
    readable: canRead !== false,
  };
  return <ReferenceLabels target={target} value={value} records={records} />;
}

/** A reference's titles from records fetched elsewhere (a list's column asks once for its cells). */
export function ReferenceLabels({
  target,
  value,
  records: { byId, pending },
}: {
  target: Kind;
  value: unknown;
  records: ReferenceRecords;
}) {
  const ids = idsOf(value);
  const declaration = resourceOf(target);
  if (ids.length === 0) return <Typography.Text type="secondary">{EMPTY}</Typography.Text>;
  // A plain wrapping row, not antd's Space: a list page shows some fifty of these.
  return (
    <span style={REFERENCE_ROW}>
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
    </span>
  );
}
