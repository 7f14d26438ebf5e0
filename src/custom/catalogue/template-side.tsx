// One side of a template as a picture: the server's thumbnail (GET templates/{id}/images/{side})
// with the bleed edge, the trim and the safe area drawn over it as SVG lines, measured in inches
// on the sheet (trim plus bleed on each side), and a legend naming them.
import { UploadOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { App, Button, Empty, Flex, Skeleton, Typography, Upload } from "antd";
import { useEffect, useState } from "react";
import { errorMessageFrom, httpClient } from "../../providers/http-client";
import { useApiImage } from "../../providers/use-api-image";
import { safeArea, sideFileProblem, type TemplateGeometry } from "./design-rules";

export const GUIDE_LINES = [
  { key: "bleed", label: "Bleed edge", colour: "#cf1322", dash: "0.06 0.04" },
  { key: "trim", label: "Trim", colour: "#141414", dash: undefined },
  { key: "safe", label: "Safe area", colour: "#1677ff", dash: "0.03 0.03" },
] as const;

/** The three guide rectangles in sheet inches (the sheet's top left is the bleed's corner). */
export function guideRects(g: TemplateGeometry) {
  const safe = safeArea(g);
  return {
    sheet: { width: g.trim_width + 2 * g.bleed, height: g.trim_height + 2 * g.bleed },
    bleed: { x: 0, y: 0, width: g.trim_width + 2 * g.bleed, height: g.trim_height + 2 * g.bleed },
    trim: { x: g.bleed, y: g.bleed, width: g.trim_width, height: g.trim_height },
    safe: { x: g.bleed + safe.x, y: g.bleed + safe.y, width: safe.width, height: safe.height },
  };
}

interface TemplateSideProps {
  templateId: number;
  side: "front" | "back";
  geometry: TemplateGeometry;
  /** Told whether the side has an image, once known (the page offers the back to fields only with one). */
  onPresence?(present: boolean): void;
}

export function TemplateSide({ templateId, side, geometry, onPresence }: TemplateSideProps) {
  // Bumped after an upload, so the new thumbnail is fetched.
  const [revision, setRevision] = useState(0);
  const image = useApiImage(`templates/${templateId}/images/${side}?r=${revision}`);
  const present = image.loading ? undefined : Boolean(image.url);
  useEffect(() => {
    if (present !== undefined) onPresence?.(present);
  }, [present, onPresence]);
  const title = side === "front" ? "Front" : "Back";
  const sized = geometry.trim_width > 0 && geometry.trim_height > 0;
  const rects = guideRects(geometry);
  const { width, height } = rects.sheet;
  return (
    <figure style={{ margin: 0, flex: "1 1 280px", maxWidth: 520 }}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        <SideUpload templateId={templateId} side={side} onUploaded={() => setRevision((r) => r + 1)} />
      </Flex>
      {image.loading ? (
        <Skeleton.Image active style={{ width: 280, height: 160 }} />
      ) : image.missing || !image.url ? (
        <Empty description={`No ${side} image yet`} />
      ) : (
        <div style={{ position: "relative", lineHeight: 0 }}>
          <img
            src={image.url}
            alt={`${title} of the template`}
            style={{ width: "100%", height: "auto", border: "1px solid #d9d9d9" }}
          />
          {sized && (
            <svg
              viewBox={`0 0 ${width} ${height}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={`${title}: bleed edge, trim and safe area`}
              data-testid={`guides-${side}`}
              style={{ position: "absolute", inset: 0, width: "100%", height: "100%" }}
            >
              {GUIDE_LINES.map((line) => {
                const r = rects[line.key];
                return (
                  <rect
                    key={line.key}
                    data-guide={line.key}
                    x={r.x}
                    y={r.y}
                    width={r.width}
                    height={r.height}
                    fill="none"
                    stroke={line.colour}
                    strokeWidth={0.015}
                    strokeDasharray={line.dash}
                  />
                );
              })}
            </svg>
          )}
        </div>
      )}
    </figure>
  );
}

export function GuideLegend({ geometry }: { geometry: TemplateGeometry }) {
  const sizes: Record<string, string> = {
    bleed: `${geometry.bleed} in beyond the trim`,
    trim: `${geometry.trim_width} × ${geometry.trim_height} in`,
    safe: `${geometry.safe_margin} in inside the trim`,
  };
  return (
    <Flex
      component="ul"
      wrap
      gap={16}
      style={{ listStyle: "none", padding: 0, margin: "8px 0 0" }}
      aria-label="Legend"
    >
      {GUIDE_LINES.map((line) => (
        <li key={line.key}>
          <svg width="28" height="10" aria-hidden="true" style={{ verticalAlign: "middle", marginRight: 6 }}>
            <line
              x1="0"
              y1="5"
              x2="28"
              y2="5"
              stroke={line.colour}
              strokeWidth="2"
              strokeDasharray={line.dash ? "6 4" : undefined}
            />
          </svg>
          {line.label}: {sizes[line.key]}
        </li>
      ))}
    </Flex>
  );
}

/** "Upload front/back" (Template Update): the PDF, PNG or JPEG goes to PUT templates/{id}/images/{side}. */
function SideUpload({
  templateId,
  side,
  onUploaded,
}: {
  templateId: number;
  side: string;
  onUploaded: () => void;
}) {
  const allowed = useCan({ resource: "Template", action: "edit" }).data?.can === true;
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const send = async (file: File) => {
    const problem = sideFileProblem(file);
    if (problem) {
      void message.error(problem);
      return;
    }
    setBusy(true);
    try {
      await httpClient.put(`templates/${templateId}/images/${side}`, file, {
        params: { name: file.name },
        headers: { "Content-Type": file.type },
      });
      void message.success(`The ${side} is updated`);
      onUploaded();
    } catch (error) {
      void message.error(errorMessageFrom(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Upload
      accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        void send(file);
        return false;
      }}
    >
      <Button size="small" icon={<UploadOutlined />} loading={busy}>
        Upload {side}
      </Button>
    </Upload>
  );
}
