// What the three order queues of /prepress share: their data (useCustom over the queue's
// endpoint, refreshed by the live provider), loading, error and empty states, the refusal or
// success of their one action, and how an order is named (a link to it for who may open orders).
import { CanAccess, type HttpError, useCustomMutation, useInvalidate } from "@refinedev/core";
import { Alert, Flex, Spin, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { canOpen } from "../../pages/resource/route-access";
import { useFetched } from "../../providers/use-fetched";
import orders from "../../resources/orders";
import { useLiveRefetch } from "./use-live-refetch";

/** The kinds a queue's answer is made of (it refetches when one of their records changes). */
const LIVE_KINDS = ["Order", "PackingSlip", "PurchaseOrder"];

export function useQueue<T>(path: string) {
  const { data: rows, query } = useFetched<T[]>({
    url: `production/${path}`,
    queryOptions: { queryKey: ["prepress-queue", path] },
  });
  useLiveRefetch(LIVE_KINDS, query.refetch);
  const [message, setMessage] = useState<{ type: "success" | "error"; text: ReactNode } | null>(null);
  const { mutate, mutation } = useCustomMutation();
  const invalidate = useInvalidate();
  /** POST production/{url}; `done` words the success, a refusal is shown as the server said it. */
  const post = (
    url: string,
    values: Record<string, unknown>,
    what: string,
    done: (data: unknown) => ReactNode,
  ) => {
    setMessage(null);
    mutate(
      {
        url: `production/${url}`,
        method: "post",
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: (response) => {
          setMessage({ type: "success", text: done(response.data) });
          void invalidate({ resource: "Order", invalidates: ["all"] });
          void query.refetch();
        },
        onError: (error: HttpError) => {
          setMessage({ type: "error", text: `${what}: ${error.message}` });
          void query.refetch();
        },
      },
    );
  };
  return {
    query,
    rows: rows ?? [],
    post,
    busy: mutation.isPending,
    message,
    clearMessage: () => setMessage(null),
  };
}

export function QueueFrame(props: {
  title: string;
  intro: string;
  loading: boolean;
  error: string | null;
  message: { type: "success" | "error"; text: ReactNode } | null;
  onCloseMessage: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { title, intro, loading, error, message, onCloseMessage, extra, children } = props;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {intro}
      </Typography.Paragraph>
      {message && (
        <Alert
          type={message.type}
          showIcon
          closable
          role={message.type === "error" ? "alert" : "status"}
          message={message.text}
          onClose={onCloseMessage}
        />
      )}
      {loading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin tip="Loading" />
        </Flex>
      ) : error ? (
        <Alert type="error" showIcon message={`${title} could not be loaded`} description={error} />
      ) : (
        children
      )}
    </Flex>
  );
}

/** An order's number, a link to its page for who may open orders. */
export function OrderLink({ id, number }: { id: number; number: string }) {
  return (
    <CanAccess {...canOpen(orders, "show", id)} fallback={<Typography.Text strong>{number}</Typography.Text>}>
      <Link to={`/orders/${id}`}>
        <Typography.Text strong>{number}</Typography.Text>
      </Link>
    </CanAccess>
  );
}
