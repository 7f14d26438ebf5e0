// An order file's thumbnail (server/files/thumbnails.ts), 48 px by default and loaded lazily, through
// its signed link; a file without one (a kind that is not drawn, a damaged PDF, a thumbnail still being
// made) or whose image fails to load shows a plain file icon, never a broken image.
import { FileOutlined } from "@ant-design/icons";
import { theme } from "antd";
import { useState } from "react";
import { fileHref } from "./file-links";

export interface ThumbnailFile {
  name: string;
  thumbnail?: { url: string; expires_at: string } | null;
}

export function FileThumbnail({ file, size = 48 }: { file: ThumbnailFile; size?: number }) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState<string | null>(null);
  const box = {
    width: size,
    height: size,
    flex: "none",
    borderRadius: token.borderRadiusSM,
    border: `1px solid ${token.colorBorderSecondary}`,
    background: token.colorFillQuaternary,
  } as const;
  const url = file.thumbnail?.url;
  if (!url || failed === url) {
    return (
      <span
        role="img"
        aria-label={`${file.name}: no preview`}
        style={{ ...box, display: "inline-flex", alignItems: "center", justifyContent: "center" }}
      >
        <FileOutlined aria-hidden style={{ fontSize: size / 2, color: token.colorTextSecondary }} />
      </span>
    );
  }
  return (
    <img
      src={fileHref(url)}
      alt={`Preview of ${file.name}`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(url)}
      style={{ ...box, objectFit: "contain", display: "inline-block" }}
    />
  );
}
