// /forgot-password: asks for a reset link (spec §1). The auth call shows the spec's info message in the
// alerts area; the page only swaps the form for a short next step.
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Form from "antd/es/form";
import Input from "antd/es/input/Input";
import { useState } from "react";
import { AuthPanel } from "./auth-panel";
import { useGuestAuth } from "./guest-auth";
import { GuestLink } from "./guest-link";
import { useAuthCall } from "./use-auth-call";

type ForgotValues = { email: string };

export function ForgotPasswordPage() {
  const auth = useGuestAuth();
  const { error, running, run } = useAuthCall<"send">();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async ({ email }: ForgotValues) => {
    const outcome = await run("send", () => auth.forgotPassword({ email }));
    if (outcome?.success) setSentTo(email);
  };

  return (
    <AuthPanel title="Forgot password">
      {sentTo ? (
        <Alert
          style={{ marginBottom: 16 }}
          type="success"
          showIcon
          message={`Check the inbox of ${sentTo} and follow the link to choose a new password.`}
        />
      ) : (
        <Form<ForgotValues> layout="vertical" requiredMark={false} onFinish={send}>
          <Form.Item
            label="Email"
            name="email"
            rules={[{ required: true, type: "email", message: "Enter your email address" }]}
          >
            <Input type="email" autoComplete="email" autoFocus />
          </Form.Item>
          {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon message={error} />}
          <Form.Item style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit" block loading={running !== null}>
              Send reset link
            </Button>
          </Form.Item>
        </Form>
      )}
      <GuestLink to="/login">Back to sign in</GuestLink>
    </AuthPanel>
  );
}
