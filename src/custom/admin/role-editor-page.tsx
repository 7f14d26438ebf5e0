// /roles/create, /roles/:id and /roles/:id/duplicate: a role's name and its permission matrix.
// Edit saves only what changed plus the `version` it read; a refusal (409) shows the server's
// sentence with a reload. Duplicate opens an unsaved copy named "Copy of …" with the source's
// permissions; saving creates it and opens the new role for editing.
import { ArrowLeftOutlined, CopyOutlined } from "@ant-design/icons";
import { CanAccess, useCreate, useList, useOne, useUpdate } from "@refinedev/core";
import { Alert, Button, Flex, Form, Input, Result, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useErrorBanner } from "../../components/use-error-banner";
import { type ApiError, fieldErrorsOf, isConflict, type RoleRecord } from "./admin-records";
import { PermissionMatrix } from "./permission-matrix";
import { copyName, type Permissions } from "./permission-matrix-model";
import { StaleAlert } from "./stale-alert";

export type RoleEditorMode = "create" | "edit" | "duplicate";

const TITLES: Record<RoleEditorMode, string> = {
  create: "Create role",
  edit: "Edit role",
  duplicate: "Duplicate role",
};

const samePermissions = (a: Permissions, b: Permissions) => {
  const keys = (p: Permissions) => Object.keys(p).sort();
  return (
    keys(a).join() === keys(b).join() &&
    keys(a).every((k) => [...a[k]].sort().join() === [...(b[k] ?? [])].sort().join())
  );
};

