// The outcome of a page's last action, above its content: an error is an alert (read out at once), the rest a status.
import { Alert } from "antd";

export interface Notice {
  type: "success" | "warning" | "error";
  text: string;
}

export function NoticeAlert({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert
      type={notice.type}
      showIcon
      closable
      message={notice.text}
      role={notice.type === "error" ? "alert" : "status"}
      onClose={onClose}
      style={{ marginBottom: 16 }}
    />
  );
}
