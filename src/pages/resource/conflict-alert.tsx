// The 409 of a stale `version`: the server's sentence, a way to load the latest record without
// losing the form's input, and then what the server changed meanwhile.
import { Alert, Button, Typography } from "antd";
import { FieldValue } from "../../components/fields/field-value";
import type { Resource } from "../../resource-engine/define";
import { fieldOf } from "../../resource-engine/field-of";
import type { ServerChange } from "../../resource-engine/record-values";

interface ConflictAlertProps {
  resource: Resource;
  /** Set while the save is refused: the server's message. */
  message?: string;
  /** Set after a reload: the fields the server changed since the form was opened. */
  changes?: ServerChange[];
  onReload: () => void;
  reloading: boolean;
}

export function ConflictAlert({ resource, message, changes, onReload, reloading }: ConflictAlertProps) {
  if (message) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={message}
        description="Reload to get the latest version. Your unsaved input stays in the form."
        action={
          <Button size="small" onClick={onReload} loading={reloading}>
            Reload
          </Button>
        }
      />
    );
  }
  if (!changes) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={
        changes.length === 0
          ? "Reloaded: nothing in this form changed on the server. Save again to keep your changes."
          : "Reloaded. Changed on the server since you opened the form:"
      }
      description={
        changes.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {changes.map(({ field, value, mine }) => (
              <li key={field}>
                <Typography.Text strong>{fieldOf(resource, field).label}</Typography.Text>: now{" "}
                <FieldValue field={fieldOf(resource, field)} value={value} compact />
                {mine
                  ? " (you changed it too: your value is kept, save to overwrite)"
                  : " (shown in the form)"}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
