// The settings form's sections (Company, Addresses, Hours and holidays, Money, Numbering), each a
// card of antd Form.Items named as the API names the settings, so the server's field errors land
// on their fields (settings-form-model.ts formPath).
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Switch, Typography } from "antd";
import type { ReactNode } from "react";
import { DateInput } from "../../components/fields/date-input";
import { FormSelect } from "../../components/form-select";
import { PAYMENT_TERMS, WEEKDAYS } from "./tenant-settings-values";
import { TimeOfDayInput } from "./time-of-day-input";

const TIME_ZONES = [...Intl.supportedValuesOf("timeZone"), "UTC"].map((zone) => ({
  value: zone,
  label: zone,
}));

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} size="small" role="region" aria-label={title}>
      {children}
    </Card>
  );
}

export function CompanySection({ logo }: { logo: ReactNode }) {
  return (
    <Section title="Company">
      <Form.Item
        name="company_name"
        label="Company name"
        rules={[{ required: true, whitespace: true, message: "Enter the company name" }]}
      >
        <Input maxLength={200} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="time_zone" label="Time zone" extra="Due dates and the shop's day are counted in it">
        <FormSelect showSearch options={TIME_ZONES} aria-label="Time zone" />
      </Form.Item>
      {logo}
    </Section>
  );
}

function AddressFields({ name, title }: { name: string; title: string }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <legend style={{ font: "inherit" }}>{title}</legend>
      </Typography.Title>
      <Form.Item name={[name, "line1"]} label="Street address">
        <Input maxLength={100} autoComplete="address-line1" />
      </Form.Item>
      <Form.Item name={[name, "line2"]} label="Address line 2">
        <Input maxLength={100} autoComplete="address-line2" />
      </Form.Item>
      <Row gutter={8}>
        <Col xs={24} sm={12}>
          <Form.Item name={[name, "city"]} label="City">
            <Input maxLength={60} autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={5}>
          <Form.Item name={[name, "state"]} label="State">
            <Input maxLength={2} autoComplete="address-level1" style={{ textTransform: "uppercase" }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item name={[name, "postal_code"]} label="ZIP">
            <Input maxLength={10} autoComplete="postal-code" inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}

export function AddressesSection() {
  return (
    <Section title="Addresses">
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <AddressFields name="billing_address" title="Billing address" />
        </Col>
        <Col xs={24} lg={12}>
          <AddressFields name="shipping_address" title="Shipping and return address" />
        </Col>
      </Row>
    </Section>
  );
}

function WeekdayRow({ day, label }: { day: string; label: string }) {
  const open = Form.useWatch(["business_hours", day, "is_open"]);
  return (
    <Flex gap={12} align="start" wrap>
      <Form.Item
        name={["business_hours", day, "is_open"]}
        valuePropName="checked"
        label={label}
        style={{ width: 130, marginBottom: 8 }}
      >
        <Switch aria-label={`${label} open`} />
      </Form.Item>
      {!open && <Typography.Text style={{ marginTop: 34 }}>Closed</Typography.Text>}
      {open && (
        <>
          <Form.Item name={["business_hours", day, "open"]} label="Opens" style={{ marginBottom: 8 }}>
            <TimeOfDayInput aria-label={`${label} opens`} />
          </Form.Item>
          <Form.Item name={["business_hours", day, "close"]} label="Closes" style={{ marginBottom: 8 }}>
            <TimeOfDayInput aria-label={`${label} closes`} />
          </Form.Item>
        </>
      )}
    </Flex>
  );
}

export function HoursSection() {
  return (
    <Section title="Hours and holidays">
      <Typography.Paragraph type="secondary">
        Due dates count the days the shop is open and skip its holidays.
      </Typography.Paragraph>
      {WEEKDAYS.map(({ key, label }) => (
        <WeekdayRow key={key} day={key} label={label} />
      ))}
      <Typography.Title level={5}>Holidays</Typography.Title>
      <Form.List name="holidays">
        {(rows, { add, remove }) => (
          <Flex vertical gap={0}>
            {rows.map(({ key, name }) => (
              <Flex key={key} gap={8} align="start" wrap>
                <Form.Item name={[name, "date"]} style={{ width: 170, marginBottom: 8 }} label="Date">
                  <DateInput />
                </Form.Item>
                <Form.Item
                  name={[name, "name"]}
                  style={{ flex: 1, minWidth: 160, marginBottom: 8 }}
                  label="Name"
                >
                  <Input maxLength={80} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Remove holiday ${name + 1}`}
                  onClick={() => remove(name)}
                  style={{ marginTop: 30 }}
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ date: null, name: "" })}
              style={{ alignSelf: "start" }}
            >
              Add holiday
            </Button>
          </Flex>
        )}
      </Form.List>
    </Section>
  );
}

export function MoneySection({ agents }: { agents: ReactNode }) {
  return (
    <Section title="Money">
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="tax_rate" label="Tax rate" extra="Percent, up to 3 decimals (0–30)">
            <InputNumber addonAfter="%" style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="payment_terms" label="Payment terms">
            <FormSelect options={PAYMENT_TERMS.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="default_agent_id"
            label="Default agent"
            extra="The house agent of accounts nobody brought in"
          >
            {agents}
          </Form.Item>
        </Col>
      </Row>
    </Section>
  );
}

export function NumberingSection({ preview }: { preview: string }) {
  return (
    <Section title="Numbering">
      <Form.Item
        name="order_number_format"
        label="Order-number format"
        extra={`{n} is the order's number ({n:6} pads it to six digits). The next orders look like ${preview}.`}
      >
        <Input maxLength={20} style={{ maxWidth: 240 }} />
      </Form.Item>
    </Section>
  );
}
