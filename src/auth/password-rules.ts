// Rules shared by the forms that choose a new password (register and reset in the guest app, the profile page).
import type { FormRule } from "antd";

/** Minimum password length of the register, reset and profile password forms. */
export const MIN_PASSWORD_LENGTH = 10;

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
