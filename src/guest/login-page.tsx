// /login: email and password, or Google single sign-on (spec §1, §2).
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Divider from "antd/es/divider";
import Form from "antd/es/form";
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { AuthPanel } from "./auth-panel";
import { useGuestAuth } from "./guest-auth";
import { GuestLink } from "./guest-link";
import { useGuestLocation } from "./guest-location";
import { SsoUnavailable } from "./sso-unavailable";
import { useAuthCall } from "./use-auth-call";
import { useSsoAvailability } from "./use-sso-availability";

type LoginValues = { email: string; password: string };

export function LoginPage() {
  const auth = useGuestAuth();
  const { searchParams } = useGuestLocation();
  const { error, running, run } = useAuthCall<"password" | "google">();
  const sso = useSsoAvailability();
  const redirect = searchParams.get("redirect");
  const ssoPending = running === "google";
  const passwordPending = running === "password";

  return (
    <AuthPanel title="Sign in">
      <Form<LoginValues>
        layout="vertical"
        requiredMark={false}
        onFinish={({ email, password }) => run("password", () => auth.login({ email, password, redirect }))}
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
          <Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={passwordPending} disabled={ssoPending}>
            Sign in
          </Button>
        </Form.Item>
      </Form>
      {error && <Alert style={{ marginBottom: 16 }} type="error" showIcon message={error} />}
      <GuestLink to="/forgot-password">Forgot password?</GuestLink>
      <Divider plain>or</Divider>
      <Button
        block
        loading={ssoPending}
        disabled={passwordPending || sso.unavailable}
        aria-describedby={sso.unavailable ? "sso-unavailable" : undefined}
        onClick={() =>
          run("google", () => sso.guarded(() => auth.login({ providerName: "google", redirect })))
        }
      >
        Sign in with Google
      </Button>
      {sso.unavailable && <SsoUnavailable message={sso.message} />}
    </AuthPanel>
  );
}
