// An operator's actions on a run, for the station boards and the run page: the call
// (POST runs/{id}/actions/{action}), the dialog that asks a reason (pause, hold) or the good
// quantity and waste (complete), and the refusal the server answers (409 with both statuses, or
// the holder's name), shown as it is said.
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { Form, Input, InputNumber, Modal } from "antd";
import {
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { can } from "../../access/permissions";
import { useProfile } from "../../auth/use-profile";
import { getMergedPermissions, onPermissionsChange } from "../../providers/access-control";
import type { ActionContext, BoardCard, BoardStation, BoardStatus } from "./board-logic";
import { type BoardDeclaration, NEEDS_REASON, type OperatorAction } from "./boards";
import { ACTION_LABELS } from "./run-card";

interface Pending {
  card: BoardCard;
  action: OperatorAction;
}

function ActionModal(props: {
  pending: Pending | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: Record<string, unknown>) => void;
}) {
  const { pending, busy, onCancel, onSubmit } = props;
  const [form] = Form.useForm();
  useEffect(() => {
    if (pending) form.resetFields();
  }, [pending, form]);
  if (!pending) return null;
  const { card, action } = pending;
  return (
    <Modal
      open
      title={`${ACTION_LABELS[action]} run ${card.run_number}`}
      okText={ACTION_LABELS[action]}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={onSubmit}
        initialValues={{ good_quantity: card.quantity, waste: 0 }}
      >
        {NEEDS_REASON.has(action) && (
          <Form.Item
            name="reason"
            label="Reason"
            rules={[{ required: true, whitespace: true, message: "Say why" }]}
          >
            <Input autoFocus maxLength={500} />
          </Form.Item>
        )}
        {action === "complete" && (
          <>
            <Form.Item
              name="good_quantity"
              label="Good quantity"
              rules={[{ required: true, message: "Enter the good quantity" }]}
            >
              <InputNumber autoFocus min={0} max={10_000_000} precision={0} style={{ width: "100%" }} />
            </Form.Item>
            <Form.Item name="waste" label="Waste" rules={[{ required: true, message: "Enter the waste" }]}>
              <InputNumber min={0} max={10_000_000} precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </>
        )}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}

/**
 * What decides a card's buttons: the board, the run statuses and stations, the user and their Run
 * Tasks / UpdateEndStatus. One object while none of it changes (the memoised cards keep it).
 */
type Statuses = readonly BoardStatus[] | undefined;
type Stations = readonly BoardStation[] | undefined;
export function useActionContext(
  board: BoardDeclaration,
  statuses: Statuses,
  stations: Stations,
): ActionContext;
export function useActionContext(
  board: BoardDeclaration | undefined,
  statuses: Statuses,
  stations: Stations,
): ActionContext | null;
export function useActionContext(
  board: BoardDeclaration | undefined,
  statuses: Statuses,
  stations: Stations,
): ActionContext | null {
  const profile = useProfile();
  const merged = useSyncExternalStore(onPermissionsChange, getMergedPermissions, getMergedPermissions);
  const userId = typeof profile?.id === "number" ? profile.id : null;
  const tasks = can(merged, "Run", "Tasks");
  const endStatus = can(merged, "Run", ["Tasks", "UpdateEndStatus"]);
  return useMemo(
    () =>
      board ? { board, statuses: statuses ?? [], stations: stations ?? [], userId, tasks, endStatus } : null,
    [board, statuses, stations, userId, tasks, endStatus],
  );
}

export interface RunActions {
  /** One callback for the whole board (the memoised cards keep it). */
  request: (card: BoardCard, action: OperatorAction) => void;
  modal: ReactNode;
  conflict: string | null;
  clearConflict: () => void;
  busy: boolean;
}

/** `refresh` after every answer; `onDone` with the run's id after a success. */
export function useRunActions(refresh: () => void, onDone?: (runId: number) => void): RunActions {
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const send = (card: BoardCard, action: OperatorAction, values: Record<string, unknown> = {}) => {
    setConflict(null);
    mutate(
      {
        url: `runs/${card.id}/actions/${action}`,
        method: "post",
        values: { version: card.version, ...values },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setPending(null);
          onDone?.(card.id);
          void invalidate({ resource: "Run", invalidates: ["all"] });
          refresh();
        },
        onError: (error) => {
          setPending(null);
          setConflict(`Run ${card.run_number}: ${error.message}`);
          refresh();
        },
      },
    );
  };
  // The latest send behind a callback that never changes.
  const sendRef = useRef(send);
  sendRef.current = send;
  const request = useCallback((card: BoardCard, action: OperatorAction) => {
    if (NEEDS_REASON.has(action) || action === "complete") setPending({ card, action });
    else sendRef.current(card, action);
  }, []);
  return {
    request,
    conflict,
    clearConflict: () => setConflict(null),
    busy: mutation.isPending,
    modal: (
      <ActionModal
        pending={pending}
        busy={mutation.isPending}
        onCancel={() => setPending(null)}
        onSubmit={(values) => pending && sendRef.current(pending.card, pending.action, values)}
      />
    ),
  };
}
