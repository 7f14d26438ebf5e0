// /register?token=…: accepting an invitation (spec §1); afterwards the app opens at "/".
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Divider from "antd/es/divider";
import Form from "antd/es/form";
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { confirmRules, newPasswordRules } from "../auth/password-rules";
import { AuthPanel } from "./auth-panel";
import { useGuestAuth } from "./guest-auth";
import { GuestLink } from "./guest-link";
import { useGuestLocation } from "./guest-location";
import { SsoUnavailable } from "./sso-unavailable";
import { useAuthCall } from "./use-auth-call";
import { useSsoAvailability } from "./use-sso-availability";

type RegisterValues = { name: string; email: string; password: string; confirm: string };

export function RegisterPage() {
  const auth = useGuestAuth();
  const { searchParams } = useGuestLocation();
  const token = searchParams.get("token");
  const { error, running, run } = useAuthCall<"register" | "google">();
  const registering = running === "register";
  const ssoPending = running === "google";
  const sso = useSsoAvailability();

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
        onFinish={({ name, email, password }) =>
          run("register", () => auth.register({ name, email, password, token }))
        }
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
          <Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm password" name="confirm" dependencies={["password"]} rules={confirmRules()}>
          <Password autoComplete="new-password" />
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
      {/* Accepting the invitation with Google: the SSO login carries the invitation token. */}
      <Button
        block
        loading={ssoPending}
        disabled={!token || registering || sso.unavailable}
        aria-describedby={sso.unavailable ? "sso-unavailable" : undefined}
        onClick={() =>
          run("google", () => sso.guarded(() => auth.login({ providerName: "google", token, redirect: "/" })))
        }
      >
        Sign up with Google
      </Button>
      {sso.unavailable && <SsoUnavailable message={sso.message} />}
      <p style={{ margin: "16px 0 0" }}>
        <GuestLink to="/login">Already have an account? Sign in</GuestLink>
      </p>
    </AuthPanel>
  );
}
