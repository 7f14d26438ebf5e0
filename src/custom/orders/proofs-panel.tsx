// The order's proofs on the Files tab: each item's proof history (proof number, file, sent when, by
// whom and to which address, the customer's answer, who recorded it and the comment), "Send proof"
// (an artwork, print-ready or proof file of the item goes to the customer as its next proof) and
// "Record answer" on an item's latest proof still waiting (a rejection needs a comment).
import { SendOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Form, Input, Modal, Radio, Select, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs from "dayjs";
import { useState } from "react";
import { useFetched } from "../../providers/use-fetched";
import type { OrderFile } from "./file-list";
import { FileThumbnail } from "./file-thumbnail";
import { errorText, useDeskCall } from "./use-desk-call";

export interface ProofRow {
  id: number;
  order_item_id: number;
  proof_no: number;
  file_id: number;
  file_name: string;
  sent_to: string;
  sent_at: string;
  sent_by_name: string | null;
  decision: "approved" | "rejected" | null;
  decided_at: string | null;
  decided_by_name: string | null;
  comment: string | null;
}

const PROOF_KINDS = ["artwork", "print_ready", "proof"];
const when = (at: string) => dayjs(at).format("MMM D, YYYY h:mm A");

/** The files that may go out as an item's proof: artwork, print-ready or proof, of the item or of none. */
export function proofFiles(files: OrderFile[], itemId: number | undefined): OrderFile[] {
  return files.filter(
    (f) =>
      PROOF_KINDS.includes(f.kind) &&
      (f.order_item_id === null || f.order_item_id === undefined || f.order_item_id === itemId),
  );
}

/** The proofs still waiting for an answer: each item's latest, when undecided. */
export function awaitingAnswer(proofs: ProofRow[]): Set<number> {
  const latest = new Map<number, ProofRow>();
  for (const p of proofs) {
    const seen = latest.get(p.order_item_id);
    if (!seen || p.proof_no > seen.proof_no) latest.set(p.order_item_id, p);
  }
  return new Set([...latest.values()].filter((p) => !p.decision).map((p) => p.id));
}

export function ProofsPanel({
  orderId,
  orderVersion,
  items,
  files,
  canUpdate,
  onOrderChanged,
}: {
  orderId: number;
  orderVersion: number;
  items: { id: number; label: string }[];
  files: OrderFile[];
  canUpdate: boolean;
  onOrderChanged(): void;
}) {
  const { data, query } = useFetched<ProofRow[]>({
    url: `orders/${orderId}/proofs`,
    queryOptions: { queryKey: ["order-proofs", orderId] },
  });
  const proofs = data ?? [];
  const [sending, setSending] = useState(false);
  const [answering, setAnswering] = useState<ProofRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const waiting = awaitingAnswer(proofs);
  const itemLabel = (id: number) => items.find((i) => i.id === id)?.label ?? `Item ${id}`;
  const done = (text: string) => {
    setSending(false);
    setAnswering(null);
    setNotice(text);
    void query.refetch();
    onOrderChanged();
  };
  const columns: ColumnsType<ProofRow> = [
    { title: "Item", key: "item", render: (_, p) => itemLabel(p.order_item_id), ellipsis: true },
    { title: "Proof", dataIndex: "proof_no", width: 80, render: (n: number) => `Proof ${n}` },
    {
      title: "File",
      key: "file",
      render: (_, p) => (
        <Flex gap={8} align="center">
          <FileThumbnail file={files.find((f) => f.id === p.file_id) ?? { name: p.file_name }} />
          <Typography.Text ellipsis>{p.file_name}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: "Sent",
      key: "sent",
      render: (_, p) => `${when(p.sent_at)} · ${p.sent_by_name ?? "—"} · to ${p.sent_to}`,
    },
    {
      title: "Answer",
      key: "decision",
      width: 120,
      render: (_, p) =>
        p.decision === "approved" ? (
          <Tag color="success">Approved</Tag>
        ) : p.decision === "rejected" ? (
          <Tag color="error">Rejected</Tag>
        ) : waiting.has(p.id) ? (
          <Tag color="warning">Awaiting answer</Tag>
        ) : (
          <Tag>Replaced</Tag>
        ),
    },
    {
      title: "Recorded",
      key: "decided",
      render: (_, p) => (p.decided_at ? `${when(p.decided_at)} · ${p.decided_by_name ?? "—"}` : "—"),
    },
    { title: "Comment", dataIndex: "comment", render: (c: string | null) => c ?? "—" },
    ...(canUpdate
      ? ([
          {
            title: "Actions",
            key: "actions",
            width: 150,
            render: (_, p) =>
              waiting.has(p.id) ? (
                <Button size="small" onClick={() => setAnswering(p)}>
                  Record answer
                </Button>
              ) : null,
          },
        ] as ColumnsType<ProofRow>)
      : []),
  ];
  return (
    <Flex vertical gap={8} style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Proofs
        </Typography.Title>
        {canUpdate && (
          <Button icon={<SendOutlined />} onClick={() => setSending(true)}>
            Send proof
          </Button>
        )}
      </Flex>
      {notice && <Alert type="success" showIcon message={notice} closable onClose={() => setNotice(null)} />}
      <Table<ProofRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={proofs}
        loading={query.isLoading}
        pagination={false}
        scroll={{ x: 900 }}
        aria-label="Proofs"
        locale={{ emptyText: "No proofs sent yet" }}
      />
      {sending && (
        <SendProofDialog
          orderId={orderId}
          orderVersion={orderVersion}
          items={items}
          files={files}
          onClose={() => setSending(false)}
          onDone={done}
        />
      )}
      {answering && (
        <AnswerDialog
          orderId={orderId}
          orderVersion={orderVersion}
          proof={answering}
          itemLabel={itemLabel(answering.order_item_id)}
          onClose={() => setAnswering(null)}
          onDone={done}
        />
      )}
    </Flex>
  );
}

function SendProofDialog({
  orderId,
  orderVersion,
  items,
  files,
  onClose,
  onDone,
}: {
  orderId: number;
  orderVersion: number;
  items: { id: number; label: string }[];
  files: OrderFile[];
  onClose(): void;
  onDone(text: string): void;
}) {
  const [form] = Form.useForm<{ item_id: number; file_id: number }>();
  const itemId = Form.useWatch("item_id", form) as number | undefined;
  const { call, pending } = useDeskCall();
  const [error, setError] = useState<string | null>(null);
  const choices = proofFiles(files, itemId);
  const submit = async (values: { item_id: number; file_id: number }) => {
    setError(null);
    try {
      const answer = await call<{ proof: { proof_no: number; sent_to: string } }>(
        `orders/${orderId}/items/${values.item_id}/proofs`,
        { version: orderVersion, file_id: values.file_id },
      );
      onDone(`Proof ${answer.proof.proof_no} sent to ${answer.proof.sent_to}`);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal
      open
      title="Send a proof to the customer"
      okText="Send proof"
      okButtonProps={{ loading: pending, htmlType: "submit", form: "send-proof" }}
      cancelText="Back"
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        The customer gets an email with a link to the file. The item waits for their approval before it is
        printed.
      </Typography.Paragraph>
      <Form form={form} id="send-proof" layout="vertical" onFinish={submit}>
        <Form.Item name="item_id" label="Item" rules={[{ required: true, message: "Choose the item" }]}>
          <Select options={items.map((i) => ({ value: i.id, label: i.label }))} />
        </Form.Item>
        <Form.Item
          name="file_id"
          label="File"
          rules={[{ required: true, message: "Choose the file to send" }]}
        >
          <Select
            disabled={!itemId}
            notFoundContent="No artwork, print-ready or proof file for this item yet"
            options={choices.map((f) => ({ value: f.id, label: f.name }))}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Modal>
  );
}

function AnswerDialog({
  orderId,
  orderVersion,
  proof,
  itemLabel,
  onClose,
  onDone,
}: {
  orderId: number;
  orderVersion: number;
  proof: ProofRow;
  itemLabel: string;
  onClose(): void;
  onDone(text: string): void;
}) {
  const [form] = Form.useForm<{ decision: "approved" | "rejected"; comment?: string }>();
  const decision = Form.useWatch("decision", form);
  const { call, pending } = useDeskCall();
  const [error, setError] = useState<string | null>(null);
  const submit = async (values: { decision: "approved" | "rejected"; comment?: string }) => {
    setError(null);
    try {
      await call(`orders/${orderId}/items/${proof.order_item_id}/proofs/${proof.id}/decision`, {
        version: orderVersion,
        decision: values.decision,
        ...(values.comment?.trim() ? { comment: values.comment.trim() } : {}),
      });
      onDone(`Proof ${proof.proof_no}: ${values.decision === "approved" ? "approved" : "rejected"}`);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal
      open
      title={`The customer's answer to proof ${proof.proof_no}`}
      okText="Record answer"
      okButtonProps={{ loading: pending, htmlType: "submit", form: "proof-answer" }}
      cancelText="Back"
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {itemLabel}. Approval starts the turnaround: the due date counts from now.
      </Typography.Paragraph>
      <Form form={form} id="proof-answer" layout="vertical" onFinish={submit}>
        <Form.Item name="decision" label="Answer" rules={[{ required: true, message: "Choose the answer" }]}>
          <Radio.Group
            options={[
              { value: "approved", label: "Approved" },
              { value: "rejected", label: "Rejected" },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="comment"
          label={decision === "rejected" ? "What should change?" : "Comment (optional)"}
          rules={
            decision === "rejected"
              ? [{ required: true, whitespace: true, message: "Say what the customer wants changed" }]
              : []
          }
        >
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Modal>
  );
}
