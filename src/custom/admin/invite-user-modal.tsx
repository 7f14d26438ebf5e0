// "Invite user": an email, the groups to join and how long the invitation lasts. The server
// mails <app>/register?token=… and answers the same link once; it is shown here once, with a
// Copy button, and gone when the dialog closes (the server keeps only the token's hash).
import { CheckOutlined, CopyOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { formatDateTime } from "../../components/fields/format";
import { FormSelect } from "../../components/form-select";
import { type ApiError, type CreatedInvitation, fieldErrorsOf, type GroupRecord } from "./admin-records";
import { useIdSelect } from "./use-id-select";

export const DEFAULT_INVITATION_DAYS = 7;

interface InviteValues {
  email: string;
  group_ids: number[];
  expires_in_days: number;
}

export interface InviteUserModalProps {
  open: boolean;
  onClose: () => void;
}

export function InviteUserModal({ open, onClose }: InviteUserModalProps) {
  // A new form, without the last link, every time the dialog opens again.
  const [session, setSession] = useState(0);
  const close = () => {
    setSession((n) => n + 1);
    onClose();
  };
  return (
    <Modal title="Invite user" open={open} onCancel={close} footer={null} destroyOnHidden>
      {open ? <InviteUserForm key={session} onClose={close} /> : null}
    </Modal>
  );
}

function InviteUserForm({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<InviteValues>();
  const [created, setCreated] = useState<CreatedInvitation>();
  const [copied, setCopied] = useState<boolean | "failed">(false);
  const { mutate, mutation } = useCustomMutation<CreatedInvitation, ApiError, InviteValues>();
  const groups = useIdSelect<GroupRecord>("Group", (g) => g.name, []);

  const invite = (values: InviteValues) =>
    mutate(
      {
        url: "users/invite",
        method: "post",
        values: { ...values, email: values.email.trim() },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => setCreated(data),
        onError: (error) => {
          const fields = Object.entries(fieldErrorsOf(error)).filter(([name]) =>
            ["email", "group_ids", "expires_in_days"].includes(name),
          );
          if (fields.length > 0) {
            form.setFields(fields.map(([name, errors]) => ({ name: name as keyof InviteValues, errors })));
          }
        },
      },
    );

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.link);
      setCopied(true);
    } catch {
      setCopied("failed");
    }
  };

  if (created) {
    return (
      <Flex vertical gap={16}>
        <Alert
          type="success"
          showIcon
          message={`Invitation sent to ${created.email}`}
          description={`It works once, until ${formatDateTime(created.expires_at)}. The link is shown only now: copy it if you want to pass it on yourself.`}
        />
        <Space.Compact style={{ width: "100%" }}>
          <Input
            readOnly
            value={created.link}
            aria-label="Invitation link"
            onFocus={(e) => e.target.select()}
          />
          <Button type="primary" icon={copied === true ? <CheckOutlined /> : <CopyOutlined />} onClick={copy}>
            {copied === true ? "Copied" : "Copy"}
          </Button>
        </Space.Compact>
        {copied === "failed" && (
          <Typography.Text type="warning">
            The browser did not allow copying: select the link and copy it by hand.
          </Typography.Text>
        )}
        <Flex justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <Form<InviteValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ group_ids: [], expires_in_days: DEFAULT_INVITATION_DAYS }}
      onFinish={invite}
    >
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, whitespace: true, message: "Enter the person's email" },
          { type: "email", message: "Enter a valid email address" },
        ]}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Groups"
        name="group_ids"
        rules={[{ required: true, type: "array", min: 1, message: "Choose at least one group" }]}
      >
        <FormSelect mode="multiple" {...groups.selectProps} placeholder="Choose groups" />
      </Form.Item>
      <Form.Item
        label="Valid for (days)"
        name="expires_in_days"
        rules={[{ required: true, message: "Enter 1 to 30" }]}
      >
        <InputNumber min={1} max={30} precision={0} />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Send invitation
        </Button>
      </Flex>
    </Form>
  );
}
