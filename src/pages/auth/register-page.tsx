// /register?token=…: accepting an invitation (spec §1); afterwards the app opens at "/".
import { useLogin, useRegister } from "@refinedev/core";
import { Alert, Button, Divider, Form, Input } from "antd";
import { Link, useSearchParams } from "react-router";
import type { LoginParams, RegisterParams } from "../../providers/auth-provider";
import { AuthPanel } from "./auth-panel";
import { confirmRules, newPasswordRules } from "./password-rules";
import { useAuthOutcome } from "./use-auth-outcome";

type RegisterValues = { name: string; email: string; password: string; confirm: string };

export default function RegisterPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const { error, mutationOptions } = useAuthOutcome();
  const { mutate: register, isPending: registering } = useRegister<RegisterParams>({ mutationOptions });
  // Accepting the invitation with Google: SSO login carries the invitation token.
  const { mutate: login, isPending: ssoPending } = useLogin<LoginParams>({ mutationOptions });

  return (
    <AuthPanel title="Create your account">
      {!token && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          message="Registration needs an invitation. Open the link from your invitation email."
        />
      )}
      <Form<RegisterValues>
        layout="vertical"
        requiredMark={false}
        onFinish={({ name, email, password }) => register({ name, email, password, token })}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: "Enter your name" }]}
        >
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={[{ required: true, type: "email", message: "Enter your email address" }]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm password" name="confirm" dependencies={["password"]} rules={confirmRules()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon message={error} />}
        <Form.Item style={{ marginBottom: 8 }}>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={registering}
            disabled={!token || ssoPending}
          >
            Create account
          </Button>
        </Form.Item>
      </Form>
      <Divider plain>or</Divider>
      <Button
        block
        loading={ssoPending}
        disabled={!token || registering}
        onClick={() => login({ providerName: "google", token, redirect: "/" })}
      >
        Sign up with Google
      </Button>
      <p style={{ margin: "16px 0 0" }}>
        <Link to="/login">Already have an account? Sign in</Link>
      </p>
    </AuthPanel>
  );
}
