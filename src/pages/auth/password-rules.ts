// Rules shared by the forms that choose a new password (register, reset, profile).
import type { FormRule } from "antd";
import { MIN_PASSWORD_LENGTH } from "./auth-panel";

export const newPasswordRules: FormRule[] = [
  { required: true, message: "Enter a password" },
  { min: MIN_PASSWORD_LENGTH, message: `Use at least ${MIN_PASSWORD_LENGTH} characters` },
];

/** The confirm field must repeat the field named `passwordField`. */
export function confirmRules(passwordField = "password"): FormRule[] {
  return [
    { required: true, message: "Repeat the password" },
    ({ getFieldValue }) => ({
      validator: (_rule, value) =>
        !value || value === getFieldValue(passwordField)
          ? Promise.resolve()
          : Promise.reject(new Error("The passwords do not match")),
    }),
  ];
}
