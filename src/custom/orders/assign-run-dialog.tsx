// Gang the order's approved items onto an open run (POST orders/{id}/assign-run): the runs offered
// are those an approved item fits (same stock, colours and coating: GET orders/{id}/assignable-runs);
// the server applies the gang rule again and moves the items to Batched.
import { Alert, Checkbox, Empty, Form, Modal, Select, Spin } from "antd";
import { useState } from "react";
import { formatDateTime } from "../../components/fields/format";
import { useFetched } from "../../providers/use-fetched";
import type { DeskAnswer } from "./desk-answer";
import { errorText, useDeskCall } from "./use-desk-call";

interface AssignableRun {
  id: number;
  run_number: string;
  status: string | null;
  stock: string | null;
  color_spec: string | null;
  coating: string | null;
  due_at: string | null;
  fits: number[];
}

export function AssignRunDialog({
  desk,
  onClose,
  onDone,
}: {
  desk: DeskAnswer;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { data: candidates, query } = useFetched<AssignableRun[]>({
    url: `orders/${desk.order.id}/assignable-runs`,
    queryOptions: { queryKey: ["assignable-runs", desk.order.id, desk.order.version] },
    errorNotification: false,
  });
  const runs = candidates ?? [];
  const [runId, setRunId] = useState<number | undefined>();
  const [items, setItems] = useState<number[]>([]);
  const { call, pending } = useDeskCall();
  const [error, setError] = useState<string | null>(null);
  const run = runs.find((r) => r.id === runId);
  const numberOf = (id: number) => desk.items.find((i) => i.id === id)?.number ?? id;
  const submit = async () => {
    if (!run || items.length === 0) {
      setError("Choose a run and at least one item");
      return;
    }
    setError(null);
    try {
      await call(`orders/${desk.order.id}/assign-run`, {
        version: desk.order.version,
        run_id: run.id,
        items: items.map((item_id) => ({ item_id })),
      });
      onDone(`${items.length} item${items.length === 1 ? "" : "s"} ganged onto run ${run.run_number}`);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal
      open
      title={`Assign approved items of ${desk.order.order_number} to a run`}
      okText="Assign"
      okButtonProps={{ loading: pending, disabled: !run || items.length === 0 }}
      onOk={submit}
      cancelText="Back"
      onCancel={onClose}
      destroyOnHidden
    >
      {query.isLoading ? (
        <Spin />
      ) : runs.length === 0 ? (
        <Empty description="No open run takes these items: none shares their stock, colours and coating" />
      ) : (
        <Form layout="vertical">
          <Form.Item label="Run" required>
            <Select
              value={runId}
              onChange={(v: number) => {
                setRunId(v);
                setItems(runs.find((r) => r.id === v)?.fits ?? []);
              }}
              options={runs.map((r) => ({
                value: r.id,
                label: `${r.run_number} · ${r.status ?? ""} · ${r.stock ?? ""} ${r.color_spec ?? ""} ${r.coating ?? ""}${r.due_at ? ` · due ${formatDateTime(r.due_at)}` : ""}`,
              }))}
            />
          </Form.Item>
          {run && (
            <Form.Item label="Items">
              <Checkbox.Group
                value={items}
                onChange={(v) => setItems(v as number[])}
                options={run.fits.map((id) => ({ value: id, label: `Item ${numberOf(id)}` }))}
              />
            </Form.Item>
          )}
        </Form>
      )}
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Modal>
  );
}
