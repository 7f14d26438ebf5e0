// /forgot-password: asks for a reset link (spec §1). The provider shows the spec's info
// message in the feedback area; the page only swaps the form for a short next step.
import { type AuthActionResponse, useForgotPassword } from "@refinedev/core";
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { AuthPanel } from "./auth-panel";
import { useAuthOutcome } from "./use-auth-outcome";

type ForgotValues = { email: string };

export default function ForgotPasswordPage() {
  const { error, mutationOptions } = useAuthOutcome();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { mutate: forgotPassword, isPending } = useForgotPassword<ForgotValues>({
    mutationOptions: {
      ...mutationOptions,
      onSuccess: async (result, variables) => {
        // Typed loosely by Refine (void | false | string too); our provider always answers an object.
        const outcome = result as AuthActionResponse;
        await mutationOptions.onSuccess(outcome);
        if (outcome.success) setSentTo(variables.email);
      },
    },
  });

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
        <Form<ForgotValues>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => forgotPassword(values)}
        >
          <Form.Item
            label="Email"
            name="email"
            rules={[{ required: true, type: "email", message: "Enter your email address" }]}
          >
            <Input type="email" autoComplete="email" autoFocus />
          </Form.Item>
          {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon message={error} />}
          <Form.Item style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit" block loading={isPending}>
              Send reset link
            </Button>
          </Form.Item>
        </Form>
      )}
      <Link to="/login">Back to sign in</Link>
    </AuthPanel>
  );
}
