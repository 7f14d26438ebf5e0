// A campaign's settings (create on /automated-drop-postcard-tool, edit on the campaign's page): who and what it
// mails, its calendar (the fields each cadence needs, the others hidden), how many pieces and drops. The server
// decides (server/campaigns/campaign-body.ts); its refusals are shown on their fields.
import type { FormInstance } from "antd";
import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Typography } from "antd";
import type { ReactNode } from "react";
import { ReferenceSelect } from "../../components/fields/reference-select";
import { RequestError } from "../../providers/request-error";
import {
  CADENCE_LABELS,
  CADENCES,
  type CampaignSettings,
  describeCalendar,
  MAIL_CLASS_LABELS,
  MONTHS,
} from "./campaign-words";

export const NEW_CAMPAIGN: Partial<CampaignSettings> = {
  cadence: "monthly",
  day_of_month: 1,
  quantity_source: "list",
  mail_class: "marketing",
  lead_days: 3,
  drop_count: 1,
  active: true,
};

/** Shows a refusal's field messages on the form's fields. */
export function showFieldErrors(form: FormInstance<CampaignSettings>, error: unknown): void {
  if (!(error instanceof RequestError) || !error.errors) return;
  form.setFields(
    Object.entries(error.errors).map(([name, errors]) => ({ name: name as keyof CampaignSettings, errors })),
  );
}

const required = (message: string) => [{ required: true, message }];

interface FieldProps {
  name: keyof CampaignSettings;
  label: string;
  id: string;
  /** The message when it is left empty; omitted: optional. */
  required?: string;
  /** Half the row (default) or a quarter (half on a phone). */
  quarter?: boolean;
  extra?: string;
  children: ReactNode;
}

/** One setting: its column, label (tied to the control by id) and rule. */
function Field({ name, label, id, required: message, quarter, extra, children }: FieldProps) {
  return (
    <Col xs={quarter ? 12 : 24} md={quarter ? 6 : 12}>
      <Form.Item
        name={name}
        label={label}
        htmlFor={id}
        rules={message ? required(message) : []}
        extra={extra}
      >
        {children}
      </Form.Item>
    </Col>
  );
}

/** A whole-number setting in a quarter of the row. */
function NumberItem(props: Omit<FieldProps, "children" | "quarter"> & { min: number; max: number }) {
  return (
    <Field {...props} quarter>
      <InputNumber id={props.id} min={props.min} max={props.max} precision={0} style={{ width: "100%" }} />
    </Field>
  );
}

interface CampaignFormProps {
  form: FormInstance<CampaignSettings>;
  initialValues: Partial<CampaignSettings>;
  onFinish: (values: CampaignSettings) => void;
  submitLabel: string;
  saving: boolean;
  /** Creating: the active switch is offered; editing pauses and resumes with their own buttons. */
  creating?: boolean;
  onCancel?: () => void;
}

