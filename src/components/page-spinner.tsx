// The small spinner shown while a page's code, the session check or a record is loading. The name is on a status
// element around it: antd's Spin is a plain div, where aria-label is not allowed (axe: aria-prohibited-attr).
import { Spin } from "antd";

export function PageSpinner() {
  return (
    <div
      role="status"
      aria-label="Loading"
      style={{ display: "flex", justifyContent: "center", padding: 48 }}
    >
      <Spin />
    </div>
  );
}
