// A list row's actions: show, edit, change log, delete; each shown only when allowed. A scoped
// kind's row links under the row's own scope (a row without one has no record page to link to).
// The permissions are asked once per list (useRowPermissions), not per row: permissions are per
// kind (the server narrows Own records), and a question per button and row made a page of 25
// rows wait on a hundred access checks before its rows settled.
import DeleteOutlined from "@ant-design/icons-svg/es/asn/DeleteOutlined";
import EditOutlined from "@ant-design/icons-svg/es/asn/EditOutlined";
import EyeOutlined from "@ant-design/icons-svg/es/asn/EyeOutlined";
import HistoryOutlined from "@ant-design/icons-svg/es/asn/HistoryOutlined";
import type { IconDefinition } from "@ant-design/icons-svg/lib/types";
import { type BaseKey, type BaseRecord, useCan, useDelete } from "@refinedev/core";
import { Button, Popconfirm } from "antd";
import { type CSSProperties, useMemo, useState } from "react";
import { useKeyboardConfirm } from "../../components/keyboard-confirm";
import { StaticIcon } from "../../components/static-icon";
import type { Resource } from "../../resource-engine/define";
import { inSentence } from "../../resource-engine/list-query";
import { scopeOf } from "../../resource-engine/resource-routes";
import { RowLink, useRowContext } from "./list-cells";
import { recordLink } from "./record-links";
import { canOpen } from "./route-access";
import "./list-layout.css";

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
  // Show and edit open pages: asked with their routes, as the route guard decides (route-access.ts).
  const show = useCan(canOpen(resource, "show")).data?.can === true;
  const edit = useCan(canOpen(resource, "edit")).data?.can === true;
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

/**
 * The delete button, with its confirmation made on the first click: a Popconfirm (a tooltip, a trigger and a
 * portal) in each of a page's rows was the largest part of rendering them. Made, it opens at once with the focus
 * on its Cancel (keyboard-confirm.ts).
 */
function DeleteButton({ singular, id }: { singular: string; id: BaseKey }) {
  const { allowed } = useRowContext();
  const [asked, setAsked] = useState(false);
  const { trigger, popconfirm } = useKeyboardConfirm();
  const button = (
    <Button
      ref={trigger}
      danger
      size="small"
      icon={<StaticIcon icon={DeleteOutlined} />}
      loading={allowed.removing !== undefined && String(allowed.removing) === String(id)}
      aria-label={`Delete ${singular} ${id}`}
      onClick={asked ? undefined : () => setAsked(true)}
    />
  );
  if (!asked) return button;
  return (
    <Popconfirm
      defaultOpen
      title={`Delete this ${singular}?`}
      okText="Delete"
      okType="danger"
      cancelText="Cancel"
      onConfirm={() => allowed.remove(id)}
      {...popconfirm}
    >
      {button}
    </Popconfirm>
  );
}

/** A row's actions, inside <ListCells> (list-cells.tsx): the list's query and the permissions come from there. */
export function RowActions({ resource, record }: { resource: Resource; record: BaseRecord }) {
  const { search, allowed } = useRowContext();
  const id = record.id;
  if (id === undefined) return null;
  const singular = inSentence(resource.singular);
  const scope = scopeOf(resource, record);
  const linkable = !resource.scopedBy || scope !== undefined;
  // A native hint, not antd's Tooltip: seventy-five tooltips were a fifth of a list page's render.
  const link = (
    action: "show" | "edit" | "changeLogs",
    title: string,
    label: string,
    icon: IconDefinition,
  ) => (
    <RowLink
      to={recordLink(resource, action, id, search, scope)}
      title={title}
      aria-label={`${label} ${singular} ${id}`}
      className="row-action-link"
    >
      <StaticIcon icon={icon} />
    </RowLink>
  );
  return (
    <span style={ROW_ACTIONS}>
      {linkable && allowed.show && link("show", "Show", "Show", EyeOutlined)}
      {linkable && allowed.edit && link("edit", "Edit", "Edit", EditOutlined)}
      {linkable && allowed.show && link("changeLogs", "Change log", "Change log of", HistoryOutlined)}
      {allowed.delete && <DeleteButton singular={singular} id={id} />}
    </span>
  );
}
