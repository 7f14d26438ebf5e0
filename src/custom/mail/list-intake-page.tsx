// A mailing list's page (/lists/{id}, issue 22): upload its CSV (streamed, with a progress bar), map
// its columns to address fields (saved as a field map, /maps), validate and dedupe with the counts
// removed, suppress against another list, export the result. CASS and NCOA need a licensed
// provider: the page says plainly that the step is not configured.
import { DownloadOutlined, EditOutlined, InboxOutlined } from "@ant-design/icons";
import { useList, useOne } from "@refinedev/core";
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Progress,
  Radio,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
  Upload,
} from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { RequestError } from "../../providers/request-error";
import { ADDRESS_FIELDS, DEDUPE_RULES, type DedupeRule, guessColumn, type Outcome } from "./list-fields";
import {
  exportList,
  fetchIntake,
  type Intake,
  type IntakeRow,
  processList,
  saveMapping,
  uploadList,
} from "./list-intake-api";

const OUTCOME_COLORS: Record<Outcome, string> = {
  valid: "green",
  invalid: "red",
  duplicate: "orange",
  suppressed: "purple",
};

export default function ListIntakePage() {
  const { id = "" } = useParams();
  const { result: list } = useOne<{ id: number; name: string; status: string; customer_id: number | null }>({
    resource: "lists",
    id,
  });
  const [intake, setIntake] = useState<Intake>();
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setIntake(await fetchIntake(id));
    } finally {
      setLoading(false);
    }
  }, [id]);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {list?.name ?? "Mailing list"}
          </Typography.Title>
          {intake && <Tag>{intake.status.replace("_", " ")}</Tag>}
        </Space>
        <Space>
          <Link to="/lists">All lists</Link>
          <Link to={`/lists/${id}/edit`}>
            <EditOutlined /> Edit details
          </Link>
        </Space>
      </Flex>
      <UploadStep id={id} intake={intake} onDone={reload} />
      {intake?.header && <MappingStep id={id} intake={intake} listName={list?.name ?? ""} onDone={reload} />}
      <Alert
        type="info"
        showIcon
        message="CASS and NCOA are not configured"
        description="ZIP+4 coding (CASS) and change-of-address updates (NCOA) are licensed USPS services run by a provider. No provider is configured for this shop, so these steps are not run on this list."
      />
      {intake?.mapping && <ProcessStep id={id} intake={intake} onDone={reload} />}
      {intake && intake.counts.records > 0 && (
        <RecordsCard id={id} intake={intake} loading={loading} name={list?.name} />
      )}
    </Flex>
  );
}

