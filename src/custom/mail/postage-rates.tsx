// The tenant's postage rate table for the postcard and letter tools (server/mail-tools/routes.ts): everyone
// who uses the tools sees the rates they price with; a product admin edits them (the server decides: 403
// otherwise, 409 when someone saved first).
import { Alert, Button, InputNumber, Modal, Table } from "antd";
import { useState, useSyncExternalStore } from "react";
import { getMergedPermissions, onPermissionsChange } from "../../providers/access-control";
import { RequestError } from "../../providers/request-error";
import { fetchRates, saveRates } from "./mail-tool-api";
import { type PostageRate, TOOL_MAIL_CLASSES } from "./mail-tools";

export function PostageRatesButton() {
  const merged = useSyncExternalStore(onPermissionsChange, getMergedPermissions, getMergedPermissions);
  const admin = merged?.isAdmin === true;
  const [open, setOpen] = useState(false);
  const [rates, setRates] = useState<PostageRate[]>([]);
  const [version, setVersion] = useState(0);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();

  const show = async () => {
    setProblem(undefined);
    const table = await fetchRates().catch(() => undefined);
    if (!table) return;
    setRates(table.rates);
    setVersion(table.version);
    setOpen(true);
  };
  const save = async () => {
    setSaving(true);
    try {
      const table = await saveRates(version, rates);
      if (table) setOpen(false);
    } catch (error) {
      const fields = error instanceof RequestError && error.errors ? Object.values(error.errors).flat() : [];
      setProblem(fields[0] ?? (error instanceof Error ? error.message : "The rates were not saved"));
    } finally {
      setSaving(false);
    }
  };
  const setRate = (i: number, rate: number | null) =>
    setRates(rates.map((r, j) => (j === i ? { ...r, rate: rate ?? 0 } : r)));

  return (
    <>
      <Button onClick={show}>Postage rates</Button>
      <Modal
        title="Postage rates (dollars a piece)"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={admin ? save : () => setOpen(false)}
        okText={admin ? "Save rates" : "Close"}
        confirmLoading={saving}
      >
        {!admin && (
          <Alert
            type="info"
            showIcon
            message="A product admin edits the rates."
            style={{ marginBottom: 8 }}
          />
        )}
        {problem && (
          <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 8 }} />
        )}
        <Table<PostageRate & { i: number }>
          rowKey={(r) => `${r.mail_class}/${r.shape}`}
          size="small"
          pagination={false}
          dataSource={rates.map((r, i) => ({ ...r, i }))}
          columns={[
            {
              title: "Mail class",
              dataIndex: "mail_class",
              render: (c: keyof typeof TOOL_MAIL_CLASSES) => TOOL_MAIL_CLASSES[c] ?? c,
            },
            { title: "Shape", dataIndex: "shape" },
            {
              title: "Rate",
              dataIndex: "rate",
              render: (rate: number, r) =>
                admin ? (
                  <InputNumber
                    aria-label={`Rate for ${r.mail_class} ${r.shape}`}
                    min={0}
                    max={20}
                    step={0.001}
                    precision={3}
                    value={rate}
                    onChange={(v) => setRate(r.i, v)}
                  />
                ) : (
                  `$${rate}`
                ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
