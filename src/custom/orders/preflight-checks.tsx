// A file's preflight on the files tables: the result as a coloured tag (the sentences of what did
// not pass on hover), each check with its sentence in the row's expansion, and "Run preflight
// again" for those who may change the order.
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  ReloadOutlined,
} from "@ant-design/icons";
import { Button, List, Space, Tag, Tooltip } from "antd";
import type { PreflightResult } from "./file-kinds";
import {
  checkName,
  PREFLIGHT_TAG,
  type PreflightCheck,
  preflightState,
  preflightSummary,
} from "./preflight-view";

const ICON: Record<PreflightResult, React.ReactNode> = {
  pass: <CheckCircleFilled style={{ color: "#389e0d" }} aria-label="Passed" />,
  warn: <ExclamationCircleFilled style={{ color: "#d48806" }} aria-label="Warning" />,
  fail: <CloseCircleFilled style={{ color: "#cf1322" }} aria-label="Failed" />,
};

interface Checked {
  id: number;
  name: string;
  preflight_result: PreflightResult | null;
  preflight: PreflightCheck[] | null;
}

export function PreflightTag({ file }: { file: Checked }) {
  const state = preflightState(file);
  const { label } = PREFLIGHT_TAG[state];
  const summary = preflightSummary(file.preflight);
  // The result's colour on its icon, the words in the text colour: antd's coloured tags (gold on light
  // yellow) are under the contrast a label needs.
  const icon = state === "pass" || state === "warn" || state === "fail" ? ICON[state] : undefined;
  return (
    <Tooltip title={summary || undefined}>
      <Tag icon={icon} data-testid={`preflight-${file.id}`}>
        {label}
      </Tag>
    </Tooltip>
  );
}

export function PreflightDetails({ file }: { file: Checked }) {
  return (
    <section aria-label={`Preflight of ${file.name}`}>
      <List<PreflightCheck>
        size="small"
        dataSource={file.preflight ?? []}
        renderItem={(c) => (
          <List.Item>
            <Space align="start">
              {ICON[c.result]}
              <span>
                <strong>{checkName(c.check)}:</strong> {c.message}
              </span>
            </Space>
          </List.Item>
        )}
      />
    </section>
  );
}

export function RerunButton({
  file,
  pending,
  onRerun,
}: {
  file: Checked;
  pending: boolean;
  onRerun(file: Checked): void;
}) {
  return (
    <Button
      size="small"
      icon={<ReloadOutlined />}
      loading={pending}
      disabled={preflightState(file) === "checking"}
      onClick={() => onRerun(file)}
      aria-label={`Run preflight again on ${file.name}`}
    >
      Run preflight again
    </Button>
  );
}