export default function RoleEditorPage({ mode }: { mode: RoleEditorMode }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name: string }>();
  const [permissions, setPermissions] = useState<Permissions>({});
  // The record an edit is based on: its version goes with the save, its values decide what changed.
  const [base, setBase] = useState<RoleRecord>();
  const [ready, setReady] = useState(mode === "create");
  const [problem, setProblem] = useState<ApiError>();
  const [reloading, setReloading] = useState(false);

  const needsSource = mode !== "create" && id !== undefined;
  const { query: sourceQuery, result: source } = useOne<RoleRecord>({
    resource: "Role",
    id,
    queryOptions: { enabled: needsSource },
    errorNotification: false,
  });
  // A copy gets the first free "Copy of …" name.
  const copyBase = source ? `Copy of ${source.name}` : "";
  const { query: similarQuery } = useList<RoleRecord>({
    resource: "Role",
    filters: [{ field: "search", operator: "contains", value: copyBase }],
    pagination: { pageSize: 100 },
    queryOptions: { enabled: mode === "duplicate" && source !== undefined },
    errorNotification: false,
  });

  useEffect(() => {
    if (ready || !source) return;
    if (mode === "edit") {
      form.setFieldsValue({ name: source.name });
      setPermissions(source.permissions);
      setBase(source);
      setReady(true);
    } else if (mode === "duplicate" && (similarQuery.isSuccess || similarQuery.isError)) {
      const taken = (similarQuery.data?.data ?? []).map((role) => role.name);
      form.setFieldsValue({ name: copyName(source.name, taken) });
      setPermissions(source.permissions);
      setReady(true);
    }
  }, [ready, source, mode, similarQuery.isSuccess, similarQuery.isError, similarQuery.data, form]);

  const { mutate: create, mutation: creation } = useCreate<RoleRecord, ApiError>();
  const { mutate: update, mutation: updating } = useUpdate<RoleRecord, ApiError>();
  const saving = creation.isPending || updating.isPending;

  // The failed save's banner and its invalid-permissions list go once the role is edited.
  const banner = useErrorBanner();
  const edited = () => {
    banner.resolved();
    if (problem && !isConflict(problem)) setProblem(undefined);
  };

  const onError = (error: ApiError) => {
    banner.failed(error);
    setProblem(error);
    const nameErrors = fieldErrorsOf(error).name;
    if (nameErrors) form.setFields([{ name: "name", errors: nameErrors }]);
  };

  const save = ({ name }: { name: string }) => {
    setProblem(undefined);
    const trimmed = name.trim();
    if (mode === "edit") {
      if (!base || id === undefined) return;
      const values: Record<string, unknown> = { version: base.version };
      if (trimmed !== base.name) values.name = trimmed;
      if (!samePermissions(permissions, base.permissions)) values.permissions = permissions;
      update(
        {
          resource: "Role",
          id,
          values,
          successNotification: () => ({ message: `Role “${trimmed}” saved`, type: "success" }),
          errorNotification: false,
        },
        {
          onSuccess: ({ data }) => {
            banner.resolved();
            setBase(data);
          },
          onError,
        },
      );
      return;
    }
    create(
      {
        resource: "Role",
        values: { name: trimmed, permissions },
        successNotification: () => ({ message: `Role “${trimmed}” created`, type: "success" }),
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          banner.resolved();
          navigate(`/roles/${data.id}`, { replace: true });
        },
        onError,
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      const { data } = await sourceQuery.refetch();
      if (data?.data) {
        form.setFieldsValue({ name: data.data.name });
        setPermissions(data.data.permissions);
        setBase(data.data);
        setProblem(undefined);
      }
    } finally {
      setReloading(false);
    }
  };

  if (needsSource && sourceQuery.isError) {
    return (
      <Result
        status="warning"
        title="This role could not be loaded."
        extra={<Link to="/roles">Back to roles</Link>}
      />
    );
  }

  const fieldProblems = Object.entries(fieldErrorsOf(problem)).filter(([field]) => field !== "name");

  return (
    <Spin spinning={!ready} tip="Loading role">
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex align="center" gap={8}>
            <Link to="/roles" aria-label="Back to roles">
              <ArrowLeftOutlined />
            </Link>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {TITLES[mode]}
              {mode !== "create" && source ? `: ${source.name}` : ""}
            </Typography.Title>
          </Flex>
          {mode === "edit" && id !== undefined && (
            <CanAccess resource="Role" action="create">
              <Link to={`/roles/${id}/duplicate`}>
                <Button icon={<CopyOutlined />}>Duplicate</Button>
              </Link>
            </CanAccess>
          )}
        </Flex>

        {problem && isConflict(problem) && mode === "edit" && (
          <StaleAlert message={problem.message} onReload={reload} reloading={reloading} />
        )}
        {problem && isConflict(problem) && mode !== "edit" && (
          <Alert type="error" showIcon role="alert" message={problem.message} />
        )}
        {fieldProblems.length > 0 && (
          <Alert
            type="error"
            showIcon
            role="alert"
            message="Some permissions are not valid"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {fieldProblems.map(([field, messages]) => (
                  <li key={field}>
                    {field}: {messages.join("; ")}
                  </li>
                ))}
              </ul>
            }
          />
        )}

        <Form form={form} layout="vertical" onFinish={save} onValuesChange={edited} requiredMark={false}>
          <Form.Item
            label="Name"
            name="name"
            rules={[
              { required: true, whitespace: true, message: "Enter the role's name" },
              { max: 120, message: "Use at most 120 characters" },
            ]}
            style={{ maxWidth: 480 }}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Typography.Title level={4}>Permissions</Typography.Title>
          <Typography.Paragraph type="secondary">
            Tick what members of groups with this role may do. “All (*)” grants every action of a resource,
            including ones added later.
          </Typography.Paragraph>
          <PermissionMatrix
            value={permissions}
            onChange={(next) => {
              setPermissions(next);
              edited();
            }}
            disabled={!ready || saving}
          />
          <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
            <Link to="/roles">
              <Button>Cancel</Button>
            </Link>
            <Button type="primary" htmlType="submit" loading={saving} disabled={!ready}>
              {mode === "edit" ? "Save" : "Create role"}
            </Button>
          </Flex>
        </Form>
      </Flex>
    </Spin>
  );
}
