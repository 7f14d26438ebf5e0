// A list row's actions: show, edit, change log, delete; each shown only when allowed. A scoped
// kind's row links under the row's own scope (a row without one has no record page to link to).
// The permissions are asked once per list (useRowPermissions), not per row: permissions are per
// kind (the server narrows Own records), and a question per button and row made a page of 25
// rows wait on a hundred access checks before its rows settled.
import { DeleteOutlined, EditOutlined, EyeOutlined, HistoryOutlined } from "@ant-design/icons";
import { type BaseKey, type BaseRecord, useCan, useDelete } from "@refinedev/core";
import { Button, Popconfirm } from "antd";
import { type CSSProperties, type ReactNode, useMemo } from "react";
import { Link, useLocation } from "react-router";
import type { Resource } from "../../resource-engine/define";
import { inSentence } from "../../resource-engine/list-query";
import { scopeOf } from "../../resource-engine/resource-routes";
import { recordLink } from "./record-links";

export interface RowPermissions {
  show: boolean;
  edit: boolean;
  delete: boolean;
  /** Deletes one row (Refine's useDelete: its notifications and list invalidation). */
  remove: (id: BaseKey) => void;
  /** The row being deleted, for its button's spinner. */
  removing: BaseKey | undefined;
}

/** What the caller may do to this kind's rows, asked once for the whole list. */
export function useRowPermissions(resource: Resource): RowPermissions {
  const show = useCan({ resource: resource.kind, action: "show" }).data?.can === true;
  const edit = useCan({ resource: resource.kind, action: "edit" }).data?.can === true;
  const remove = useCan({ resource: resource.kind, action: "delete" }).data?.can === true;
  const { mutate, mutation } = useDelete();
  const removing = mutation.isPending ? mutation.variables?.id : undefined;
  const kind = resource.kind;
  // One object while nothing changes, so the list's columns are not rebuilt on every render.
  return useMemo(
    () => ({ show, edit, delete: remove, remove: (id: BaseKey) => mutate({ resource: kind, id }), removing }),
    [show, edit, remove, mutate, kind, removing],
  );
}

/** A plain flex row, not antd's Space: one per row of the list. */
const ROW_ACTIONS: CSSProperties = { display: "inline-flex", alignItems: "center", gap: 8 };

interface RowActionsProps {
  resource: Resource;
  record: BaseRecord;
  allowed: RowPermissions;
}

export function RowActions({ resource, record, allowed }: RowActionsProps) {
  const { search } = useLocation();
  const id = record.id;
  if (id === undefined) return null;
  const singular = inSentence(resource.singular);
  const scope = scopeOf(resource, record);
  const linkable = !resource.scopedBy || scope !== undefined;
  // A native hint, not antd's Tooltip: seventy-five tooltips were a fifth of a list page's render.
  const link = (action: "show" | "edit" | "changeLogs", title: string, label: string, icon: ReactNode) => (
    <Link
      to={recordLink(resource, action, id, search, scope)}
      title={title}
      aria-label={`${label} ${singular} ${id}`}
    >
      {icon}
    </Link>
  );
  return (
    <span style={ROW_ACTIONS}>
      {linkable && allowed.show && link("show", "Show", "Show", <EyeOutlined />)}
      {linkable && allowed.edit && link("edit", "Edit", "Edit", <EditOutlined />)}
      {linkable && allowed.show && link("changeLogs", "Change log", "Change log of", <HistoryOutlined />)}
      {allowed.delete && (
        <Popconfirm
          title={`Delete this ${singular}?`}
          okText="Delete"
          okType="danger"
          cancelText="Cancel"
          onConfirm={() => allowed.remove(id)}
        >
          <Button
            danger
            size="small"
            icon={<DeleteOutlined />}
            loading={allowed.removing !== undefined && String(allowed.removing) === String(id)}
            aria-label={`Delete ${singular} ${id}`}
          />
        </Popconfirm>
      )}
    </span>
  );
}
