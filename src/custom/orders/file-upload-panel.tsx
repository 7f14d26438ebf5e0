// Upload a file to an order: its kind, the item it is for (optional), then the file; a progress bar
// while it goes (with Pause and Resume), the server's sentence when it is refused.
import { UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Progress, Select } from "antd";
import { useRef, useState } from "react";
import { ACCEPT, FILE_KIND_LABELS, FILE_KINDS, type FileKind } from "./file-kinds";
import { type UploadControl, type UploadRequest, uploadOrderFile } from "./file-upload";

export function FileUploadPanel({
  orderId,
  items,
  onUploaded,
  upload = uploadOrderFile,
}: {
  orderId: number;
  items: { id: number; label: string }[];
  onUploaded(): void;
  /** Sends the file (tests pass their own to drive the panel through an upload's stages). */
  upload?: (request: UploadRequest) => Promise<number>;
}) {
  const [kind, setKind] = useState<FileKind>("artwork");
  const [itemId, setItemId] = useState<number | null>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [control, setControl] = useState<UploadControl | null>(null);
  const [paused, setPaused] = useState(false);
  const [outcome, setOutcome] = useState<{ type: "success" | "error"; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = async (file: File) => {
    setOutcome(null);
    setProgress({ name: file.name, percent: 0 });
    try {
      await upload({
        file,
        orderId,
        kind,
        itemId,
        onProgress: (percent) => setProgress({ name: file.name, percent }),
        onControl: setControl,
      });
      setOutcome({ type: "success", text: `${file.name} uploaded` });
      onUploaded();
    } catch (error) {
      setOutcome({ type: "error", text: (error as Error).message });
    } finally {
      setProgress(null);
      setControl(null);
      setPaused(false);
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex gap={8} wrap align="center">
        <Select<FileKind>
          aria-label="Kind of file"
          value={kind}
          onChange={setKind}
          style={{ width: 140 }}
          options={FILE_KINDS.map((k) => ({ value: k, label: FILE_KIND_LABELS[k] }))}
        />
        {items.length > 0 && (
          <Select<number | null>
            aria-label="Item"
            value={itemId}
            onChange={setItemId}
            style={{ minWidth: 220 }}
            options={[
              { value: null, label: "The whole order" },
              ...items.map((i) => ({ value: i.id, label: i.label })),
            ]}
          />
        )}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label="File to upload"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void send(file);
          }}
        />
        <Button icon={<UploadOutlined />} disabled={progress !== null} onClick={() => input.current?.click()}>
          Upload a file
        </Button>
      </Flex>
      {progress && (
        <div>
          Uploading {progress.name}
          <Flex gap={8} align="center">
            <Progress
              percent={progress.percent}
              status={paused ? "normal" : "active"}
              aria-label={`Uploading ${progress.name}`}
            />
            {control && (
              <Button
                size="small"
                onClick={() => {
                  if (paused) control.resume();
                  else control.pause();
                  setPaused(!paused);
                }}
              >
                {paused ? "Resume" : "Pause"}
              </Button>
            )}
          </Flex>
        </div>
      )}
      {outcome && (
        <Alert
          type={outcome.type}
          showIcon
          closable
          message={outcome.text}
          role={outcome.type === "error" ? "alert" : "status"}
          onClose={() => setOutcome(null)}
        />
      )}
    </Flex>
  );
}
