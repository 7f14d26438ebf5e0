// A list row's actions: show, edit, change log, delete; each shown only when allowed. A scoped
// kind's row links under the row's own scope (a row without one has no record page to link to).
import { EditOutlined, EyeOutlined, HistoryOutlined } from "@ant-design/icons";
import { DeleteButton } from "@refinedev/antd";
import { type BaseRecord, CanAccess } from "@refinedev/core";
import { Space, Tooltip } from "antd";
import { Link, useLocation } from "react-router";
import type { Resource } from "../../resource-engine/define";
import { inSentence } from "../../resource-engine/list-query";
import { scopeOf } from "../../resource-engine/resource-routes";
import { recordLink } from "./record-links";

export function RowActions({ resource, record }: { resource: Resource; record: BaseRecord }) {
  const { search } = useLocation();
  const id = record.id;
  if (id === undefined) return null;
  const singular = inSentence(resource.singular);
  const scope = scopeOf(resource, record);
  const linkable = !resource.scopedBy || scope !== undefined;
  return (
    <Space size={12}>
      {linkable ? (
        <>
          <CanAccess resource={resource.kind} action="show" params={{ id }}>
            <Tooltip title="Show">
              <Link
                to={recordLink(resource, "show", id, search, scope)}
                aria-label={`Show ${singular} ${id}`}
              >
                <EyeOutlined />
              </Link>
            </Tooltip>
          </CanAccess>
          <CanAccess resource={resource.kind} action="edit" params={{ id }}>
            <Tooltip title="Edit">
              <Link
                to={recordLink(resource, "edit", id, search, scope)}
                aria-label={`Edit ${singular} ${id}`}
              >
                <EditOutlined />
              </Link>
            </Tooltip>
          </CanAccess>
          <CanAccess resource={resource.kind} action="show" params={{ id }}>
            <Tooltip title="Change log">
              <Link
                to={recordLink(resource, "changeLogs", id, search, scope)}
                aria-label={`Change log of ${singular} ${id}`}
              >
                <HistoryOutlined />
              </Link>
            </Tooltip>
          </CanAccess>
        </>
      ) : null}
      <DeleteButton
        size="small"
        hideText
        resource={resource.kind}
        recordItemId={id}
        confirmTitle={`Delete this ${singular}?`}
        confirmOkText="Delete"
        aria-label={`Delete ${singular} ${id}`}
      />
    </Space>
  );
}