export function CampaignForm({
  form,
  initialValues,
  onFinish,
  submitLabel,
  saving,
  creating,
  onCancel,
}: CampaignFormProps) {
  const cadence = Form.useWatch("cadence", form) ?? initialValues.cadence;
  const customer = Form.useWatch("customer_id", form) ?? initialValues.customer_id;
  const source = Form.useWatch("quantity_source", form) ?? initialValues.quantity_source;
  const day = Form.useWatch("day_of_month", form);
  const month = Form.useWatch("month", form);
  const delay = Form.useWatch("delay_days", form);
  const dated = cadence === "monthly" || cadence === "quarterly" || cadence === "yearly";
  return (
    <Form<CampaignSettings>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => onFinish({ ...initialValues, ...values } as CampaignSettings)}
      // A changed customer's lists are others: the list is chosen again.
      onValuesChange={(changed) => {
        if ("customer_id" in changed) form.setFieldValue("list_id", undefined);
      }}
    >
      <Row gutter={12}>
        <Field name="name" label="Name" id="name" required="Name the campaign">
          <Input id="name" maxLength={120} />
        </Field>
        <Field name="customer_id" label="Customer" id="campaign-customer" required="Choose the customer">
          <ReferenceSelect id="campaign-customer" target="Customer" placeholder="Search customers" />
        </Field>
        <Field
          name="list_id"
          label="Mailing list"
          id="campaign-list"
          required="Choose the customer's mailing list"
          extra={customer ? undefined : "Choose the customer first: only their lists are offered"}
        >
          <ReferenceSelect
            id="campaign-list"
            target="List"
            placeholder="Search the customer's lists"
            disabled={!customer}
            filters={customer ? [{ field: "customer_id", operator: "eq", value: customer }] : []}
          />
        </Field>
        <Field name="product_id" label="Product" id="campaign-product" required="Choose the product it mails">
          <ReferenceSelect id="campaign-product" target="Product" placeholder="Search products" />
        </Field>
        <Field name="template_id" label="Template" id="campaign-template">
          <ReferenceSelect id="campaign-template" target="Template" placeholder="None" allowClear />
        </Field>
        <Field name="mail_class" label="Mail class" id="campaign-mail-class" required="Choose a mail class">
          <Select
            id="campaign-mail-class"
            options={Object.entries(MAIL_CLASS_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Field>
      </Row>
      <Typography.Title level={5}>When it runs</Typography.Title>
      <Row gutter={12}>
        <Field
          name="cadence"
          label="Schedule or trigger"
          id="campaign-cadence"
          required="Choose when it runs"
        >
          <Select
            id="campaign-cadence"
            options={CADENCES.map((value) => ({ value, label: CADENCE_LABELS[value] }))}
          />
        </Field>
        {(cadence === "quarterly" || cadence === "yearly") && (
          <Field
            name="month"
            label={cadence === "quarterly" ? "Month of each quarter" : "Month"}
            id="campaign-month"
            required="Choose the month"
            quarter
          >
            <Select
              id="campaign-month"
              options={(cadence === "quarterly" ? [1, 2, 3] : MONTHS.map((_, i) => i + 1)).map((m) => ({
                value: m,
                label: cadence === "quarterly" ? ["1st", "2nd", "3rd"][m - 1] : MONTHS[m - 1],
              }))}
            />
          </Field>
        )}
        {dated && (
          <NumberItem
            name="day_of_month"
            label="Day of the month"
            id="campaign-day"
            min={1}
            max={31}
            required="Choose the day"
          />
        )}
        {cadence === "list_join" && (
          <NumberItem
            name="delay_days"
            label="Days after joining"
            id="campaign-delay"
            min={0}
            max={365}
            required="Say how many days"
          />
        )}
      </Row>
      {cadence && (
        <Typography.Paragraph type="secondary">
          {describeCalendar({
            cadence,
            day_of_month: day ?? null,
            month: month ?? null,
            delay_days: delay ?? null,
          })}
          . Runs start at 6:00 in the shop's time zone; drops never fall on a weekend or a USPS holiday.
        </Typography.Paragraph>
      )}
      <Typography.Title level={5}>What each run mails</Typography.Title>
      <Row gutter={12}>
        {cadence !== "list_join" && (
          <Col xs={24} md={12}>
            <Form.Item name="quantity_source" label="Pieces">
              <Radio.Group
                options={[
                  { value: "list", label: "The whole list" },
                  { value: "fixed", label: "A fixed count" },
                ]}
              />
            </Form.Item>
          </Col>
        )}
        {cadence !== "list_join" && source === "fixed" && (
          <NumberItem
            name="quantity"
            label="Pieces per run"
            id="campaign-quantity"
            min={1}
            max={10_000_000}
            required="Enter the pieces"
          />
        )}
        <NumberItem name="drop_count" label="Drops per run" id="campaign-drops" min={1} max={4} />
        <NumberItem name="lead_days" label="Days to the first drop" id="campaign-lead" min={0} max={60} />
        {creating && (
          <Col xs={12} md={6}>
            <Form.Item name="active" label="Active" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Space>
    </Form>
  );
}
