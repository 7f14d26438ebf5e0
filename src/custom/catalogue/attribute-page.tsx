// /attributes/{id} and /attributes/create (issue 21): an attribute with its values edited in place
// (attribute-values-table.tsx), saved in one request, the attribute's PATCH (POST on create) with
// its version: a save over someone else's newer one is refused (409) and the page says to reload.
// The values' cells are checked here as the server checks them (attribute-values.ts); the server's
// field errors show beside the form. Read-only without Attribute Update. Removing a value that product
// variants use is refused (409, server/resources/hooks/attributes.ts): the page shows that sentence.
import { useCan, useCreate, useOne, useUpdate } from "@refinedev/core";
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Select, Space, Spin, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { RequestError } from "../../providers/request-error";
import type { EnumField } from "../../resource-engine/fields";
import attributes from "../../resources/attributes";
import { rowsOf, storedOf, type ValueRow, valueErrors } from "./attribute-values";
import { AttributeValuesTable } from "./attribute-values-table";

interface AttributeRecord {
  id: number;
  version: number;
  name: string;
  code: string;
  input_type: string;
  pricing_method: string | null;
  values: unknown;
  required: boolean;
  print_on_ticket: boolean;
  affects_gang: boolean;
}

type Details = Omit<AttributeRecord, "id" | "version" | "values">;

const options = (field: string) =>
  (attributes.fields[field] as EnumField).values.map((v) => ({ value: v.value, label: v.label }));

const NEW: Details = {
  name: "",
  code: "",
  input_type: "select",
  pricing_method: "price_delta",
  required: false,
  print_on_ticket: true,
  affects_gang: false,
};

export default function AttributePage() {
  const { id } = useParams();
  const creating = id === undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Details>();
  const { query, result: record } = useOne<AttributeRecord>({
    resource: "Attribute",
    id,
    queryOptions: { enabled: !creating },
    errorNotification: false,
  });
  const editable = useCan({ resource: "Attribute", action: creating ? "create" : "edit" }).data?.can === true;
  const { mutate: create, mutation: creation } = useCreate<AttributeRecord>();
  const { mutate: update, mutation: updating } = useUpdate<AttributeRecord>();
  const [rows, setRows] = useState<ValueRow[]>([]);
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const pricing = Form.useWatch("pricing_method", form);

  // The rows follow the stored values at each version (after a save, after a reload).
  useEffect(() => {
    if (!record) return;
    setRows(rowsOf(record.values));
    form.setFieldsValue(record);
  }, [record, form]);

  const errors = useMemo(() => (tried ? valueErrors(rows) : {}), [rows, tried]);

  const failed = (error: RequestError) => {
    for (const [name, messages] of Object.entries(error.errors ?? {})) {
      if (name === "values") continue;
      form.setFields([{ name: name as keyof Details, errors: messages }]);
    }
    // A 409 with field errors is the server's refusal to remove a value variants use: its sentence as it is.
    setProblem(
      error.statusCode === 409
        ? error.errors
          ? error.message
          : `${error.message} Reload the page to see the saved values, then make your change again.`
        : error.errors?.values
          ? `Values: ${error.errors.values.join("; ")}`
          : error.message,
    );
  };

  const save = async () => {
    setTried(true);
    setProblem(undefined);
    let details: Details;
    try {
      details = await form.validateFields();
    } catch {
      return;
    }
    if (Object.keys(valueErrors(rows)).length > 0) {
      setProblem("Some values need attention: see the marked cells.");
      return;
    }
    const values = { ...details, values: storedOf(rows) };
    if (creating) {
      create(
        {
          resource: "Attribute",
          values,
          successNotification: () => ({ message: `${details.name} created`, type: "success" }),
          errorNotification: false,
        },
        {
          onSuccess: ({ data }) => navigate(`/attributes/${data.id}`, { replace: true }),
          onError: (error) => failed(error as unknown as RequestError),
        },
      );
    } else if (record) {
      update(
        {
          resource: "Attribute",
          id: record.id,
          values: { ...values, version: record.version },
          successNotification: () => ({ message: `${details.name} saved`, type: "success" }),
          errorNotification: false,
        },
        { onError: (error) => failed(error as unknown as RequestError) },
      );
    }
  };

  if (!creating && query.isLoading) return <Spin />;
  if (!creating && !record)
    return <Alert type="error" showIcon message="This attribute could not be loaded" />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {creating ? "Create attribute" : record?.name}
      </Typography.Title>
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
      <Form<Details> form={form} layout="vertical" initialValues={NEW} disabled={!editable}>
        <Card title="Attribute">
          <Flex gap={16} wrap>
            <Form.Item
              name="name"
              label="Name"
              rules={[{ required: true, whitespace: true, message: "Name is required" }]}
              style={{ minWidth: 220, flex: 1 }}
            >
              <Input maxLength={80} />
            </Form.Item>
            <Form.Item
              name="code"
              label="Code"
              rules={[{ required: true, whitespace: true, message: "Code is required" }]}
              style={{ minWidth: 160, flex: 1 }}
            >
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="input_type" label="Input type" style={{ minWidth: 140 }}>
              <Select options={options("input_type")} />
            </Form.Item>
            <Form.Item name="pricing_method" label="Pricing method" style={{ minWidth: 160 }}>
              <Select options={options("pricing_method")} />
            </Form.Item>
          </Flex>
          <Space wrap size="large">
            <Form.Item name="required" valuePropName="checked" noStyle>
              <Checkbox>Required</Checkbox>
            </Form.Item>
            <Form.Item name="print_on_ticket" valuePropName="checked" noStyle>
              <Checkbox>Print on ticket</Checkbox>
            </Form.Item>
            <Form.Item name="affects_gang" valuePropName="checked" noStyle>
              <Checkbox>Affects gang</Checkbox>
            </Form.Item>
          </Space>
        </Card>
        <Card title={`Values (${rows.length})`} style={{ marginTop: 16 }}>
          <AttributeValuesTable
            rows={rows}
            onChange={setRows}
            errors={errors}
            multiplier={pricing === "multiplier"}
            disabled={!editable}
          />
        </Card>
        <Space style={{ marginTop: 16 }}>
          {editable && (
            <Button type="primary" onClick={save} loading={creation.isPending || updating.isPending}>
              {creating ? "Create" : "Save"}
            </Button>
          )}
          <Link to="/attributes">Back to attributes</Link>
          {!creating && <Link to={`/attributes/${id}/change-logs`}>Change log</Link>}
        </Space>
      </Form>
    </Flex>
  );
}
