// The form input of a write-only secret (an integration's credentials). The record says only
// whether one is stored, so the input starts as that state, "Set" or "Not set", and offers to
// replace it (a password input, or a text area when the field's help mentions JSON: text that
// opens with "{" must be a JSON object and is sent as one, other text as text) or to clear it.
// Its value: the stored state (a boolean: send nothing), the replacement (a string), or null
// (clear it). A new record's secret is typed straight away.
import { Button, Input, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import type { Field } from "../../resource-engine/fields";
import { isJsonSecret } from "../../resource-engine/record-values";
import { isValidJson } from "./field-rules";
import { SecretState } from "./secret-state";

interface SecretInputProps {
  field: Field;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

export function SecretInput({ field, id, value, onChange }: SecretInputProps) {
  // What the record holds, remembered so "Keep current" can go back to it.
  const [stored, setStored] = useState<boolean | undefined>(typeof value === "boolean" ? value : undefined);
  useEffect(() => {
    if (typeof value === "boolean") setStored(value);
  }, [value]);
  const label = field.label ?? "Secret";

  if (typeof value === "boolean" || value === null) {
    return (
      <Space wrap>
        {value === null ? (
          <Typography.Text type="warning">Will be cleared when you save</Typography.Text>
        ) : (
          <SecretState value={value} />
        )}
        {value === null ? (
          <Button size="small" onClick={() => onChange?.(stored ?? false)}>
            Keep current
          </Button>
        ) : (
          <>
            <Button size="small" id={id} onClick={() => onChange?.("")} aria-label={`Replace ${label}`}>
              {value ? "Replace" : "Add"}
            </Button>
            {value && !field.required && (
              <Button size="small" danger onClick={() => onChange?.(null)} aria-label={`Clear ${label}`}>
                Clear
              </Button>
            )}
          </>
        )}
      </Space>
    );
  }

  const text = typeof value === "string" ? value : "";
  const input = isJsonSecret(field) ? (
    <Input.TextArea
      id={id}
      aria-label={label}
      value={text}
      onChange={(e) => onChange?.(e.target.value)}
      autoSize={{ minRows: 3, maxRows: 12 }}
      style={{ fontFamily: "monospace" }}
      spellCheck={false}
      autoComplete="off"
      autoFocus={stored !== undefined}
    />
  ) : (
    <Input.Password
      id={id}
      aria-label={label}
      value={text}
      onChange={(e) => onChange?.(e.target.value)}
      autoComplete="new-password"
      autoFocus={stored !== undefined}
    />
  );
  return (
    <Space.Compact style={{ width: "100%" }} direction={isJsonSecret(field) ? "vertical" : "horizontal"}>
      {input}
      {stored !== undefined && <Button onClick={() => onChange?.(stored)}>Keep current</Button>}
    </Space.Compact>
  );
}

/** The secret's own checks: required means stored or typed; JSON ("{…}") must parse. */
export function secretRules(field: Field) {
  const label = field.label ?? "This field";
  return [
    {
      validator: async (_: unknown, value: unknown) => {
        const typed = typeof value === "string" && value.trim() !== "";
        if (field.required && value !== true && !typed) throw new Error(`${label} is required`);
        // A JSON secret may still be plain text (an API key); what opens like JSON must be JSON.
        if (typed && isJsonSecret(field) && /^\s*\{/.test(value as string) && !isValidJson(value as string))
          throw new Error(`${label} must be valid JSON`);
      },
    },
  ];
}