function UploadStep({ id, intake, onDone }: { id: string; intake?: Intake; onDone: () => Promise<void> }) {
  const [percent, setPercent] = useState<number>();
  const [error, setError] = useState<string>();
  const upload = async (file: File) => {
    if (!intake) return;
    if (!/\.(csv|txt)$/i.test(file.name)) {
      setError(
        `"${file.name}" is not a CSV file: save the spreadsheet as CSV (comma-separated) and upload that`,
      );
      return;
    }
    setError(undefined);
    setPercent(0);
    try {
      await uploadList(id, intake.version, file, setPercent);
      await onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setPercent(undefined);
    }
  };
  return (
    <Card size="small" title="1. Upload the list">
      <Upload.Dragger
        accept=".csv,.txt,text/csv"
        showUploadList={false}
        disabled={percent !== undefined || !intake}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Click or drop a CSV file here</p>
        <p className="ant-upload-hint">
          A header row, then one row per address; up to 250,000 rows. Uploading again replaces the rows.
        </p>
      </Upload.Dragger>
      {percent !== undefined && (
        <Progress percent={percent} status="active" aria-label="Upload progress" style={{ marginTop: 8 }} />
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} />}
      {intake?.header && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {intake.counts.records.toLocaleString("en-US")} rows uploaded; columns: {intake.header.join(", ")}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

function MappingStep({
  id,
  intake,
  listName,
  onDone,
}: {
  id: string;
  intake: Intake;
  listName: string;
  onDone: () => Promise<void>;
}) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const header = intake.header ?? [];
  const initial = useMemo(() => {
    const fields: Record<string, string | undefined> = {};
    for (const field of ADDRESS_FIELDS) {
      const saved = intake.mapping?.fields[field.key]?.column;
      fields[field.key] = saved && header.includes(saved) ? saved : guessColumn(header, field);
    }
    return { name: intake.mapping?.name ?? listName, fields };
  }, [intake, header, listName]);
  useEffect(() => form.setFieldsValue(initial), [form, initial]);

  const save = async (values: { name: string; fields: Record<string, string | undefined> }) => {
    setSaving(true);
    try {
      const fields = Object.fromEntries(Object.entries(values.fields).filter(([, v]) => v)) as Record<
        string,
        string
      >;
      await saveMapping(id, intake.version, values.name, fields);
      await onDone();
    } catch (e) {
      if (e instanceof RequestError && e.errors) {
        form.setFields(
          Object.entries(e.errors).map(([field, errors]) => ({ name: field.split("."), errors })),
        );
      }
    } finally {
      setSaving(false);
    }
  };
  const options = header.map((c) => ({ value: c, label: c }));
  return (
    <Card size="small" title="2. Map the columns to address fields">
      <Form form={form} layout="vertical" onFinish={save} initialValues={initial}>
        <Form.Item
          name="name"
          label="Field map name"
          extra={`Saved as field maps "${"{name}"}: …" (see Field maps); another list can use it again.`}
          rules={[{ required: true, message: "Name the field map" }]}
        >
          <Input maxLength={80} style={{ maxWidth: 320 }} list="saved-maps" />
        </Form.Item>
        <datalist id="saved-maps">
          {intake.maps.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <Row gutter={16}>
          {ADDRESS_FIELDS.map((field) => (
            <Col key={field.key} xs={24} sm={12} md={8}>
              <Form.Item
                name={["fields", field.key]}
                label={field.label}
                rules={
                  field.required
                    ? [{ required: true, message: `Choose the column that holds ${field.label}` }]
                    : []
                }
              >
                <Select
                  allowClear
                  options={options}
                  placeholder="Not in this file"
                  aria-label={field.label}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save mapping
        </Button>
      </Form>
    </Card>
  );
}

function ProcessStep({ id, intake, onDone }: { id: string; intake: Intake; onDone: () => Promise<void> }) {
  const [rule, setRule] = useState<DedupeRule>("household");
  const [suppress, setSuppress] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  const { result: lists } = useList<{ id: number; name: string }>({
    resource: "lists",
    pagination: { pageSize: 100 },
    sorters: [{ field: "name", order: "asc" }],
  });
  const run = async () => {
    setRunning(true);
    try {
      await processList(id, intake.version, rule, suppress);
      await onDone();
    } catch {
      // The client has shown the server's sentence.
    } finally {
      setRunning(false);
    }
  };
  const c = intake.counts;
  return (
    <Card size="small" title="3. Validate and dedupe">
      <Flex vertical gap={12}>
        <Radio.Group value={rule} onChange={(e) => setRule(e.target.value)} aria-label="Dedupe by">
          <Space direction="vertical">
            {DEDUPE_RULES.map((r) => (
              <Radio key={r.value} value={r.value}>
                {r.label}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        <Space wrap>
          <span id="suppress-label">Suppress the addresses of</span>
          <Select
            aria-labelledby="suppress-label"
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 280 }}
            placeholder="No suppression list"
            value={suppress ?? undefined}
            onChange={(v) => setSuppress(v ?? null)}
            options={(lists?.data ?? [])
              .filter((l) => String(l.id) !== id)
              .map((l) => ({ value: l.id, label: l.name }))}
          />
        </Space>
        <div>
          <Button type="primary" onClick={run} loading={running}>
            Validate and dedupe
          </Button>
        </div>
        {c.unprocessed === 0 && (
          <Row gutter={16}>
            <Col xs={12} md={4}>
              <Statistic title="Records" value={c.records} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title="Valid" value={c.valid} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title="Invalid" value={c.invalid} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title="Duplicates removed" value={c.duplicate} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title="Suppressed" value={c.suppressed} />
            </Col>
          </Row>
        )}
      </Flex>
    </Card>
  );
}

function RecordsCard({
  id,
  intake,
  loading,
  name,
}: {
  id: string;
  intake: Intake;
  loading: boolean;
  name?: string;
}) {
  const processed = intake.counts.unprocessed === 0;
  const file = `${(name ?? `list-${id}`)
    .replace(/[^\w -]+/g, "")
    .trim()
    .replace(/\s+/g, "-")}`;
  return (
    <Card
      size="small"
      title={processed ? "Records (refused first)" : "Records as uploaded"}
      extra={
        processed && (
          <Space>
            <Button icon={<DownloadOutlined />} onClick={() => exportList(id, "valid", `${file}-valid.csv`)}>
              Export valid
            </Button>
            <Button onClick={() => exportList(id, "all", `${file}-all.csv`)}>Export all</Button>
          </Space>
        )
      }
    >
      <Table<IntakeRow>
        size="small"
        rowKey="row"
        loading={loading}
        dataSource={intake.sample}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: "Row", dataIndex: "row", width: 70 },
          ...(processed
            ? [
                {
                  title: "Name",
                  render: (_: unknown, r: IntakeRow) =>
                    [r.address?.first_name, r.address?.last_name].filter(Boolean).join(" ") ||
                    r.address?.company,
                },
                {
                  title: "Address",
                  render: (_: unknown, r: IntakeRow) =>
                    [r.address?.street1, r.address?.street2].filter(Boolean).join(", "),
                },
                {
                  title: "City, state, ZIP",
                  render: (_: unknown, r: IntakeRow) =>
                    [r.address?.city, r.address?.state, r.address?.postal_code].filter(Boolean).join(" "),
                },
                {
                  title: "Outcome",
                  dataIndex: "outcome",
                  render: (o: Outcome) => <Tag color={OUTCOME_COLORS[o]}>{o}</Tag>,
                },
                { title: "Reason", dataIndex: "reason" },
              ]
            : (intake.header ?? []).map((h, i) => ({
                title: h,
                key: h,
                render: (_: unknown, r: IntakeRow) => r.cells[i],
              }))),
        ]}
      />
    </Card>
  );
}
