// The steps of the postcard and letter tools' wizard, each its form fields (one antd Form keeps every
// step's answers): product and size, artwork, the mailing (a list or EDDM routes), count and price, mail
// class and drops, proof. The server decides each step (mail-tool-page.tsx asks it); the rules here are
// the same sentences shown before asking.
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  InputNumber,
  Radio,
  Row,
  Select,
  Table,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { ReferenceSelect } from "../../components/fields/reference-select";
import { useFetched } from "../../providers/use-fetched";
import mailOrders from "../../resources/mail-orders";
import { ArtworkUploads, type ArtworkUploadsProps } from "./artwork-uploads";
import type { ToolJob, ToolQuote } from "./mail-tool-api";
import { type MailTool, sizeProblem, sizesFor, TOOL_MAIL_CLASSES, type ToolMailClass } from "./mail-tools";
import { RoutePicker } from "./route-picker";
import type { DraftFile } from "./tool-artwork";

const money = (n: number) => n.toLocaleString("en-US", { style: "currency", currency: "USD" });
const count = (n: number) => n.toLocaleString("en-US");
const required = (message: string) => [{ required: true, message }];

/** A reference the job names, picked through the MailOrder look-ups (whoever makes mail orders may pick it). */
function ReferenceItem(props: {
  name: "customer_id" | "product_id" | "template_id";
  label: string;
  target: "Customer" | "Product" | "Template";
  required: string;
  placeholder: string;
  extra?: string;
}) {
  const id = `tool-${props.name}`;
  return (
    <Col xs={24} md={12}>
      <Form.Item
        name={props.name}
        label={props.label}
        htmlFor={id}
        rules={required(props.required)}
        extra={props.extra}
      >
        <ReferenceSelect
          id={id}
          target={props.target}
          source={{ resource: mailOrders, field: props.name }}
          placeholder={props.placeholder}
        />
      </Form.Item>
    </Col>
  );
}

export function ProductStep({ tool }: { tool: MailTool }) {
  const form = Form.useFormInstance<ToolJob>();
  // Chosen later, or already when the job came from the EDDM routes page: EDDM takes flats only.
  const source = Form.useWatch("source", { form, preserve: true });
  const sizeRule = {
    validator: async () => {
      const { width, length, source } = form.getFieldsValue(["width", "length", "source"]);
      if (typeof width !== "number" || typeof length !== "number") return;
      const problem = sizeProblem(tool, width, length, source);
      if (problem) throw new Error(problem);
    },
  };
  return (
    <Row gutter={16}>
      <ReferenceItem
        name="customer_id"
        label="Customer"
        target="Customer"
        required="Choose the customer"
        placeholder="Search customers"
      />
      <ReferenceItem
        name="product_id"
        label="Product"
        target="Product"
        required="Choose a product"
        placeholder="Search products"
      />
      <Col xs={12} md={6}>
        <Form.Item
          name="width"
          label="Width (in)"
          htmlFor="tool-width"
          rules={[...required("Enter the width in inches"), sizeRule]}
          dependencies={["length"]}
        >
          <InputNumber id="tool-width" min={0.5} max={20} step={0.125} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="length"
          label="Length (in)"
          htmlFor="tool-length"
          rules={required("Enter the length in inches")}
        >
          <InputNumber id="tool-length" min={0.5} max={20} step={0.125} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Typography.Paragraph type="secondary" style={{ marginTop: 30 }}>
          {sizesFor(tool, source)}.
        </Typography.Paragraph>
      </Col>
    </Row>
  );
}

export function ArtworkStep(props: ArtworkUploadsProps) {
  const form = Form.useFormInstance<ToolJob>();
  const source = Form.useWatch("artwork_source", { form, preserve: true }) ?? "template";
  return (
    <Flex vertical gap={8}>
      <Form.Item name="artwork_source" label="Artwork">
        <Radio.Group
          options={[
            { value: "template", label: "A template" },
            { value: "upload", label: "Uploaded artwork" },
          ]}
        />
      </Form.Item>
      {source === "upload" ? (
        <ArtworkUploads {...props} />
      ) : (
        <Row gutter={16}>
          <ReferenceItem
            name="template_id"
            label="Template"
            target="Template"
            required="Choose a template for the artwork"
            placeholder="Search templates"
            extra="The design printed on the piece; the proof step shows it again."
          />
        </Row>
      )}
    </Flex>
  );
}

