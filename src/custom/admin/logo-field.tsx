// The settings' logo: the current image (fetched with the session, shown from a blob URL), an
// upload of a PNG or JPEG of at most 1 MB, and a confirmed removal. Each is its own save
// (PUT/DELETE tenant/settings/logo with the version read); the answer is the settings after it.
import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Flex, Form, Image, Popconfirm, Typography, Upload } from "antd";
import { useState } from "react";
import { failedCall, httpClient } from "../../providers/http-client";
import { useApiImage } from "../../providers/use-api-image";
import type { TenantSettings } from "./tenant-settings-values";

const MAX_BYTES = 1024 * 1024;
const TYPES = ["image/png", "image/jpeg"];

/** Why a chosen file is not sent, or null. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!TYPES.includes(file.type))
    return "Choose a PNG or JPEG image (SVG is not taken: it can carry scripts)";
  if (file.size > MAX_BYTES) return "Choose an image of at most 1 MB";
  return null;
}

/** The logo's image, fetched with the session (use-api-image.ts). */
const useLogoUrl = (logo: TenantSettings["logo"]) => useApiImage(logo?.url).url;

interface LogoFieldProps {
  settings: TenantSettings | undefined;
  disabled: boolean;
  onSaved: (settings: TenantSettings) => void;
}

export function LogoField({ settings, disabled, onSaved }: LogoFieldProps) {
  const url = useLogoUrl(settings?.logo ?? null);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<{ data: { data: TenantSettings } }>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      onSaved((await call()).data.data);
    } catch (error) {
      try {
        failedCall(error);
      } catch (shown) {
        setProblem(shown instanceof Error ? shown.message : String(shown));
      }
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File) => {
    const why = logoFileProblem(file);
    if (why) {
      setProblem(why);
      return;
    }
    if (!settings) return;
    void run(() =>
      httpClient.put("tenant/settings/logo", file, {
        params: { version: settings.version, name: file.name },
        headers: { "Content-Type": file.type },
      }),
    );
  };

  const remove = () => {
    if (!settings) return;
    void run(() => httpClient.delete("tenant/settings/logo", { params: { version: settings.version } }));
  };

  return (
    <Form.Item
      label="Logo"
      validateStatus={problem ? "error" : undefined}
      help={problem}
      extra="A PNG or JPEG of at most 1 MB, shown on print-outs and in the app"
    >
      <Flex gap={16} align="center" wrap>
        {url ? (
          <Image
            src={url}
            alt={`Logo: ${settings?.logo?.name ?? ""}`}
            height={64}
            style={{ objectFit: "contain" }}
          />
        ) : (
          <Typography.Text type="secondary">No logo yet</Typography.Text>
        )}
        <Upload
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          showUploadList={false}
          disabled={disabled || busy}
          beforeUpload={(file) => {
            upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
            {settings?.logo ? "Replace logo" : "Upload logo"}
          </Button>
        </Upload>
        {settings?.logo && (
          <Popconfirm title="Remove the logo?" okText="Remove" onConfirm={remove} disabled={disabled}>
            <Button icon={<DeleteOutlined />} disabled={disabled || busy}>
              Remove
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </Form.Item>
  );
}
