// /reset-password?token=…: the page the emailed link opens (spec §2); then back to /login.
import { useUpdatePassword } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { Link, useSearchParams } from "react-router";
import { AuthPanel } from "./auth-panel";
import { confirmRules, newPasswordRules } from "./password-rules";
import { useAuthOutcome } from "./use-auth-outcome";

type ResetValues = { password: string; confirm: string };

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const { error, mutationOptions } = useAuthOutcome();
  const { mutate: updatePassword, isPending } = useUpdatePassword<{ token: string | null; password: string }>(
    {
      mutationOptions,
    },
  );

  return (
    <AuthPanel title="Choose a new password">
      {!token && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          message="This link is incomplete. Request a new one from the forgot password page."
        />
      )}
      <Form<ResetValues>
        layout="vertical"
        requiredMark={false}
        onFinish={({ password }) => updatePassword({ token, password })}
      >
        <Form.Item label="New password" name="password" rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={["password"]}
          rules={confirmRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon message={error} />}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={isPending} disabled={!token}>
            Reset password
          </Button>
        </Form.Item>
      </Form>
      <Link to="/forgot-password">Request a new link</Link>
    </AuthPanel>
  );
}
