// A reference shown as its target's title, linked to the target's record when the caller may
// open it (the route guard's rule; else plain text, never a link to a 403). With a `source` (the
// referencing kind and field) the titles come from that kind's look-up, so whoever may see the
// record sees the names; without one (hand-built pages) from the target's own list when the
// caller may read it, else "#12" without a request. A list passes the ids of the whole page so
// every cell shares one request (same query key). A Status shows as a tag in its own colour; a
// user (no declaration, no generic page) by name, unlinked.
import { type BaseKey, type BaseRecord, useCan, useMany } from "@refinedev/core";
import { Tag, Typography } from "antd";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import type { Kind } from "../../access/kinds";
import { canOpen } from "../../pages/resource/route-access";
import { resourceOf } from "../../resource-engine/registry";
import { recordPath, scopeOf } from "../../resource-engine/resource-routes";
import { textColourOn } from "../../theme/contrast";
import { useCanRead } from "./can-read";
import { EMPTY } from "./format";
import { recordTitle } from "./record-title";
import { lookupMeta, lookupTitle, type ReferenceSource } from "./reference-source";

export function idsOf(value: unknown): BaseKey[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((id): id is BaseKey => typeof id === "number" || (typeof id === "string" && id !== ""));
}

interface ReferenceValueProps {
  target: Kind;
  value: unknown;
  /** The referencing kind and field: titles from its look-up. */
  source?: ReferenceSource;
  /** Every id to fetch at once (a list page's column); defaults to this value's ids. */
  batch?: BaseKey[];
}

const REFERENCE_ROW: CSSProperties = { display: "inline-flex", flexWrap: "wrap", gap: 4, maxWidth: "100%" };

function StatusTag({ record, title }: { record: BaseRecord | undefined; title: string }) {
  const color = typeof record?.color === "string" && record.color !== "" ? record.color : undefined;
  // A status's colour is the tenant's choice: its text is white or black, whichever reads on it.
  return (
    <Tag color={color} style={{ color: textColourOn(color) }}>
      {title}
    </Tag>
  );
}

/** The target's records a reference is shown with, fetched by whoever holds the ids. */
export interface ReferenceRecords {
  byId: Map<string, BaseRecord>;
  pending: boolean;
  /** false: the titles could not be had (ids are shown as "#12"). */
  readable: boolean;
  /** The caller may open the target's record page (the route guard's rule): titles link to it. */
  openable?: boolean;
}

/** useCan's question for opening a target's record page (none for a kind without pages: users). */
export function openQuestion(target: Kind) {
  const declaration = resourceOf(target);
  return declaration ? canOpen(declaration, "show") : { resource: target, action: "show" };
}

export function ReferenceValue({ target, value, source, batch }: ReferenceValueProps) {
  const ids = idsOf(value);
  const wanted = batch ?? ids;
  const canRead = useCanRead(target);
  const declaration = resourceOf(target);
  const { data: open } = useCan({ ...openQuestion(target), queryOptions: { enabled: !!declaration } });
  // A look-up answers whoever may see the record; the target's own list only its readers.
  const allowed = source ? true : canRead;
  const { result, query } = useMany({
    resource: target,
    ids: wanted,
    meta: source ? lookupMeta(source) : undefined,
    queryOptions: { enabled: wanted.length > 0 && allowed === true, retry: false },
  });
  const records: ReferenceRecords = {
    byId: new Map(result.data.map((record) => [String(record.id), record])),
    pending: allowed === undefined || (allowed && query.isLoading),
    readable: allowed !== false && !query.isError,
    openable: declaration !== undefined && open?.can === true,
  };
  return <ReferenceLabels target={target} value={value} records={records} />;
}

/** A reference's titles from records fetched elsewhere (a list's column asks once for its cells). */
export function ReferenceLabels({
  target,
  value,
  records: { byId, pending, openable },
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
        const title = record
          ? (lookupTitle(record) ?? recordTitle(declaration, record))
          : pending
            ? "…"
            : `#${id}`;
        const shown = target === "Status" ? <StatusTag key={id} record={record} title={title} /> : title;
        // A scoped kind's record lives under its scope: without the record there is no link.
        const linkable =
          openable && declaration && (!declaration.scopedBy || scopeOf(declaration, record) !== undefined);
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
