// /orders/{order_id} (issue 19): the order page a customer-service representative works from. One
// answer from the server (GET orders/{id}/desk) fills the header, the items with their timelines and
// the tabs; live updates of the order and its payments, refunds, slips and mail orders refetch it.
// Actions are offered only when the user holds the permission (desk-access.ts) and the Status
// records allow them (desk-rules.ts); the server decides each again.
import { type HttpError, useSubscription } from "@refinedev/core";
import { Button, Flex, Result, Space, Spin, Tabs, Tooltip, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useProfile } from "../../auth/use-profile";
import { type Notice, NoticeAlert } from "../../components/notice-alert";
import { useFetched } from "../../providers/use-fetched";
import { AssignRunDialog } from "./assign-run-dialog";
import { ChangeLogTab } from "./change-log-tab";
import { deskAccess } from "./desk-access";
import type { DeskAnswer, DeskItemView } from "./desk-answer";
import { deskFetchProps } from "./desk-prefetch";
import { assignRefusal, CODES, type DeskItem, orderActionStates, reprintRefusal } from "./desk-rules";
import { FilesTab } from "./files-tab";
import { MoneyTab } from "./money-tab";
import { NotesTab } from "./notes-tab";
import { OrderHeader } from "./order-header";
import { OrderItems } from "./order-items";
import { PaymentDialog } from "./payment-dialog";
import { ReprintDialog } from "./reprint-dialog";
import { MailOrdersTab, SlipsTab } from "./shipping-tab";
import { type StatusAction, StatusActionDialog } from "./status-action-dialog";
import { StatusTag } from "./status-tag";
import { errorText, useDeskCall } from "./use-desk-call";
import { useMergedPermissions } from "./use-merged-permissions";
import { useOrderFiles } from "./use-order-files";

type Dialog =
  | { kind: StatusAction }
  | { kind: "payment" }
  | { kind: "assign" }
  | { kind: "reprint"; item: DeskItemView };

const TABS = ["files", "money", "slips", "mail", "notes", "log"] as const;
const LIVE_KINDS = ["Order", "UserPayment", "RefundApproval", "PackingSlip", "MailOrder"] as const;

/** The desk's items as the rules read them. */
export function deskItemsOf(desk: DeskAnswer): DeskItem[] {
  return desk.items.map((view) => {
    const record = desk.order.items.find((i) => i.id === view.id);
    return {
      id: view.id,
      number: view.number,
      description: String(record?.description ?? ""),
      item_status_id: (record?.item_status_id as number | null) ?? null,
      run: view.run ? { id: view.run.id, number: view.run.number, open: view.run.open } : null,
    };
  });
}

function Guarded({ why, children }: { why: string | undefined; children: ReactNode }) {
  return why ? <Tooltip title={why}>{children}</Tooltip> : children;
}

function LiveKind({
  kind,
  id,
  onChange,
}: {
  kind: (typeof LIVE_KINDS)[number];
  id: number;
  onChange: () => void;
}) {
  useSubscription({
    channel: `resources/${kind}`,
    types: ["*"],
    params: kind === "Order" ? { ids: [id], subscriptionType: "useOne" } : { subscriptionType: "useList" },
    onLiveEvent: onChange,
  });
  return null;
}

