// The order's notes: the customer's special instructions as they wrote them, and the shop's own
// notes in rich text, shown through the sanitiser (RichTextValue) and edited with the app's editor;
// the server sanitises what it stores (server/resources/rich-text.ts). Saving sends the version read.
import { useUpdate } from "@refinedev/core";
import { Alert, Button, Space, Typography } from "antd";
import { useState } from "react";
import { RichTextInput } from "../../components/fields/rich-text-input";
import { RichTextValue } from "../../components/fields/rich-text-value";
import type { DeskAnswer } from "./desk-answer";
import { errorText } from "./use-desk-call";

export function NotesTab({
  desk,
  editable,
  onSaved,
}: {
  desk: DeskAnswer;
  editable: boolean;
  onSaved: () => void;
}) {
  const stored = typeof desk.order.notes === "string" ? desk.order.notes : "";
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, mutation } = useUpdate();
  const save = async () => {
    setError(null);
    try {
      await mutateAsync({
        resource: "Order",
        id: desk.order.id,
        values: { notes: draft ?? "", version: desk.order.version },
        successNotification: false,
        errorNotification: false,
      });
      setDraft(null);
      onSaved();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const instructions =
    typeof desk.order.special_instructions === "string" ? desk.order.special_instructions : "";
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <section aria-labelledby="instructions-title">
        <Typography.Title level={5} id="instructions-title">
          Special instructions
        </Typography.Title>
        <Typography.Paragraph
          style={{ whiteSpace: "pre-wrap" }}
          type={instructions ? undefined : "secondary"}
        >
          {instructions || "None"}
        </Typography.Paragraph>
      </section>
      <section aria-labelledby="notes-title">
        <Typography.Title level={5} id="notes-title">
          Shop notes
        </Typography.Title>
        {draft === null ? (
          <>
            {stored ? (
              <RichTextValue html={stored} />
            ) : (
              <Typography.Text type="secondary">No notes yet.</Typography.Text>
            )}
            {editable && (
              <div style={{ marginTop: 12 }}>
                <Button onClick={() => setDraft(stored)}>Edit notes</Button>
              </div>
            )}
          </>
        ) : (
          <>
            <RichTextInput
              id="order-notes"
              value={draft}
              onChange={setDraft}
              placeholder="Notes for the shop"
            />
            <Space style={{ marginTop: 12 }}>
              <Button type="primary" loading={mutation.isPending} onClick={save}>
                Save notes
              </Button>
              <Button onClick={() => setDraft(null)}>Cancel</Button>
            </Space>
          </>
        )}
        {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginTop: 12 }} />}
      </section>
    </Space>
  );
}
