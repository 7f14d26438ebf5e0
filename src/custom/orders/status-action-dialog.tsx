// Hold, release or cancel the order (POST orders/{id}/actions/{action}): a confirmation naming what
// moves, a reason (required to cancel), and the server's sentence when it refuses.
import { Alert, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import type { DeskAnswer } from "./desk-answer";
import { errorText, useDeskCall } from "./use-desk-call";

export type StatusAction = "hold" | "release" | "cancel";

const WORDS: Record<StatusAction, { title: string; ok: string; says: string }> = {
  hold: {
    title: "Put the order on hold",
    ok: "Hold",
    says: "The order and every item whose status allows it go on hold until it is released.",
  },
  release: {
    title: "Release the order",
    ok: "Release",
    says: "The order and its items on hold go back to the statuses they were held from.",
  },
  cancel: {
    title: "Cancel the order",
    ok: "Cancel order",
    says: "The order and all its items are cancelled. A cancelled order takes no more payments and cannot be reopened.",
  },
};

export function StatusActionDialog({
  desk,
  action,
  onClose,
  onDone,
}: {
  desk: DeskAnswer;
  action: StatusAction;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form] = Form.useForm<{ reason?: string }>();
  const { call, pending } = useDeskCall();
  const [error, setError] = useState<string | null>(null);
  const words = WORDS[action];
  const submit = async ({ reason }: { reason?: string }) => {
    setError(null);
    try {
      await call(`orders/${desk.order.id}/actions/${action}`, {
        version: desk.order.version,
        ...(reason?.trim() ? { reason: reason.trim() } : {}),
      });
      onDone(
        `Order ${desk.order.order_number}: ${action === "hold" ? "on hold" : action === "release" ? "released" : "cancelled"}`,
      );
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal
      open
      title={`${words.title} ${desk.order.order_number}`}
      okText={words.ok}
      okButtonProps={{
        danger: action === "cancel",
        loading: pending,
        htmlType: "submit",
        form: "status-action",
      }}
      cancelText="Back"
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{words.says}</Typography.Paragraph>
      <Form form={form} id="status-action" layout="vertical" onFinish={submit}>
        {action !== "release" && (
          <Form.Item
            name="reason"
            label={action === "cancel" ? "Why is it cancelled?" : "Why is it on hold? (optional)"}
            rules={
              action === "cancel"
                ? [{ required: true, whitespace: true, message: "Say why the order is cancelled" }]
                : []
            }
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        )}
      </Form>
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Modal>
  );
}
