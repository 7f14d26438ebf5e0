// The artwork step's uploads (issue 22): a file for each side the tool prints (a postcard's front and back, a
// letter's front), sent through the order files' upload (file-upload.ts: tus or Firebase Storage, resumable)
// to the saved job, since the order does not exist until the wizard finishes; a progress bar while it goes,
// the server's sentence when it refuses (type, size), and the uploaded file with Replace and Remove.
import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Flex, Popconfirm, Progress, Row, Typography } from "antd";
import { useRef, useState } from "react";
import type { ArtworkSide } from "../orders/file-kinds";
import { TOOL_ARTWORK_ACCEPT } from "../orders/file-kinds";
import { type UploadRequest, uploadOrderFile } from "../orders/file-upload";
import type { MailTool } from "./mail-tools";
import { artworkFileProblem, type DraftFile, sidesOf } from "./tool-artwork";

export interface ArtworkUploadsProps {
  tool: MailTool;
  files: DraftFile[];
  /** The saved job's id, saving the job first when it is new; undefined when saving failed (shown). */
  ensureDraft(): Promise<number | undefined>;
  /** After an upload or a removal: read the saved job's files again. */
  onChanged(draftId: number): Promise<void>;
  remove(draftId: number, file: DraftFile): Promise<void>;
  /** Sends the file (tests pass their own). */
  upload?: (request: UploadRequest) => Promise<number>;
}

const SIDE_TITLES: Record<ArtworkSide, string> = { front: "Front", back: "Back" };
const kb = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function ArtworkUploads(props: ArtworkUploadsProps) {
  const { tool, files, upload = uploadOrderFile } = props;
  const [progress, setProgress] = useState<{ side: ArtworkSide; name: string; percent: number } | null>(null);
  const [error, setError] = useState<{ side: ArtworkSide; text: string } | null>(null);
  const inputs = useRef<Partial<Record<ArtworkSide, HTMLInputElement | null>>>({});

  const send = async (side: ArtworkSide, file: File) => {
    const problem = artworkFileProblem(file);
    setError(problem ? { side, text: problem } : null);
    if (problem) return;
    const draftId = await props.ensureDraft();
    if (!draftId) return;
    setProgress({ side, name: file.name, percent: 0 });
    try {
      await upload({
        file,
        kind: "artwork",
        draft: { id: draftId, side },
        onProgress: (percent) => setProgress({ side, name: file.name, percent }),
      });
      setProgress(null);
      await props.onChanged(draftId);
    } catch (failure) {
      setError({ side, text: (failure as Error).message });
      setProgress(null);
    }
  };

  return (
    <Row gutter={[16, 16]}>
      {sidesOf(tool).map((side) => {
        const file = files.find((f) => f.side === side);
        const title = SIDE_TITLES[side];
        const going = progress?.side === side ? progress : null;
        return (
          <Col xs={24} md={12} key={side}>
            <Card size="small" title={side === "back" ? `${title} (optional)` : title}>
              <Flex vertical gap={8}>
                {file ? (
                  <Flex justify="space-between" align="center" gap={8} wrap>
                    <Typography.Text>
                      {file.name} <Typography.Text type="secondary">({kb(file.size)})</Typography.Text>
                    </Typography.Text>
                    <Popconfirm
                      title={`Remove the ${side} artwork?`}
                      okText="Remove"
                      onConfirm={async () => {
                        const draftId = await props.ensureDraft();
                        if (!draftId) return;
                        await props.remove(draftId, file);
                        await props.onChanged(draftId);
                      }}
                    >
                      <Button size="small" icon={<DeleteOutlined />} disabled={Boolean(progress)}>
                        Remove
                      </Button>
                    </Popconfirm>
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">No {side} artwork uploaded yet.</Typography.Text>
                )}
                {going && (
                  <Progress
                    percent={going.percent}
                    size="small"
                    aria-label={`Uploading ${going.name}`}
                    format={(p) => `${p}%`}
                  />
                )}
                {error?.side === side && <Alert type="error" showIcon role="alert" message={error.text} />}
                <input
                  ref={(element) => {
                    inputs.current[side] = element;
                  }}
                  type="file"
                  accept={TOOL_ARTWORK_ACCEPT}
                  aria-label={`${title} artwork file`}
                  style={{ display: "none" }}
                  onChange={(event) => {
                    const chosen = event.target.files?.[0];
                    event.target.value = "";
                    if (chosen) void send(side, chosen);
                  }}
                />
                <Button
                  icon={<UploadOutlined />}
                  loading={Boolean(going)}
                  disabled={Boolean(progress) && !going}
                  onClick={() => inputs.current[side]?.click()}
                >
                  {file ? `Replace the ${side}` : `Upload the ${side}`}
                </Button>
              </Flex>
            </Card>
          </Col>
        );
      })}
      <Col span={24}>
        <Typography.Text type="secondary">
          A PDF, PNG or JPEG for each side; the job is saved first, so the files stay with it.
        </Typography.Text>
      </Col>
    </Row>
  );
}
