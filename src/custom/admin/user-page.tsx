// /users/:id: a user's profile fields, flags, status and groups in this tenant. A save sends
// only what changed plus the `version` it read. Deactivating signs the user out everywhere at
// once; nobody can deactivate themselves, and the tenant keeps at least one administrator (the
// server's 409 says so). The email is how the user signs in and is not edited here.
import { ArrowLeftOutlined, DeleteOutlined } from "@ant-design/icons";
import { CanAccess, useDelete, useOne, useUpdate } from "@refinedev/core";
import {
  Button,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Popconfirm,
  Result,
  Row,
  Spin,
  Switch,
  Typography,
} from "antd";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useProfile } from "../../auth/use-profile";
import { formatDateTime } from "../../components/fields/format";
import { FormSelect } from "../../components/form-select";
import {
  type ApiError,
  fieldErrorsOf,
  type GroupRecord,
  isConflict,
  USER_FLAGS,
  type UserRecord,
} from "./admin-records";
import { StaleAlert } from "./stale-alert";
import { useIdSelect } from "./use-id-select";

type UserValues = Pick<
  UserRecord,
  "name" | "phone" | "IsAvanteSalesRep" | "IsAvanteCSR" | "isCustomerAgent" | "active" | "group_ids"
>;

const FIELDS = [
  "name",
  "phone",
  "IsAvanteSalesRep",
  "IsAvanteCSR",
  "isCustomerAgent",
  "active",
  "group_ids",
] as const;

export function userValuesOf(user: UserRecord): UserValues {
  return {
    name: user.name,
    phone: user.phone ?? "",
    IsAvanteSalesRep: user.IsAvanteSalesRep,
    IsAvanteCSR: user.IsAvanteCSR,
    isCustomerAgent: user.isCustomerAgent,
    active: user.active,
    group_ids: user.group_ids,
  };
}

/** The fields of the form that differ from the record, as the PATCH sends them. */
export function changedUserValues(user: UserRecord, values: UserValues): Partial<UserValues> {
  const before = userValuesOf(user);
  const after: UserValues = { ...values, name: values.name.trim(), phone: values.phone?.trim() ?? "" };
  const changes: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const same =
      field === "group_ids"
        ? [...before.group_ids].sort().join() === [...after.group_ids].sort().join()
        : before[field] === after[field];
    if (!same) changes[field] = field === "phone" ? after.phone || null : after[field];
  }
  return changes as Partial<UserValues>;
}

export default function UserPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const me = useProfile();
  const [form] = Form.useForm<UserValues>();
  const [problem, setProblem] = useState<ApiError>();
  const [reloading, setReloading] = useState(false);
  const { query, result: loaded } = useOne<UserRecord>({ resource: "User", id, errorNotification: false });
  // After a save or a reload: the record the next save is based on.
  const [latest, setLatest] = useState<UserRecord>();
  const user = latest ?? loaded;
  const groups = useIdSelect<GroupRecord>("Group", (g) => g.name, user?.group_ids ?? []);
  const { mutate: update, mutation: updating } = useUpdate<UserRecord, ApiError>();
  const { mutate: remove, mutation: removal } = useDelete<UserRecord, ApiError>();
  const self = me !== null && user !== undefined && me.id === user.id;

  const show = (record: UserRecord) => {
    setLatest(record);
    form.setFieldsValue(userValuesOf(record));
  };

  const save = (values: UserValues) => {
    if (!user || id === undefined) return;
    setProblem(undefined);
    update(
      {
        resource: "User",
        id,
        values: { ...changedUserValues(user, values), version: user.version },
        successNotification: () => ({ message: `${values.name.trim()} saved`, type: "success" }),
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => show(data),
        onError: (error) => {
          setProblem(error);
          const fields = Object.entries(fieldErrorsOf(error));
          if (fields.length > 0) {
            form.setFields(fields.map(([name, errors]) => ({ name: name as keyof UserValues, errors })));
          }
        },
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      const { data } = await query.refetch();
      if (data?.data) {
        show(data.data);
        setProblem(undefined);
      }
    } finally {
      setReloading(false);
    }
  };

  if (query.isError) {
    return (
      <Result
        status="warning"
        title="This user could not be loaded."
        extra={<Link to="/users">Back to users</Link>}
      />
    );
  }

  return (
    <Spin spinning={!user} tip="Loading user">
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex align="center" gap={8}>
            <Link to="/users" aria-label="Back to users">
              <ArrowLeftOutlined />
            </Link>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {user ? user.name : "User"}
            </Typography.Title>
          </Flex>
          {user && !self && (
            <CanAccess resource="User" action="delete">
              <Popconfirm
                title={`Remove ${user.name} from this tenant?`}
                description="Their groups and sessions here end; their account stays for other tenants."
                okText="Remove"
                okType="danger"
                onConfirm={() =>
                  remove(
                    {
                      resource: "User",
                      id: user.id,
                      successNotification: () => ({ message: `${user.name} removed`, type: "success" }),
                      errorNotification: false,
                    },
                    { onSuccess: () => navigate("/users") },
                  )
                }
              >
                <Button danger icon={<DeleteOutlined />} loading={removal.isPending}>
                  Remove from tenant
                </Button>
              </Popconfirm>
            </CanAccess>
          )}
        </Flex>

        {problem && isConflict(problem) && (
          <StaleAlert message={problem.message} onReload={reload} reloading={reloading} />
        )}

        {user && (
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label="Email">{user.email}</Descriptions.Item>
            <Descriptions.Item label="Last sign-in">
              {user.last_login_at ? formatDateTime(user.last_login_at) : "Never"}
            </Descriptions.Item>
            <Descriptions.Item label="Since">{formatDateTime(user.created_at)}</Descriptions.Item>
          </Descriptions>
        )}

        <Form<UserValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={loaded ? userValuesOf(loaded) : undefined}
          key={loaded ? `user-${loaded.id}` : "loading"}
          onFinish={save}
          disabled={!user}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="Name"
                name="name"
                rules={[
                  { required: true, whitespace: true, message: "Enter the user's name" },
                  { max: 120, message: "Use at most 120 characters" },
                ]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Phone"
                name="phone"
                rules={[{ max: 40, message: "Use at most 40 characters" }]}
              >
                <Input type="tel" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            label="Groups"
            name="group_ids"
            rules={[{ required: true, type: "array", min: 1, message: "Choose at least one group" }]}
          >
            <FormSelect mode="multiple" {...groups.selectProps} placeholder="Choose groups" />
          </Form.Item>
          <Row gutter={16}>
            {USER_FLAGS.map(({ field, label }) => (
              <Col key={field} xs={24} sm={8}>
                <Form.Item label={label} name={field} valuePropName="checked">
                  <Switch aria-label={label} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Form.Item
            label="Active"
            name="active"
            valuePropName="checked"
            extra={
              self ? "You cannot deactivate yourself." : "Deactivating signs the user out everywhere at once."
            }
          >
            <Switch aria-label="Active" disabled={self} />
          </Form.Item>
          <Flex gap={8} justify="flex-end">
            <Link to="/users">
              <Button>Cancel</Button>
            </Link>
            <Button type="primary" htmlType="submit" loading={updating.isPending}>
              Save
            </Button>
          </Flex>
        </Form>
      </Flex>
    </Spin>
  );
}
