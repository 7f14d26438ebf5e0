// A show page's related records (ResourceInput.related, e.g. a customer's addresses): per section,
// the other kind's records whose back-reference is this record, paginated, with Add and Edit in a
// drawer (the back-reference preset and locked) and a confirmed Delete, each only where that
// kind's permissions allow it.
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { DeleteButton, useTable } from "@refinedev/antd";
import { type BaseKey, type BaseRecord, CanAccess } from "@refinedev/core";
import { Button, Drawer, Flex, Grid, Space, Table, type TableColumnsType, Tooltip, Typography } from "antd";
import { useMemo, useState } from "react";
import type { RelatedRecords as Related, Resource } from "../../resource-engine/define";
import { inSentence, parseSort } from "../../resource-engine/list-query";
import { resourceOf } from "../../resource-engine/registry";
import { drawerWidth } from "./drawer-width";
import { ListCells } from "./list-cells";
import { useListColumns } from "./list-columns";
import { RecordForm } from "./record-form";
import { useUnsavedChanges } from "./use-unsaved-changes";

export const RELATED_PAGE_SIZE = 10;
const NO_ROWS: BaseRecord[] = [];

type Editing = { mode: "create" } | { mode: "edit"; id: BaseKey };

export function RelatedRecords({ resource, record }: { resource: Resource; record: BaseRecord }) {
  if (record.id === undefined || resource.related.length === 0) return null;
  return (
    <>
      {resource.related.map((related) => {
        const other = resourceOf(related.kind);
        // The validation pass guarantees the kind is declared; a test declaration may not be.
        if (!other) return null;
        return (
          <CanAccess key={`${related.kind}.${related.field}`} resource={other.kind} action="list">
            <RelatedSection related={related} other={other} parentId={record.id as BaseKey} />
          </CanAccess>
        );
      })}
    </>
  );
}

function RelatedSection({
  related,
  other,
  parentId,
}: {
  related: Related;
  other: Resource;
  parentId: BaseKey;
}) {
  const label = related.label ?? other.label;
  const singular = inSentence(other.singular);
  const [editing, setEditing] = useState<Editing>();
  const [dirty, setDirty] = useState(false);
  const confirmLeave = useUnsavedChanges(dirty);
  const screens = Grid.useBreakpoint();

  const { tableProps, sorters, tableQuery } = useTable<BaseRecord>({
    resource: other.kind,
    syncWithLocation: false,
    pagination: { pageSize: RELATED_PAGE_SIZE },
    sorters: { initial: parseSort(other.sort) },
    filters: { permanent: [{ field: related.field, operator: "eq", value: parentId }] },
  });
  const rows = tableProps.dataSource ?? NO_ROWS;
  // The other kind's list columns without the back-reference (always this record).
  const shown = useMemo(
    () => ({ ...other, list: other.list.filter((name) => name !== related.field) }),
    [other, related.field],
  );
  const { columns: listColumns, cells } = useListColumns(shown, rows, sorters, tableQuery.isFetching);
  const columns: TableColumnsType<BaseRecord> = [
    ...listColumns.filter((column) => column.key !== "actions"),
    {
      key: "actions",
      title: "Actions",
      width: 100,
      render: (_: unknown, row: BaseRecord) =>
        row.id === undefined ? null : (
          <Space size={12}>
            <CanAccess resource={other.kind} action="edit" params={{ id: row.id }}>
              <Tooltip title="Edit">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${singular} ${row.id}`}
                  onClick={() => setEditing({ mode: "edit", id: row.id as BaseKey })}
                />
              </Tooltip>
            </CanAccess>
            <DeleteButton
              size="small"
              hideText
              resource={other.kind}
              recordItemId={row.id}
              accessControl={{ enabled: true, hideIfUnauthorized: true }}
              confirmTitle={`Delete this ${singular}?`}
              confirmOkText="Delete"
              aria-label={`Delete ${singular} ${row.id}`}
            />
          </Space>
        ),
    },
  ];

  const close = () => {
    setDirty(false);
    setEditing(undefined);
  };

  return (
    <section aria-label={label} style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {label}
        </Typography.Title>
        <CanAccess resource={other.kind} action="create">
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: "create" })}>
            Add {singular}
          </Button>
        </CanAccess>
      </Flex>
      <ListCells value={cells}>
        <Table<BaseRecord>
          {...tableProps}
          rowKey="id"
          size="small"
          columns={columns}
          scroll={{ x: true }}
          locale={{ emptyText: tableQuery.isLoading ? " " : `No ${inSentence(label)} yet` }}
        />
      </ListCells>
      <Drawer
        open={editing !== undefined}
        title={editing?.mode === "edit" ? `Edit ${singular}` : `Add ${singular}`}
        onClose={() => confirmLeave(close)}
        width={drawerWidth(other, screens.md === false)}
        destroyOnHidden
      >
        {editing && (
          <RecordForm
            key={editing.mode === "edit" ? `edit:${editing.id}` : "create"}
            resource={other}
            action={editing.mode}
            id={editing.mode === "edit" ? String(editing.id) : undefined}
            locked={{ [related.field]: parentId }}
            onSaved={close}
            onCancel={() => confirmLeave(close)}
            onDirtyChange={setDirty}
          />
        )}
      </Drawer>
    </section>
  );
}
