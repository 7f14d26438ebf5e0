// Take a payment on the order (POST orders/{id}/payments): on account, check or cash, captured at
// once; the amount due updates as soon as it is taken. Card payments say plainly that they are not
// configured yet (the Stripe work adds them): nothing is pretended.
import { Alert, Form, Input, InputNumber, Modal, Radio, Typography } from "antd";
import { useState } from "react";
import { formatMoney } from "../../components/fields/format";
import type { DeskAnswer } from "./desk-answer";
import { errorText, useDeskCall } from "./use-desk-call";

interface Values {
  method: "on_account" | "check" | "cash" | "card";
  amount: number;
  check_number?: string;
  reference?: string;
  notes?: string;
}

const METHODS = [
  { value: "on_account", label: "On account" },
  { value: "check", label: "Check" },
  { value: "cash", label: "Cash" },
  { value: "card", label: "Card" },
];

export function PaymentDialog({
  desk,
  onClose,
  onDone,
}: {
  desk: DeskAnswer;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch("method", form);
  const { call, pending } = useDeskCall();
  const [error, setError] = useState<string | null>(null);
  const due = Number(desk.order.amount_due ?? 0);
  const card = method === "card" && !desk.card.configured;
  const submit = async (values: Values) => {
    setError(null);
    const body: Record<string, unknown> = { method: values.method, amount: values.amount };
    for (const key of ["check_number", "reference", "notes"] as const) {
      const v = values[key]?.trim();
      if (v) body[key] = v;
    }
    try {
      await call(`orders/${desk.order.id}/payments`, body);
      onDone(`${formatMoney(values.amount)} recorded on ${desk.order.order_number}`);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal
      open
      title={`Take a payment on ${desk.order.order_number}`}
      okText="Record payment"
      okButtonProps={{ loading: pending, disabled: card, htmlType: "submit", form: "take-payment" }}
      cancelText="Back"
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Amount due: <strong>{formatMoney(due)}</strong>
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        id="take-payment"
        layout="vertical"
        initialValues={{ method: "on_account", amount: due > 0 ? due : undefined }}
        onFinish={submit}
      >
        <Form.Item name="method" label="Method" rules={[{ required: true }]}>
          <Radio.Group options={METHODS} optionType="button" />
        </Form.Item>
        {card ? (
          <Alert type="warning" showIcon message={desk.card.message} style={{ marginBottom: 16 }} />
        ) : (
          <>
            <Form.Item
              name="amount"
              label="Amount"
              rules={[
                { required: true, message: "Enter the amount" },
                {
                  type: "number",
                  min: 0.01,
                  max: due,
                  message: `Between $0.01 and ${formatMoney(due)}: what is due`,
                },
              ]}
            >
              <InputNumber<number> prefix="$" min={0} precision={2} style={{ width: "100%" }} />
            </Form.Item>
            {method === "check" && (
              <Form.Item
                name="check_number"
                label="Check number"
                rules={[{ required: true, message: "Enter the check number" }]}
              >
                <Input maxLength={20} />
              </Form.Item>
            )}
            <Form.Item name="reference" label="Reference (optional)">
              <Input maxLength={80} />
            </Form.Item>
            <Form.Item name="notes" label="Notes (optional)">
              <Input.TextArea rows={2} maxLength={2000} />
            </Form.Item>
          </>
        )}
      </Form>
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Modal>
  );
}
