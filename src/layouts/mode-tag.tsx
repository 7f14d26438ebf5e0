// Names the environment in the app bar everywhere but production (spec §1).
import { Tag } from "antd";
import { useMode } from "../theme/mode-context";

export function ModeTag() {
  const mode = useMode();
  if (mode === "production") return null;
  return (
    <Tag color="#ffffff" style={{ color: "#000000", fontWeight: 600, textTransform: "uppercase" }}>
      {mode}
    </Tag>
  );
}
