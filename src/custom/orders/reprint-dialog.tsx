// Reprint an item (POST orders/{id}/items/{item_id}/reprint): why, how many, and the remedy; a
// refund or credit also files a refund request for a manager (/refund-approvals).
import { Alert, Form, Input, InputNumber, Modal, Radio, Select } from "antd";
import { useState } from "react";
import { formatMoney, formatNumber } from "../../components/fields/format";
import refundApprovals from "../../resources/refund-approvals";
import type { DeskAnswer, DeskItemView } from "./desk-answer";
import { errorText, useDeskCall } from "./use-desk-call";

interface Values {
  reason: string;
  remedy: "reprint" | "refund" | "credit";
  quantity: number;
  amount?: number;
  payment_id?: number;
  note?: string;
}

const reasons = (() => {
  const field = refundApprovals.fields.reason;
  return field.type === "enum" ? field.values.map((v) => ({ value: v.value, label: v.label })) : [];
})();

export function ReprintDialog({
  desk,
  item,
  mayRefund,
  onClose,
  onDone,
}: {
  desk: DeskAnswer;
  item: DeskItemView;
  mayRefund: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  const remedy = Form.useWatch("remedy", form);
  const { call, pending } = useDeskCall();
  const [error, setError] = useState<string | null>(null);
  const record = desk.order.items.find((i) => i.id === item.id);
  const quantity = Number(record?.quantity ?? 1);
  const payments = (desk.payments ?? []).filter((p) =>
    ["captured", "partially_refunded"].includes(String(p.status)),
  );
  const submit = async (values: Values) => {
    setError(null);
    try {
      const body: Record<string, unknown> = {
        version: desk.order.version,
        reason: values.reason,
        remedy: values.remedy,
        quantity: values.quantity,
      };
      if (values.note?.trim()) body.note = values.note.trim();
      if (values.remedy !== "reprint") {
        body.amount = values.amount;
        if (values.payment_id) body.payment_id = values.payment_id;
      }
      await call(`orders/${desk.order.id}/items/${item.id}/reprint`, body);
      onDone(
        `Item ${item.number} is reprinted as a new item${values.remedy === "reprint" ? "" : `; a ${values.remedy} of ${formatMoney(values.amount)} awaits approval`}`,
      );
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal
      open
      title={`Reprint item ${item.number} of ${desk.order.order_number}`}
      okText="Reprint"
      okButtonProps={{ loading: pending, htmlType: "submit", form: "reprint" }}
      cancelText="Back"
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        id="reprint"
        layout="vertical"
        initialValues={{ remedy: "reprint", quantity, reason: "print_defect" }}
        onFinish={submit}
      >
        <Form.Item name="reason" label="Reason" rules={[{ required: true }]}>
          <Select options={reasons} />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={`Quantity to print again (of ${formatNumber(quantity)})`}
          rules={[
            {
              required: true,
              type: "number",
              min: 1,
              max: quantity,
              message: `Between 1 and ${formatNumber(quantity)}`,
            },
          ]}
        >
          <InputNumber<number> min={1} precision={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item
          name="remedy"
          label="Remedy for the customer"
          help={mayRefund ? undefined : "Refunds and credits need the right to request refunds"}
        >
          <Radio.Group
            optionType="button"
            options={[
              { value: "reprint", label: "Reprint only" },
              { value: "refund", label: "Reprint and refund", disabled: !mayRefund },
              { value: "credit", label: "Reprint and credit", disabled: !mayRefund },
            ]}
          />
        </Form.Item>
        {remedy && remedy !== "reprint" && (
          <>
            <Form.Item
              name="amount"
              label="Amount"
              rules={[{ required: true, message: `Enter the amount to ${remedy}` }]}
            >
              <InputNumber<number> prefix="$" min={0.01} precision={2} style={{ width: "100%" }} />
            </Form.Item>
            {remedy === "refund" && (
              <Form.Item name="payment_id" label="Payment to refund (optional)">
                <Select
                  allowClear
                  options={payments.map((p) => ({
                    value: p.id,
                    label: `${String(p.transaction_id ?? p.method)} · ${formatMoney(p.amount)}`,
                  }))}
                />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item name="note" label="What went wrong (optional)">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Modal>
  );
}
