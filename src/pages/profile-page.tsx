// /profile: view and update the signed-in user's name and phone, change the password, sign out.
// updateProfile keeps the global loader on while it runs and refetches the profile (spec §4).
// The server's field errors show at their fields; the failed call's banner goes once the form is
// edited or saved.
import { useLogout } from "@refinedev/core";
import { Button, Divider, Form, Input } from "antd";
import { useEffect } from "react";
import { confirmRules, MIN_PASSWORD_LENGTH, newPasswordRules } from "../auth/password-rules";
import { useProfile } from "../auth/use-profile";
import { fieldErrorsOn } from "../components/form-field-errors";
import { useErrorBanner } from "../components/use-error-banner";
import { updateProfile } from "../providers/auth-provider";
import { push } from "../providers/feedback-store";

type DetailsValues = { name: string; phone?: string };
type PasswordValues = { current_password: string; password: string; confirm: string };

const column = { maxWidth: 480, width: "100%", padding: "16px 0" };

const DETAILS_FIELDS = ["name", "phone"] as const;
const PASSWORD_FIELDS = ["current_password", "password", "confirm"] as const;

export default function ProfilePage() {
  const user = useProfile();
  const [details] = Form.useForm<DetailsValues>();
  const [password] = Form.useForm<PasswordValues>();
  const { mutate: logout, isPending: loggingOut } = useLogout();
  const detailsBanner = useErrorBanner();
  const passwordBanner = useErrorBanner();

  // Show the stored values, and the refetched ones after an update.
  useEffect(() => {
    if (user) details.setFieldsValue({ name: user.name, phone: user.phone ?? "" });
  }, [user, details]);

  const saveDetails = async ({ name, phone }: DetailsValues) => {
    const result = await updateProfile({ name, phone: phone?.trim() || null });
    if (result.success) {
      detailsBanner.resolved();
      push({ text: "Profile updated", type: "info" });
      return;
    }
    detailsBanner.failed(result.error);
    details.setFields(fieldErrorsOn(result.error, DETAILS_FIELDS));
  };

  const changePassword = async ({ current_password, password: next }: PasswordValues) => {
    const result = await updateProfile({ current_password, password: next });
    if (result.success) {
      passwordBanner.resolved();
      password.resetFields();
      push({ text: "Password changed", type: "info" });
      return;
    }
    passwordBanner.failed(result.error);
    password.setFields(fieldErrorsOn(result.error, PASSWORD_FIELDS));
  };

  return (
    <div style={column}>
      <h1 style={{ fontSize: 24, margin: "0 0 16px" }}>Profile</h1>
      <Form<DetailsValues>
        name="profile"
        form={details}
        layout="vertical"
        requiredMark={false}
        onFinish={saveDetails}
        onValuesChange={detailsBanner.resolved}
      >
        <Form.Item label="Email" htmlFor="profile_email">
          <Input id="profile_email" value={user?.email ?? ""} disabled autoComplete="email" />
        </Form.Item>
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: "Enter your name" }]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label="Phone" name="phone" rules={[{ max: 32, message: "Use at most 32 characters" }]}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Save profile
        </Button>
      </Form>

      <Divider />
      <h2 style={{ fontSize: 18, margin: "0 0 16px" }}>Change password</h2>
      <Form<PasswordValues>
        name="password_change"
        form={password}
        layout="vertical"
        requiredMark={false}
        onFinish={changePassword}
        onValuesChange={passwordBanner.resolved}
      >
        <Form.Item
          label="Current password"
          name="current_password"
          rules={[{ required: true, message: "Enter your current password" }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="password"
          rules={newPasswordRules}
          extra={`At least ${MIN_PASSWORD_LENGTH} characters`}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={["password"]}
          rules={confirmRules()}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button htmlType="submit">Change password</Button>
      </Form>

      <Divider />
      <Button danger loading={loggingOut} onClick={() => logout()}>
        Log out
      </Button>
    </div>
  );
}
