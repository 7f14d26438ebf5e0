// Shown when a save was refused because the record changed meanwhile (409 on a stale
// `version`): the server's sentence and a way to load the latest version.
import { Alert, Button } from "antd";

export interface StaleAlertProps {
  message: string;
  onReload: () => void;
  reloading?: boolean;
  /** What reloading does to the user's input. */
  description?: string;
}

export function StaleAlert({
  message,
  onReload,
  reloading = false,
  description = "Reload to get the latest version; your unsaved changes here will be replaced.",
}: StaleAlertProps) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      message={message}
      description={description}
      action={
        <Button size="small" onClick={onReload} loading={reloading}>
          Reload
        </Button>
      }
    />
  );
}