interface ListRow {
  id: number;
  name: string;
  status: string;
  record_count: number | null;
  valid_count: number | null;
  duplicate_count?: number | null;
}

function CustomerLists({ customer }: { customer?: number }) {
  const form = Form.useFormInstance<ToolJob>();
  const chosen = (Form.useWatch("list_ids", { form, preserve: true }) as number[] | undefined) ?? [];
  // Through the tools' own endpoint: whoever makes mail orders picks the customer's lists (customer service
  // reads no List pages).
  const { data, query } = useFetched<ListRow[]>({
    url: "mail-tools/lists",
    config: { query: { customer_id: customer } },
    queryOptions: { queryKey: ["mail-tools", "lists", customer], enabled: customer !== undefined },
  });
  if (customer === undefined) return <Empty description="Choose the customer first (step 1)" />;
  return (
    <Table<ListRow>
      rowKey="id"
      size="small"
      loading={query.isLoading}
      dataSource={data ?? []}
      pagination={false}
      locale={{ emptyText: "This customer has no mailing lists: upload one on the Lists page" }}
      rowSelection={{
        selectedRowKeys: chosen,
        onChange: (keys) => form.setFieldValue("list_ids", keys as number[]),
        getCheckboxProps: (r) => {
          // The checkbox's name for screen readers (antd's props type leaves aria-label out).
          const props = { name: `List ${r.name}`, "aria-label": `List ${r.name}` };
          return props;
        },
      }}
      columns={[
        { title: "List", dataIndex: "name" },
        { title: "Status", dataIndex: "status", responsive: ["md"] },
        { title: "Records", dataIndex: "record_count", align: "right", render: (n) => count(Number(n ?? 0)) },
        { title: "Valid", dataIndex: "valid_count", align: "right", render: (n) => count(Number(n ?? 0)) },
      ]}
    />
  );
}

export function MailingStep({ tool }: { tool: MailTool }) {
  const form = Form.useFormInstance<ToolJob>();
  const source = Form.useWatch("source", { form, preserve: true });
  const customer = Form.useWatch("customer_id", { form, preserve: true });
  // The size was chosen at the first step: EDDM routes take it only if it is a flat.
  const flatRule = {
    validator: async (_: unknown, value: unknown) => {
      const { width, length } = form.getFieldsValue(["width", "length"]);
      if (value !== "eddm" || typeof width !== "number" || typeof length !== "number") return;
      const problem = sizeProblem(tool, width, length, "eddm");
      if (problem) throw new Error(problem);
    },
  };
  return (
    <Flex vertical gap={8}>
      <Form.Item
        name="source"
        label="Mail to"
        rules={[...required("Mail to a list or to EDDM routes"), flatRule]}
      >
        <Radio.Group
          onChange={(e) =>
            form.setFieldValue("mail_class", e.target.value === "eddm" ? "eddm_retail" : "marketing")
          }
          options={[
            { value: "list", label: "A mailing list" },
            { value: "eddm", label: "EDDM routes (every door)" },
          ]}
        />
      </Form.Item>
      {source === "eddm" ? (
        <Form.Item name="route_ids" label="EDDM routes" rules={required("Choose EDDM routes")}>
          <RoutePicker scrollHeight={360} />
        </Form.Item>
      ) : (
        <Form.Item name="list_ids" label="Mailing lists" rules={required("Choose a mailing list")}>
          <CustomerLists customer={customer} />
        </Form.Item>
      )}
    </Flex>
  );
}