export default function OrderDeskPage() {
  const { order_id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const merged = useMergedPermissions();
  const profile = useProfile();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { call, pending } = useDeskCall();
  const { data: desk, query } = useFetched<DeskAnswer>(deskFetchProps(order_id));
  const refetch = () => void query.refetch();
  // The items' thumbnails: the same query as the Files tab's, asked once the order is known to exist.
  const { files } = useOrderFiles(Number(order_id), Boolean(desk));

  if (query.isError) {
    const notFound = (query.error as HttpError | null)?.statusCode === 404;
    return (
      <Result
        status={notFound ? "404" : "warning"}
        title={notFound ? "This order does not exist" : "This order could not be loaded"}
        subTitle={
          notFound ? "It may have been deleted, or the address is not right." : errorText(query.error)
        }
        extra={<Link to="/orders">Back to orders</Link>}
      />
    );
  }
  if (!desk) return <Spin size="large" style={{ display: "block", margin: "64px auto" }} />;

  const { order } = desk;
  const userId = typeof profile?.id === "number" ? profile.id : null;
  const access = deskAccess(merged, (order.owner_id as number | null) ?? null, userId);
  const items = deskItemsOf(desk);
  const desk0 = { order_number: order.order_number, status_id: (order.status_id as number | null) ?? null };
  const states = orderActionStates(desk0, items, desk.statuses.order, desk.statuses.order_item);
  const status = desk.statuses.order.find((s) => s.id === order.status_id);
  const onHold = status?.code === CODES.hold;
  const cancelled = status?.category === "cancelled";
  const assignable = items.filter((i) => assignRefusal(desk0, i, desk.statuses.order_item) === undefined);
  const done = (text: string) => {
    setDialog(null);
    setNotice({ type: "success", text });
    refetch();
  };
  const makeSlip = async () => {
    setNotice(null);
    try {
      const slip = await call<{ id: number }>(`orders/${order.id}/packing-slips`);
      navigate(`/packing-slips/${slip.id}`);
    } catch (e) {
      setNotice({ type: "error", text: errorText(e) });
    }
  };
  const tab = TABS.find((t) => t === params.get("tab")) ?? "money";

  return (
    <>
      {LIVE_KINDS.map((kind) => (
        <LiveKind key={kind} kind={kind} id={order.id} onChange={refetch} />
      ))}
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={4}>
          <Link to="/orders">← Orders</Link>
          <Space wrap>
            <Typography.Title level={3} style={{ margin: 0 }}>
              Order {order.order_number}
            </Typography.Title>
            <StatusTag status={status} />
          </Space>
        </Space>
        <Space wrap>
          {access.update && !onHold && (
            <Guarded why={states.hold}>
              <Button disabled={states.hold !== undefined} onClick={() => setDialog({ kind: "hold" })}>
                Hold
              </Button>
            </Guarded>
          )}
          {access.update && onHold && <Button onClick={() => setDialog({ kind: "release" })}>Release</Button>}
          {access.payment && (
            <Guarded
              why={
                cancelled
                  ? "A cancelled order takes no payments"
                  : Number(order.amount_due) <= 0
                    ? "Nothing is due"
                    : undefined
              }
            >
              <Button
                disabled={cancelled || Number(order.amount_due) <= 0}
                onClick={() => setDialog({ kind: "payment" })}
              >
                Take payment
              </Button>
            </Guarded>
          )}
          {access.assign && assignable.length > 0 && (
            <Button onClick={() => setDialog({ kind: "assign" })}>Assign to run</Button>
          )}
          {access.makeSlip && !cancelled && (
            <Button loading={pending} onClick={makeSlip}>
              Make packing slip
            </Button>
          )}
          {/* A tab of its own: a fresh page load in the print layout (as the run print-outs open). */}
          <Button href={`/orders/${order.id}/job-ticket`} target="_blank">
            Job ticket
          </Button>
          {access.planning && (
            <Button onClick={() => navigate(`/orders/${order.id}/edit-planning-sections`)}>Planning</Button>
          )}
          {access.manageDrops && (desk.mail_orders?.length ?? 0) > 0 && (
            <Button onClick={() => navigate(`/orders/manage-mail-drops/${order.id}`)}>Mail drops</Button>
          )}
          {access.update && <Button onClick={() => navigate(`/orders/${order.id}/edit`)}>Edit</Button>}
          {access.update && !cancelled && (
            <Guarded why={states.cancel}>
              <Button
                danger
                disabled={states.cancel !== undefined}
                onClick={() => setDialog({ kind: "cancel" })}
              >
                Cancel order
              </Button>
            </Guarded>
          )}
        </Space>
      </Flex>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      <OrderHeader desk={desk} />
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        Items
      </Typography.Title>
      <OrderItems
        desk={desk}
        reprintWhy={
          access.update
            ? (id) =>
                reprintRefusal(desk0, items.find((i) => i.id === id) as DeskItem, desk.statuses.order_item)
            : null
        }
        onReprint={(item) => setDialog({ kind: "reprint", item })}
        files={files}
      />
      <Tabs
        style={{ marginTop: 24 }}
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.set("tab", key);
              return next;
            },
            { replace: true },
          )
        }
        items={[
          {
            key: "files",
            label: "Files",
            children: (
              <FilesTab
                orderId={order.id as number}
                orderVersion={order.version as number}
                items={items.map((i) => ({ id: i.id, label: `Item ${i.number}: ${i.description}` }))}
                canUpload={access.update}
                onOrderChanged={refetch}
              />
            ),
          },
          { key: "money", label: "Payments and refunds", children: <MoneyTab desk={desk} /> },
          {
            key: "slips",
            label: "Packing slips",
            children: <SlipsTab desk={desk} openSlip={access.openSlip} />,
          },
          {
            key: "mail",
            label: "Mail orders",
            children: <MailOrdersTab desk={desk} openSlip={access.openSlip} />,
          },
          {
            key: "notes",
            label: "Notes",
            children: <NotesTab desk={desk} editable={access.update} onSaved={refetch} />,
          },
          { key: "log", label: "Change log", children: <ChangeLogTab orderId={order.id} /> },
        ]}
      />
      {dialog && (dialog.kind === "hold" || dialog.kind === "release" || dialog.kind === "cancel") && (
        <StatusActionDialog desk={desk} action={dialog.kind} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === "payment" && (
        <PaymentDialog desk={desk} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === "assign" && (
        <AssignRunDialog desk={desk} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === "reprint" && (
        <ReprintDialog
          desk={desk}
          item={dialog.item}
          mayRefund={access.refund}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
    </>
  );
}
