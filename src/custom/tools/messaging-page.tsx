// /messaging (issue 22, SmsTemplate Read): the SMS templates with their merge tags; Preview renders a
// template with an order the user picks (on the server: unknown and empty tags are reported), Send
// delivers it through Twilio when the server is configured for it, otherwise keeps it in the outbox
// shown below, and the page says plainly that SMS is not configured. Preview and Send ask for their
// own SmsTemplate actions; the templates themselves are edited on /sms-templates.
import { useList } from "@refinedev/core";
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { can } from "../../access/permissions";
import { ReferenceSelect } from "../../components/fields/reference-select";
import { getMergedPermissions, onPermissionsChange } from "../../providers/access-control";
import { useFetched } from "../../providers/use-fetched";
import { type Outbox, type Preview, previewTemplate, type SmsMessage, sendTemplate } from "./messaging-api";
import { MERGE_TAGS, MESSAGE_STATES } from "./sms-merge";

interface TemplateRow {
  id: number;
  name: string;
  trigger: string;
  body: string;
  active: boolean;
}

const STATE_COLOURS: Record<string, string> = { outbox: "gold", sent: "green", failed: "red" };
const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

function NotConfigured() {
  return (
    <Alert
      type="warning"
      showIcon
      message="SMS is not configured on this server"
      description="Send keeps the message in the outbox below; nothing reaches the customer until the server has its Twilio settings (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)."
    />
  );
}

function PreviewResult({ preview }: { preview: Preview }) {
  return (
    <Flex vertical gap={8} data-testid="sms-preview">
      <Typography.Text type="secondary">
        {preview.template.name} for {preview.order.order_number}
        {preview.order.customer_name ? ` (${preview.order.customer_name})` : ""}
      </Typography.Text>
      <Typography.Paragraph
        style={{
          whiteSpace: "pre-wrap",
          background: "#f0f5ff",
          border: "1px solid #d6e4ff",
          borderRadius: 12,
          padding: "8px 12px",
          margin: 0,
        }}
      >
        {preview.text}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {preview.characters} characters, {preview.segments} {preview.segments === 1 ? "segment" : "segments"}
      </Typography.Text>
      {preview.unknown.length > 0 && (
        <Alert
          type="error"
          showIcon
          message={`Unknown merge tags: ${preview.unknown.join(", ")}`}
          description="Change the template: these would reach the customer as written."
        />
      )}
      {preview.empty.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={`No value on this order for: ${preview.empty.join(", ")}`}
          description="Fill them in on the order or its customer, or choose another order."
        />
      )}
      {!preview.template.active && <Alert type="warning" showIcon message="This template is inactive" />}
    </Flex>
  );
}

