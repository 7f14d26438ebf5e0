// A Status record as a tag marked in its own colour (Status.color) and named in the text colour, so
// a light status colour (amber, cyan) never carries the words: they keep their contrast.
import { Badge, Tag } from "antd";
import type { DeskStatus } from "./desk-rules";

export function StatusTag({ status }: { status: Pick<DeskStatus, "name" | "color"> | undefined }) {
  if (!status) return <Tag>No status</Tag>;
  return (
    <Tag style={{ borderColor: status.color ?? undefined, marginInlineEnd: 0 }}>
      <Badge color={status.color ?? "#8c8c8c"} text={status.name} />
    </Tag>
  );
}
