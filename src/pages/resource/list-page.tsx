// The generic list of a declared kind: server-side pagination, sorting, search and filters,
// all kept in the URL (a reload shows the same page), CSV export, optional bulk delete.
// A drawer kind's create/show/edit routes are child routes rendered over this list (<Outlet>).
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import { type BaseKey, type BaseRecord, CanAccess, useDeleteMany } from "@refinedev/core";
import { Button, Empty, Flex, Popconfirm, Space, Table, Typography } from "antd";
import { Suspense, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import type { Resource } from "../../resource-engine/define";
import { inSentence, parseSort } from "../../resource-engine/list-query";
import { downloadCsv } from "./export-csv";
import { useListColumns } from "./list-columns";
import { ListFilters } from "./list-filters";
import { recordLink } from "./record-links";

export const PAGE_SIZE = 25;
const NO_ROWS: BaseRecord[] = [];

export default function ResourceListPage({ resource }: { resource: Resource }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { tableProps, sorters, filters, setFilters, setCurrentPage, tableQuery } = useTable<BaseRecord>({
    resource: resource.kind,
    syncWithLocation: true,
    pagination: { pageSize: PAGE_SIZE },
    sorters: { initial: parseSort(resource.sort) },
  });
  const rows = tableProps.dataSource ?? NO_ROWS;
  const columns = useListColumns(resource, rows, sorters);
  const [selected, setSelected] = useState<BaseKey[]>([]);
  const [exporting, setExporting] = useState(false);
  const { mutate: deleteMany, mutation: bulkDeletion } = useDeleteMany();

  const label = inSentence(resource.label);
  const singular = inSentence(resource.singular);
  const filtered = filters.length > 0;

  const createButton = (
    <CanAccess resource={resource.kind} action="create">
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(recordLink(resource, "create", undefined, search))}
      >
        Create {singular}
      </Button>
    </CanAccess>
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(resource, { sorters, filters });
    } finally {
      setExporting(false);
    }
  };

  const deleteSelected = () =>
    deleteMany({ resource: resource.kind, ids: selected }, { onSuccess: () => setSelected([]) });

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {resource.label}
        </Typography.Title>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting}>
            Export CSV
          </Button>
          {createButton}
        </Space>
      </Flex>
      <ListFilters
        resource={resource}
        filters={filters}
        onChange={(changes) => {
          setFilters(changes, "merge");
          setCurrentPage(1);
        }}
      />
      {resource.bulkDelete && selected.length > 0 && (
        <CanAccess resource={resource.kind} action="delete">
          <Popconfirm
            title={`Delete ${selected.length} ${selected.length === 1 ? singular : label}?`}
            okText="Delete"
            okType="danger"
            onConfirm={deleteSelected}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={bulkDeletion.isPending}
              style={{ marginBottom: 16 }}
            >
              Delete selected ({selected.length})
            </Button>
          </Popconfirm>
        </CanAccess>
      )}
      <Table<BaseRecord>
        {...tableProps}
        rowKey="id"
        columns={columns}
        pagination={
          tableProps.pagination && {
            ...tableProps.pagination,
            showSizeChanger: true,
            pageSizeOptions: [10, 25, 50, 100],
          }
        }
        rowSelection={
          resource.bulkDelete
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as BaseKey[]) }
            : undefined
        }
        locale={{
          emptyText: tableQuery.isLoading ? (
            " "
          ) : (
            <Empty description={filtered ? `No ${label} match these filters` : `No ${label} yet`}>
              {!filtered && createButton}
            </Empty>
          ),
        }}
      />
      {/* A drawer kind's record routes; their code loads here without blanking the list. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}
