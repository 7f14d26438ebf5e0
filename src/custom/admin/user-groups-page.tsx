// /user-groups: the tenant's groups (memberships), edited in place in a drawer: name, the
// administrator flag, sites, roles and members. A group counts for the tenant only with one of
// its sites (spec §6). The server refuses (409) a change that would leave the tenant without
// an administrator, and a save on a stale version.
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { getDefaultSortOrder, useTable } from "@refinedev/antd";
import { CanAccess, useCreate, useDataProvider, useDelete, useList, useUpdate } from "@refinedev/core";
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { pageTotal } from "../../components/fields/format";
import {
  type ApiError,
  fieldErrorsOf,
  type GroupRecord,
  isConflict,
  type RoleRecord,
  type SiteOption,
  type UserRecord,
} from "./admin-records";
import { StaleAlert } from "./stale-alert";
import { useIdSelect } from "./use-id-select";

interface GroupValues {
  name: string;
  is_admin: boolean;
  site_ids: number[];
  role_ids: number[];
  member_ids: number[];
}

const EMPTY: GroupValues = { name: "", is_admin: false, site_ids: [], role_ids: [], member_ids: [] };
const LISTS = ["site_ids", "role_ids", "member_ids"] as const;

const sameIds = (a: number[], b: number[]) => [...a].sort().join() === [...b].sort().join();

/** The fields of `values` that differ from the record (a PATCH sends only those). */
export function changedGroupValues(record: GroupRecord, values: GroupValues): Partial<GroupValues> {
  const changes: Partial<GroupValues> = {};
  if (values.name.trim() !== record.name) changes.name = values.name.trim();
  if (values.is_admin !== record.is_admin) changes.is_admin = values.is_admin;
  for (const list of LISTS) if (!sameIds(values[list], record[list])) changes[list] = values[list];
  return changes;
}

function names<T extends { id: number }>(ids: number[], rows: T[], label: (row: T) => string) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    return row ? label(row) : `#${id}`;
  });
}

