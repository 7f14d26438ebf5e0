// /login: email and password, or Google single sign-on (spec §1, §2).
import { useLogin } from "@refinedev/core";
import { Alert, Button, Divider, Form, Input } from "antd";
import { Link, useSearchParams } from "react-router";
import type { LoginParams } from "../../providers/auth-provider";
import { AuthPanel } from "./auth-panel";
import { useAuthOutcome } from "./use-auth-outcome";

type LoginValues = { email: string; password: string };

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const { error, mutationOptions } = useAuthOutcome();
  const { mutate: login, isPending, variables } = useLogin<LoginParams>({ mutationOptions });
  const redirect = searchParams.get("redirect");
  const ssoPending = isPending && variables?.providerName === "google";

  return (
    <AuthPanel title="Sign in">
      <Form<LoginValues>
        layout="vertical"
        requiredMark={false}
        onFinish={({ email, password }) => login({ email, password, redirect })}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[{ required: true, type: "email", message: "Enter your email address" }]}
        >
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: "Enter your password" }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={isPending && !ssoPending}
            disabled={ssoPending}
          >
            Sign in
          </Button>
        </Form.Item>
      </Form>
      {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon message={error} />}
      <Link to="/forgot-password">Forgot password?</Link>
      <Divider plain>or</Divider>
      <Button
        block
        loading={ssoPending}
        disabled={isPending && !ssoPending}
        onClick={() => login({ providerName: "google", redirect })}
      >
        Sign in with Google
      </Button>
    </AuthPanel>
  );
}
