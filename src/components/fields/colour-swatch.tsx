// A colour value as a small swatch plus its code. Only CSS colour syntax reaches the style.
import { Space } from "antd";

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i;

export function ColourSwatch({ value }: { value: string }) {
  const safe = COLOUR.test(value.trim());
  return (
    <Space size={6}>
      {safe && (
        <span
          aria-hidden
          style={{
            display: "inline-block",
            width: 14,
            height: 14,
            borderRadius: 3,
            border: "1px solid rgba(0, 0, 0, 0.15)",
            background: value.trim(),
            verticalAlign: "middle",
          }}
        />
      )}
      <span>{value}</span>
    </Space>
  );
}