export default function UserGroupsPage() {
  const { tableProps, sorters, tableQuery } = useTable<GroupRecord>({
    resource: "Group",
    syncWithLocation: true,
    pagination: { pageSize: 25 },
    sorters: { initial: [{ field: "name", order: "asc" }] },
  });
  // Sites and roles are few per tenant: one page of each names them in the table.
  const { result: sites } = useList<SiteOption>({ resource: "Site", pagination: { pageSize: 100 } });
  const { result: roles } = useList<RoleRecord>({ resource: "Role", pagination: { pageSize: 100 } });
  const [editing, setEditing] = useState<GroupRecord | "new" | null>(null);
  const { mutate: remove } = useDelete<GroupRecord, ApiError>();

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          User groups
        </Typography.Title>
        <CanAccess resource="Group" action="create">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
            Create group
          </Button>
        </CanAccess>
      </Flex>
      <Table<GroupRecord>
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
            render: (name: string, group) => (
              <Space>
                {name}
                {group.is_admin && <Tag color="red">Administrators</Tag>}
              </Space>
            ),
          },
          {
            title: "Sites",
            dataIndex: "site_ids",
            render: (ids: number[]) =>
              ids.length === 0 ? (
                <Typography.Text type="warning">No site: grants nothing</Typography.Text>
              ) : (
                names(ids, sites.data, (s) => s.name).join(", ")
              ),
          },
          {
            title: "Roles",
            dataIndex: "role_ids",
            render: (ids: number[]) => names(ids, roles.data, (r) => r.name).join(", "),
          },
          {
            title: "Members",
            dataIndex: "member_ids",
            render: (ids: number[]) => ids.length,
          },
          {
            title: "Actions",
            key: "actions",
            align: "right",
            render: (_, group) => (
              <Space>
                <CanAccess resource="Group" action="edit">
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${group.name}`}
                    onClick={() => setEditing(group)}
                  />
                </CanAccess>
                <CanAccess resource="Group" action="delete">
                  <Popconfirm
                    title={`Delete the group “${group.name}”?`}
                    description="Its members leave it."
                    okText="Delete"
                    okType="danger"
                    onConfirm={() =>
                      remove({
                        resource: "Group",
                        id: group.id,
                        successNotification: () => ({
                          message: `Group “${group.name}” deleted`,
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
                      aria-label={`Delete ${group.name}`}
                    />
                  </Popconfirm>
                </CanAccess>
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        title={editing === "new" ? "Create group" : editing ? `Edit group: ${editing.name}` : ""}
        open={editing !== null}
        onClose={() => setEditing(null)}
        width={520}
        destroyOnHidden
      >
        {editing !== null && (
          <GroupEditor
            key={editing === "new" ? "new" : editing.id}
            group={editing === "new" ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Drawer>
    </>
  );
}

export interface GroupEditorProps {
  /** The group to edit; none to create one. */
  group?: GroupRecord;
  onDone: () => void;
}

export function GroupEditor({ group, onDone }: GroupEditorProps) {
  const [form] = Form.useForm<GroupValues>();
  const [base, setBase] = useState<GroupRecord | undefined>(group);
  const [problem, setProblem] = useState<ApiError>();
  const [reloading, setReloading] = useState(false);
  const { mutate: create, mutation: creation } = useCreate<GroupRecord, ApiError>();
  const { mutate: update, mutation: updating } = useUpdate<GroupRecord, ApiError>();
  const siteIds = Form.useWatch("site_ids", form);

  const sites = useIdSelect<SiteOption>("Site", (s) => s.name, group?.site_ids ?? []);
  const roles = useIdSelect<RoleRecord>("Role", (r) => r.name, group?.role_ids ?? []);
  const members = useIdSelect<UserRecord>("User", (u) => `${u.name} <${u.email}>`, group?.member_ids ?? []);
  const dataProvider = useDataProvider();

  const onError = (error: ApiError) => {
    setProblem(error);
    const fields = Object.entries(fieldErrorsOf(error));
    if (fields.length > 0)
      form.setFields(fields.map(([name, errors]) => ({ name: name as keyof GroupValues, errors })));
  };

  const save = (values: GroupValues) => {
    setProblem(undefined);
    const clean = { ...values, name: values.name.trim() };
    if (!base) {
      create(
        {
          resource: "Group",
          values: clean,
          successNotification: () => ({ message: `Group “${clean.name}” created`, type: "success" }),
          errorNotification: false,
        },
        { onSuccess: onDone, onError },
      );
      return;
    }
    update(
      {
        resource: "Group",
        id: base.id,
        values: { ...changedGroupValues(base, clean), version: base.version },
        successNotification: () => ({ message: `Group “${clean.name}” saved`, type: "success" }),
        errorNotification: false,
      },
      { onSuccess: onDone, onError },
    );
  };

  const reload = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const { data } = await dataProvider().getOne<GroupRecord>({ resource: "Group", id: base.id });
      setBase(data);
      form.setFieldsValue(valuesOf(data));
      setProblem(undefined);
    } catch {
      // The http client has shown why; the alert stays for another try.
    } finally {
      setReloading(false);
    }
  };

  return (
    <Form<GroupValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={group ? valuesOf(group) : EMPTY}
      onFinish={save}
    >
      {problem && isConflict(problem) && base && (
        <StaleAlert message={problem.message} onReload={reload} reloading={reloading} />
      )}
      {problem && isConflict(problem) && !base && (
        <Alert type="error" showIcon role="alert" message={problem.message} />
      )}
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: "Enter the group's name" },
          { max: 120, message: "Use at most 120 characters" },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Administrators"
        name="is_admin"
        valuePropName="checked"
        extra="Members of an administrator group are the tenant's product admins (settings)."
      >
        <Switch />
      </Form.Item>
      <Form.Item
        label="Sites"
        name="site_ids"
        extra={
          (siteIds ?? []).length === 0
            ? "Without a site the group counts for no tenant: it grants nothing."
            : undefined
        }
      >
        <Select mode="multiple" {...sites.selectProps} placeholder="Choose sites" />
      </Form.Item>
      <Form.Item label="Roles" name="role_ids">
        <Select mode="multiple" {...roles.selectProps} placeholder="Choose roles" />
      </Form.Item>
      <Form.Item
        label="Members"
        name="member_ids"
        extra="New people join by invitation (Users → Invite user)."
      >
        <Select mode="multiple" {...members.selectProps} placeholder="Choose users" />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={creation.isPending || updating.isPending}>
          {base ? "Save" : "Create group"}
        </Button>
      </Flex>
    </Form>
  );
}

function valuesOf(group: GroupRecord): GroupValues {
  return {
    name: group.name,
    is_admin: group.is_admin,
    site_ids: group.site_ids,
    role_ids: group.role_ids,
    member_ids: group.member_ids,
  };
}
