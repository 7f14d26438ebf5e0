// A 4over job's status as a tag: not sent, being sent, in 4over's hands (blue), shipped or delivered (green).
import { Tag } from "antd";

export function statusTag(status: string | null) {
  if (status === null) return <Tag>Not sent</Tag>;
  const done = /ship|deliver|complete/i.test(status);
  return <Tag color={done ? "green" : status === "Sending" ? "orange" : "blue"}>{status}</Tag>;
}
