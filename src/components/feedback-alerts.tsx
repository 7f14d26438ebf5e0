// The alerts area: every feedback message (spec §3, §4) as an antd Alert, newest last.
import Alert from "antd/es/alert";
import { dismiss, useFeedbackMessages } from "../providers/feedback-store";

export function FeedbackAlerts() {
  const messages = useFeedbackMessages();
  const visible = messages.filter((message) => message.show);
  return (
    <div aria-live="polite" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      {visible.map((message) => (
        <Alert
          key={message.id}
          type={message.type}
          message={message.text}
          showIcon
          closable
          onClose={() => dismiss(message.id)}
          style={{ marginBottom: 0 }}
        />
      ))}
      {visible.length > 0 && <div style={{ height: 8 }} />}
    </div>
  );
}
