// /users: the tenant's users (those with a membership in one of its groups), searchable and
// filterable by status, with "Invite user" for people who are not users yet.
import { EditOutlined, UserAddOutlined } from "@ant-design/icons";
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import { CanAccess, type CrudFilter, useList } from "@refinedev/core";
import { Button, Flex, Input, Segmented, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { formatDateTime, pageTotal } from "../../components/fields/format";
import { type GroupRecord, USER_FLAGS, type UserRecord } from "./admin-records";
import { InviteUserModal } from "./invite-user-modal";

type Status = "all" | "active" | "inactive";

const filterValue = (filters: CrudFilter[], field: string): unknown =>
  filters.find((f) => "field" in f && f.field === field)?.value;

export default function UsersListPage() {
  const { tableProps, sorters, filters, setFilters, tableQuery } = useTable<UserRecord>({
    resource: "User",
    syncWithLocation: true,
    pagination: { pageSize: 25 },
    sorters: { initial: [{ field: "name", order: "asc" }] },
  });
  const { result: groups } = useList<GroupRecord>({ resource: "Group", pagination: { pageSize: 100 } });
  const groupNames = new Map(groups.data.map((g) => [g.id, g.name]));
  const initialSearch = filterValue(filters, "search");
  const [search, setSearch] = useState(typeof initialSearch === "string" ? initialSearch : "");
  const active = filterValue(filters, "active");
  const status: Status =
    active === true || active === "true"
      ? "active"
      : active === false || active === "false"
        ? "inactive"
        : "all";
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Users
        </Typography.Title>
        <CanAccess resource="User" action="create">
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
            Invite user
          </Button>
        </CanAccess>
      </Flex>
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="Search name, email or phone"
          aria-label="Search users"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) =>
            setFilters([{ field: "search", operator: "contains", value: value.trim() || undefined }], "merge")
          }
          style={{ maxWidth: 360 }}
        />
        <Segmented<Status>
          aria-label="Status"
          value={status}
          options={[
            { label: "All", value: "all" },
            { label: "Active", value: "active" },
            { label: "Inactive", value: "inactive" },
          ]}
          onChange={(value) =>
            setFilters(
              [{ field: "active", operator: "eq", value: value === "all" ? undefined : value === "active" }],
              "merge",
            )
          }
        />
      </Flex>
      <Table<UserRecord>
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
            render: (name: string, user) => (
              <CanAccess resource="User" action="edit" fallback={name}>
                <Link to={`/users/${user.id}`}>{name}</Link>
              </CanAccess>
            ),
          },
          {
            title: "Email",
            dataIndex: "email",
            sorter: true,
            defaultSortOrder: getDefaultSortOrder("email", sorters),
          },
          {
            title: "Groups",
            dataIndex: "group_ids",
            render: (ids: number[]) => ids.map((id) => groupNames.get(id) ?? `#${id}`).join(", "),
          },
          {
            title: "Flags",
            key: "flags",
            render: (_, user) => (
              <Space size={4} wrap>
                {USER_FLAGS.filter(({ field }) => user[field]).map(({ field, label }) => (
                  <Tag key={field}>{label}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: "Status",
            dataIndex: "active",
            render: (value: boolean) => (value ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
          },
          {
            title: "Last sign-in",
            dataIndex: "last_login_at",
            sorter: true,
            defaultSortOrder: getDefaultSortOrder("last_login_at", sorters),
            render: (value: string | null) => (value ? formatDateTime(value) : "Never"),
          },
          {
            title: "Actions",
            key: "actions",
            align: "right",
            render: (_, user) => (
              <CanAccess resource="User" action="edit">
                <Link to={`/users/${user.id}`} aria-label={`Edit ${user.name}`}>
                  <Button size="small" icon={<EditOutlined />} />
                </Link>
              </CanAccess>
            ),
          },
        ]}
      />
      <InviteUserModal open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
