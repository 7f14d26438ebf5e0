// A secret's value as shown anywhere: only whether it is set (the server never returns it).
import { Tag } from "antd";

/** Set: true, or a string (the plaintext of a create answer). */
export function isSecretSet(value: unknown): boolean {
  return value === true || (typeof value === "string" && value !== "");
}

export function SecretState({ value }: { value: unknown }) {
  return isSecretSet(value) ? <Tag color="green">Set</Tag> : <Tag>Not set</Tag>;
}