function OutboxTable({ outbox, loading }: { outbox: Outbox | undefined; loading: boolean }) {
  return (
    <Table<SmsMessage>
      size="small"
      rowKey="id"
      loading={loading}
      aria-label="Outbox and sent messages"
      dataSource={outbox?.rows ?? []}
      pagination={false}
      scroll={{ x: 760 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages yet" /> }}
      columns={[
        { title: "When", dataIndex: "created_at", render: when, width: 170 },
        { title: "To", dataIndex: "to", width: 140 },
        {
          title: "State",
          dataIndex: "status",
          width: 150,
          render: (status: string, row) => (
            <Space direction="vertical" size={0}>
              <Tag color={STATE_COLOURS[status]}>{MESSAGE_STATES[status] ?? status}</Tag>
              {row.error && <Typography.Text type="danger">{row.error}</Typography.Text>}
            </Space>
          ),
        },
        { title: "Message", dataIndex: "body" },
        {
          title: "Order",
          dataIndex: "order_number",
          width: 120,
          render: (number: string | null, row) =>
            number && row.order_id ? <Link to={`/orders/${row.order_id}`}>{number}</Link> : "",
        },
        { title: "Template", dataIndex: "template_name", width: 150 },
        // No sender: a status notification sent it on its own (server/tools/status-notifications.ts).
        {
          title: "By",
          dataIndex: "sent_by",
          width: 130,
          render: (name: string | null) =>
            name ?? <Typography.Text type="secondary">Status notification</Typography.Text>,
        },
      ]}
    />
  );
}

export default function MessagingPage() {
  const merged = useSyncExternalStore(onPermissionsChange, getMergedPermissions, getMergedPermissions);
  const mayPreview = can(merged, "SmsTemplate", "Preview") && can(merged, "Order", "ReadAny");
  const maySend = can(merged, "SmsTemplate", "Send") && mayPreview;
  const { result: templates, query: templatesQuery } = useList<TemplateRow>({
    resource: "SmsTemplate",
    pagination: { pageSize: 100 },
    sorters: [{ field: "name", order: "asc" }],
  });
  const { data: outbox, query: outboxQuery } = useFetched<Outbox>({
    url: "sms-messages",
    config: { query: { limit: 50 } },
    queryOptions: { queryKey: ["sms-messages"] },
  });
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [orderId, setOrderId] = useState<number | null>(null);
  const [to, setTo] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<"preview" | "send" | null>(null);
  const [notice, setNotice] = useState<{ type: "success" | "info" | "error"; text: string } | null>(null);
  const chosen = templates.data.find((t) => t.id === templateId);

  const run = async (what: "preview" | "send", work: () => Promise<void>) => {
    setBusy(what);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      setNotice({ type: "error", text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  };
  const doPreview = () =>
    run("preview", async () => {
      if (!templateId || !orderId) return;
      const answer = await previewTemplate(templateId, orderId);
      if (!answer) return;
      setPreview(answer);
      setTo(answer.phone_on_file ?? "");
    });
  const doSend = () =>
    run("send", async () => {
      if (!templateId || !orderId) return;
      const sent = await sendTemplate(templateId, orderId, to.trim() || undefined);
      if (!sent) return;
      setNotice({ type: sent.status === "outbox" ? "info" : "success", text: sent.message });
      await outboxQuery.refetch();
    });
  const sendable =
    preview !== null &&
    preview.template.id === templateId &&
    preview.order.id === orderId &&
    preview.unknown.length === 0 &&
    preview.empty.length === 0 &&
    preview.template.active;

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Messaging
      </Typography.Title>
      {outbox && !outbox.configured && <NotConfigured />}
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={10}>
          <Card size="small" title="SMS templates" extra={<Link to="/sms-templates">Edit templates</Link>}>
            <Table<TemplateRow>
              size="small"
              rowKey="id"
              aria-label="SMS templates"
              loading={templatesQuery.isLoading}
              dataSource={templates.data}
              pagination={false}
              rowClassName={(row) => (row.id === templateId ? "ant-table-row-selected" : "")}
              onRow={(row) => ({ onClick: () => setTemplateId(row.id) })}
              columns={[
                {
                  title: "Name",
                  dataIndex: "name",
                  render: (name: string, row) => (
                    <Button type="link" style={{ padding: 0 }} onClick={() => setTemplateId(row.id)}>
                      {name}
                    </Button>
                  ),
                },
                { title: "Trigger", dataIndex: "trigger", render: (v: string) => v.replaceAll("_", " ") },
                {
                  title: "Active",
                  dataIndex: "active",
                  render: (active: boolean) =>
                    active ? <Tag color="green">active</Tag> : <Tag>inactive</Tag>,
                },
              ]}
            />
            <Typography.Title level={5}>Merge tags</Typography.Title>
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {MERGE_TAGS.map((t) => (
                <li key={t.tag}>
                  <Typography.Text code>{`{{${t.tag}}}`}</Typography.Text> {t.label}
                </li>
              ))}
            </ul>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title="Preview and send">
            <Form layout="vertical" onFinish={() => void doPreview()}>
              <Form.Item label="Template" htmlFor="sms-template">
                <Select
                  id="sms-template"
                  placeholder="Choose a template"
                  value={templateId ?? undefined}
                  onChange={(id: number) => setTemplateId(id)}
                  options={templates.data.map((t) => ({ value: t.id, label: t.name }))}
                  showSearch
                  optionFilterProp="label"
                />
              </Form.Item>
              {chosen && (
                <Typography.Paragraph type="secondary" style={{ whiteSpace: "pre-wrap" }}>
                  {chosen.body}
                </Typography.Paragraph>
              )}
              <Form.Item label="Order" htmlFor="sms-order">
                <ReferenceSelect
                  id="sms-order"
                  target="Order"
                  placeholder="Search orders by number or customer"
                  value={orderId}
                  onChange={(value) => setOrderId(value ? Number(value) : null)}
                  allowClear
                />
              </Form.Item>
              {mayPreview ? (
                <Button htmlType="submit" disabled={!templateId || !orderId} loading={busy === "preview"}>
                  Preview
                </Button>
              ) : (
                <Typography.Text type="secondary">
                  Previewing needs the SmsTemplate Preview and Order ReadAny permissions.
                </Typography.Text>
              )}
            </Form>
            {notice && (
              <Alert
                style={{ marginTop: 12 }}
                type={notice.type}
                showIcon
                closable
                onClose={() => setNotice(null)}
                role={notice.type === "error" ? "alert" : "status"}
                message={notice.text}
              />
            )}
            {preview && (
              <Flex vertical gap={12} style={{ marginTop: 12 }}>
                <PreviewResult preview={preview} />
                {maySend && (
                  <Flex gap={8} wrap align="end">
                    <Form.Item label="Send to" htmlFor="sms-to" style={{ margin: 0 }}>
                      <Input
                        id="sms-to"
                        value={to}
                        onChange={(e) => setTo(e.target.value)}
                        placeholder="The customer's mobile number"
                        maxLength={30}
                        style={{ width: 220 }}
                      />
                    </Form.Item>
                    <Popconfirm
                      title={
                        outbox?.configured
                          ? `Send this text to ${to || "the customer"}?`
                          : "Keep this text in the outbox?"
                      }
                      description={
                        outbox?.configured
                          ? "It goes out through Twilio now."
                          : "SMS is not configured: it will not be delivered."
                      }
                      okText={outbox?.configured ? "Send" : "Keep in outbox"}
                      onConfirm={() => void doSend()}
                      disabled={!sendable}
                    >
                      <Button type="primary" disabled={!sendable} loading={busy === "send"}>
                        Send
                      </Button>
                    </Popconfirm>
                  </Flex>
                )}
              </Flex>
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={outbox?.configured === false ? "Outbox" : "Sent messages"}>
        {outboxQuery.isError ? (
          <Alert
            type="error"
            showIcon
            message="The messages could not be read"
            description={outboxQuery.error?.message}
          />
        ) : (
          <OutboxTable outbox={outbox} loading={outboxQuery.isLoading} />
        )}
      </Card>
    </Flex>
  );
}
