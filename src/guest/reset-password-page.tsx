// /reset-password?token=…: the page the emailed link opens (spec §2); then back to /login.
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Form from "antd/es/form";
import Password from "antd/es/input/Password";
import { confirmRules, newPasswordRules } from "../auth/password-rules";
import { AuthPanel } from "./auth-panel";
import { useGuestAuth } from "./guest-auth";
import { GuestLink } from "./guest-link";
import { useGuestLocation } from "./guest-location";
import { useAuthCall } from "./use-auth-call";

type ResetValues = { password: string; confirm: string };

export function ResetPasswordPage() {
  const auth = useGuestAuth();
  const { searchParams } = useGuestLocation();
  const token = searchParams.get("token");
  const { error, running, run } = useAuthCall<"reset">();

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
        onFinish={({ password }) => run("reset", () => auth.updatePassword({ token, password }))}
      >
        <Form.Item label="New password" name="password" rules={newPasswordRules}>
          <Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={["password"]}
          rules={confirmRules()}
        >
          <Password autoComplete="new-password" />
        </Form.Item>
        {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon message={error} />}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={running !== null} disabled={!token}>
            Reset password
          </Button>
        </Form.Item>
      </Form>
      <GuestLink to="/forgot-password">Request a new link</GuestLink>
    </AuthPanel>
  );
}
