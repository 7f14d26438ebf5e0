// Pages the route table opens to everyone (spec §6: the tools) whose server still asks a permission of what they
// read or write: a person without it is told which one, in words, instead of meeting a refused request.
import { Alert } from "antd";
import type { ReactNode } from "react";

export interface PermissionNoticeProps {
  allowed: boolean;
  /** What the page needs and why, naming the permission as the role editor shows it. */
  message: string;
  /** Shown when allowed; when not, the notice alone (none of the page's requests are made). */
  children?: ReactNode;
}

export function PermissionNotice({ allowed, message, children }: PermissionNoticeProps) {
  if (allowed) return children;
  return <Alert type="info" showIcon message={message} description="Ask an administrator for it." />;
}
