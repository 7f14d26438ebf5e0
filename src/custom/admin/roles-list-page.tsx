// /roles: the tenant's roles, searchable and sortable (kept in the URL), with create, edit,
// duplicate and delete. A role still given to a group cannot be deleted (the server's 409 says
// which groups).
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import { CanAccess, useDelete } from "@refinedev/core";
import { Button, Flex, Input, Popconfirm, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { formatDateTime, pageTotal } from "../../components/fields/format";
import type { ApiError, RoleRecord } from "./admin-records";
import { describePermissions } from "./permission-matrix-model";

export default function RolesListPage() {
  const { tableProps, sorters, filters, setFilters, tableQuery } = useTable<RoleRecord>({
    resource: "Role",
    syncWithLocation: true,
    pagination: { pageSize: 25 },
    sorters: { initial: [{ field: "name", order: "asc" }] },
  });
  const initialSearch = filters.find((f) => "field" in f && f.field === "search")?.value;
  const [search, setSearch] = useState<string>(typeof initialSearch === "string" ? initialSearch : "");
  const { mutate: remove, mutation: removal } = useDelete<RoleRecord, ApiError>();

  const applySearch = (value: string) =>
    setFilters([{ field: "search", operator: "contains", value: value.trim() || undefined }], "replace");

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Roles
        </Typography.Title>
        <CanAccess resource="Role" action="create">
          <Link to="/roles/create">
            <Button type="primary" icon={<PlusOutlined />}>
              Create role
            </Button>
          </Link>
        </CanAccess>
      </Flex>
      <Input.Search
        allowClear
        placeholder="Search roles"
        aria-label="Search roles"
        prefix={<SearchOutlined />}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={applySearch}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      <Table<RoleRecord>
        {...tableProps}
        pagination={tableProps.pagination && { ...tableProps.pagination, showTotal: pageTotal }}
        rowKey="id"
        loading={tableQuery.isLoading}
        columns={[
          {
            title: "Name",
            dataIndex: "name",
            sorter: true,
            defaultSortOrder: getDefaultSortOrder("name", sorters),
            render: (name: string, role) => <Link to={`/roles/${role.id}`}>{name}</Link>,
          },
          {
            title: "Grants",
            key: "grants",
            render: (_, role) => {
              const lines = describePermissions(role.permissions);
              if (lines.length === 0) return <Typography.Text type="secondary">Nothing yet</Typography.Text>;
              return (
                <Tooltip
                  title={lines.map((line) => (
                    <div key={line.kind}>
                      {line.label}: {line.actions}
                    </div>
                  ))}
                >
                  <Tag>
                    {lines.length} {lines.length === 1 ? "resource" : "resources"}
                  </Tag>
                </Tooltip>
              );
            },
          },
          {
            title: "Updated",
            dataIndex: "updated_at",
            sorter: true,
            defaultSortOrder: getDefaultSortOrder("updated_at", sorters),
            render: (value: string) => formatDateTime(value),
          },
          {
            title: "Actions",
            key: "actions",
            align: "right",
            render: (_, role) => (
              <Space>
                <CanAccess resource="Role" action="edit">
                  <Link to={`/roles/${role.id}`} aria-label={`Edit ${role.name}`}>
                    <Button size="small" icon={<EditOutlined />} />
                  </Link>
                </CanAccess>
                <CanAccess resource="Role" action="create">
                  <Link to={`/roles/${role.id}/duplicate`} aria-label={`Duplicate ${role.name}`}>
                    <Button size="small" icon={<CopyOutlined />} />
                  </Link>
                </CanAccess>
                <CanAccess resource="Role" action="delete">
                  <Popconfirm
                    title={`Delete the role “${role.name}”?`}
                    okText="Delete"
                    okType="danger"
                    onConfirm={() =>
                      remove({
                        resource: "Role",
                        id: role.id,
                        successNotification: () => ({
                          message: `Role “${role.name}” deleted`,
                          type: "success",
                        }),
                        errorNotification: false,
                      })
                    }
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Delete ${role.name}`}
                      loading={removal.isPending && removal.variables?.id === role.id}
                    />
                  </Popconfirm>
                </CanAccess>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
