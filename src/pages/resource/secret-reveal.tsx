// After a create whose answer carries a generated secret's plaintext (an API key's secret): the
// one time it is ever shown. The form waits for "Done" before going on, so the user cannot miss
// it; the plaintext lives only in this modal's props.
import { CopyOutlined } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import { App, Button, Flex, Input, Modal, Typography } from "antd";
import type { Resource } from "../../resource-engine/define";

export interface RevealedSecret {
  name: string;
  label: string;
  value: string;
}

/** The generated secrets whose plaintext the create answer carries. */
export function revealedSecrets(resource: Resource, record: BaseRecord): RevealedSecret[] {
  return Object.entries(resource.fields).flatMap(([name, field]) =>
    field.type === "secret" && field.secret === "generated" && typeof record[name] === "string"
      ? [{ name, label: field.label ?? name, value: record[name] as string }]
      : [],
  );
}

/** The record without the plaintexts: a generated secret reads as set (true) from here on. */
export function withoutPlaintext(record: BaseRecord, secrets: RevealedSecret[]): BaseRecord {
  const copy: BaseRecord = { ...record };
  for (const { name } of secrets) copy[name] = true;
  return copy;
}

export function SecretReveal({ secrets, onDone }: { secrets: RevealedSecret[]; onDone: () => void }) {
  const { message } = App.useApp();
  const copy = async (secret: RevealedSecret) => {
    try {
      await navigator.clipboard.writeText(secret.value);
      void message.success(`${secret.label} copied`);
    } catch {
      void message.error("Could not copy: select the text and copy it yourself.");
    }
  };
  return (
    <Modal
      open={secrets.length > 0}
      title={secrets.length === 1 ? secrets[0].label : "Secrets"}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onDone}>
          Done
        </Button>
      }
    >
      <Typography.Paragraph strong>Copy it now: it will not be shown again.</Typography.Paragraph>
      {secrets.map((secret) => (
        <Flex key={secret.name} gap={8} style={{ marginBottom: 8 }}>
          <Input
            readOnly
            aria-label={secret.label}
            value={secret.value}
            style={{ fontFamily: "monospace" }}
            onFocus={(e) => e.target.select()}
          />
          <Button icon={<CopyOutlined />} onClick={() => void copy(secret)}>
            Copy
          </Button>
        </Flex>
      ))}
    </Modal>
  );
}
