// The small spinner shown while a page's code or the session check is loading.
import { Spin } from "antd";

export function PageSpinner() {
  return (
    <div style={{ display: "flex", justifyContent: "center", padding: 48 }}>
      <Spin aria-label="Loading" />
    </div>
  );
}