export function PriceStep({ quote }: { quote?: ToolQuote }) {
  const form = Form.useFormInstance<ToolJob>();
  const source = Form.useWatch("source", { form, preserve: true });
  const classes = (Object.keys(TOOL_MAIL_CLASSES) as ToolMailClass[]).filter((c) =>
    source === "eddm" ? c === "eddm_retail" : c !== "eddm_retail",
  );
  return (
    <Flex vertical gap={8}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="mail_class"
            label="Mail class"
            htmlFor="tool-mail-class"
            rules={required("Choose the mail class")}
          >
            <Select
              id="tool-mail-class"
              options={classes.map((c) => ({ value: c, label: TOOL_MAIL_CLASSES[c] }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="quantity"
            label="Pieces"
            htmlFor="tool-quantity"
            extra="Leave empty to mail every address chosen"
          >
            <InputNumber
              id="tool-quantity"
              min={1}
              max={10_000_000}
              precision={0}
              style={{ width: "100%" }}
            />
          </Form.Item>
        </Col>
      </Row>
      {quote ? (
        <QuoteTable quote={quote} />
      ) : (
        <Typography.Text type="secondary">
          Press Next to price the job, then Next again to set the drops.
        </Typography.Text>
      )}
    </Flex>
  );
}

export function QuoteTable({ quote }: { quote: ToolQuote }) {
  return (
    <section aria-label="Price">
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label="Addresses chosen">{count(quote.available)}</Descriptions.Item>
        <Descriptions.Item label="Pieces">{count(quote.pieces)}</Descriptions.Item>
        <Descriptions.Item label="Printing">{money(quote.print)}</Descriptions.Item>
        <Descriptions.Item label="Postage">
          {money(quote.postage)} ({count(quote.pieces)} × ${quote.rate})
        </Descriptions.Item>
        <Descriptions.Item label="Total">
          <strong>{money(quote.total)}</strong>
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
}

export function DropsStep({ quote }: { quote?: ToolQuote }) {
  return (
    <Form.List
      name="drop_dates"
      rules={[
        {
          validator: async (_, dates?: string[]) => {
            if (!dates || dates.length === 0) throw new Error("Add a drop date");
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Drops mail equal quantities on weekdays that are not USPS holidays, within 90 days of the first.
          </Typography.Paragraph>
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="start">
              <Form.Item
                {...field}
                label={`Drop ${i + 1}`}
                htmlFor={`tool-drop-${i}`}
                rules={required("Choose the drop's date")}
                getValueProps={(v) => ({ value: v ? dayjs(v) : undefined })}
                normalize={(d) => (d ? dayjs(d).format("YYYY-MM-DD") : d)}
              >
                <DatePicker id={`tool-drop-${i}`} format="YYYY-MM-DD" />
              </Form.Item>
              <Typography.Text style={{ marginTop: 36 }}>
                {quote?.drops[i] ? `${count(quote.drops[i].quantity)} pieces` : ""}
              </Typography.Text>
              {fields.length > 1 && (
                <Button
                  style={{ marginTop: 30 }}
                  onClick={() => remove(field.name)}
                  aria-label={`Remove drop ${i + 1}`}
                >
                  Remove
                </Button>
              )}
            </Flex>
          ))}
          <Button onClick={() => add()} style={{ alignSelf: "flex-start" }} disabled={fields.length >= 52}>
            Add a drop
          </Button>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}

export function ProofStep({
  tool,
  job,
  quote,
  files,
}: {
  tool: MailTool;
  job: ToolJob;
  quote?: ToolQuote;
  files: DraftFile[];
}) {
  return (
    <Flex vertical gap={12}>
      <section aria-label="Proof">
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="Tool">{tool.title}</Descriptions.Item>
          <Descriptions.Item label="Product">{quote?.product_name ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="Size">
            {job.width} × {job.length} in
          </Descriptions.Item>
          {job.artwork_source === "upload" ? (
            <Descriptions.Item label="Artwork">
              {files.map((f) => `${f.side === "front" ? "Front" : "Back"}: ${f.name}`).join("; ") || "—"}
            </Descriptions.Item>
          ) : (
            <Descriptions.Item label="Template">{quote?.template_name ?? "—"}</Descriptions.Item>
          )}
          <Descriptions.Item label="Mail class">
            {job.mail_class ? TOOL_MAIL_CLASSES[job.mail_class] : "—"}
          </Descriptions.Item>
          <Descriptions.Item label="Drops">
            {(quote?.drops ?? []).map((d) => `${d.scheduled_date}: ${count(d.quantity)}`).join("; ")}
          </Descriptions.Item>
        </Descriptions>
      </section>
      {quote && <QuoteTable quote={quote} />}
      <Alert
        type="info"
        showIcon
        message="Check the artwork, the mailing and the price: creating makes the order."
      />
      <Form.Item
        name="proof_ok"
        valuePropName="checked"
        rules={[
          {
            validator: async (_, v) => {
              if (!v) throw new Error("Confirm the proof before creating the order");
            },
          },
        ]}
      >
        <Checkbox>I checked the proof: create the order</Checkbox>
      </Form.Item>
    </Flex>
  );
}
