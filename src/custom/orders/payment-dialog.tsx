// Take a payment on the order (POST orders/{id}/payments): on account, check or cash, captured at
// once; the amount due updates as soon as it is taken. A card payment goes through Stripe: the server
// makes a PaymentIntent (POST orders/{id}/card-payments) and the card step (loaded only then, with
// Stripe.js) takes the card and waits for the payment to be recorded. When card payments are not
// configured the Card option is off and the server's sentence says so: nothing is pretended.
import { Alert, Form, Input, InputNumber, Modal, Radio, Spin, Typography } from "antd";
import { lazy, Suspense, useState } from "react";
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

interface Intent {
  payment_intent_id: string;
  client_secret: string;
  amount: number;
}

const CardPaymentStep = lazy(() => import("./card-payment-step"));

const methods = (cardReady: boolean) => [
  { value: "on_account", label: "On account" },
  { value: "check", label: "Check" },
  { value: "cash", label: "Cash" },
  { value: "card", label: "Card", disabled: !cardReady },
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
  const card = method === "card";
  const [intent, setIntent] = useState<Intent | null>(null);
  const submit = async (values: Values) => {
    setError(null);
    if (values.method === "card") {
      try {
        setIntent(await call<Intent>(`orders/${desk.order.id}/card-payments`, { amount: values.amount }));
      } catch (e) {
        setError(errorText(e));
      }
      return;
    }
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
      okText={card ? "Continue to card" : "Record payment"}
      okButtonProps={{ loading: pending, htmlType: "submit", form: "take-payment" }}
      footer={intent ? null : undefined}
      cancelText="Back"
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Amount due: <strong>{formatMoney(due)}</strong>
      </Typography.Paragraph>
      {intent && (
        <Suspense fallback={<Spin tip="Loading the card form…" />}>
          <CardPaymentStep
            orderId={desk.order.id}
            orderNumber={desk.order.order_number}
            amount={intent.amount}
            intentId={intent.payment_intent_id}
            clientSecret={intent.client_secret}
            onBack={() => setIntent(null)}
            onDone={onDone}
          />
        </Suspense>
      )}
      <Form<Values>
        form={form}
        hidden={intent !== null}
        id="take-payment"
        layout="vertical"
        initialValues={{ method: "on_account", amount: due > 0 ? due : undefined }}
        onFinish={submit}
      >
        <Form.Item
          name="method"
          label="Method"
          rules={[{ required: true }]}
          extra={desk.card.configured ? undefined : desk.card.message}
        >
          <Radio.Group options={methods(desk.card.configured)} optionType="button" />
        </Form.Item>
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
        {!card && (
          <>
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
