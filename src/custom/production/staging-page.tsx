// /prepress/digital-staging: the items of gang runs split back to their orders, each order with
// how complete it is ("3 of 4 items staged"); an order whose items are all in is released to
// shipping (server: POST production/staging/{id}/release checks it again). ?show=complete|waiting
// in the URL narrows the list.
import { CanAccess } from "@refinedev/core";
import { Button, Card, Empty, Flex, List, Progress, Segmented, Space, Tag, Typography } from "antd";
import { useSearchParams } from "react-router";
import { textColourOn } from "../../theme/contrast";
import { allIn, completeness, type StagingOrder } from "./queue-logic";
import { OrderLink, QueueFrame, useQueue } from "./queue-page";

type Show = "all" | "complete" | "waiting";

export default function StagingPage() {
  const [params, setParams] = useSearchParams();
  const show = (
    ["complete", "waiting"].includes(params.get("show") ?? "") ? params.get("show") : "all"
  ) as Show;
  const queue = useQueue<StagingOrder>("staging");
  const orders = queue.rows.filter((o) => show === "all" || (show === "complete") === allIn(o));
  return (
    <QueueFrame
      title="Digital staging"
      intro="Items come back here from their runs, order by order. When every item of an order is in, release it to shipping."
      loading={queue.query.isLoading}
      error={queue.query.isError ? String(queue.query.error?.message ?? "") : null}
      message={queue.message}
      onCloseMessage={queue.clearMessage}
      extra={
        <Segmented<Show>
          aria-label="Show"
          value={show}
          options={[
            { value: "all", label: "All" },
            { value: "complete", label: "All items in" },
            { value: "waiting", label: "Waiting for items" },
          ]}
          onChange={(value) => setParams(value === "all" ? {} : { show: value }, { replace: true })}
        />
      }
    >
      {orders.length === 0 ? (
        <Empty description="No order waiting in staging" />
      ) : (
        <List
          grid={{ gutter: 12, xs: 1, md: 2, xl: 3 }}
          dataSource={orders}
          renderItem={(order) => (
            <List.Item>
              <Card
                size="small"
                data-testid={`staging-${order.order_number}`}
                title={
                  <Space size={4} wrap>
                    <OrderLink id={order.id} number={order.order_number} />
                    {order.rush && <Tag color="red">Rush</Tag>}
                  </Space>
                }
                extra={order.due ? <Typography.Text type="secondary">due {order.due}</Typography.Text> : null}
              >
                <Typography.Text type="secondary">{order.customer}</Typography.Text>
                <Progress
                  percent={order.total ? Math.round((order.staged / order.total) * 100) : 0}
                  // The count in the text colour: antd colours it as the bar (its green fails AA contrast on white).
                  format={() => (
                    <span style={{ color: "rgba(0, 0, 0, 0.88)" }}>{`${order.staged}/${order.total}`}</span>
                  )}
                  status={allIn(order) ? "success" : "active"}
                  aria-label={completeness(order)}
                />
                <Typography.Text strong>{completeness(order)}</Typography.Text>
                <ul style={{ paddingLeft: 18, margin: "6px 0" }}>
                  {order.items.map((item) => (
                    <li key={item.id}>
                      <Flex justify="space-between" gap={8}>
                        <span style={item.cancelled ? { textDecoration: "line-through" } : undefined}>
                          {item.number}. {item.product ?? item.description} ·{" "}
                          {item.quantity.toLocaleString("en-US")}
                          {item.run_number ? ` · ${item.run_number}` : ""}
                        </span>
                        <Tag
                          color={item.staged ? "green" : (item.color ?? "default")}
                          style={{ color: item.staged ? undefined : textColourOn(item.color ?? undefined) }}
                        >
                          {item.status ?? "No status"}
                        </Tag>
                      </Flex>
                    </li>
                  ))}
                </ul>
                <CanAccess resource="Order" action="edit" params={{ id: order.id }}>
                  <Button
                    type="primary"
                    disabled={!allIn(order) || queue.busy}
                    title={allIn(order) ? undefined : `Waiting: ${completeness(order)}`}
                    onClick={() =>
                      queue.post(
                        `staging/${order.id}/release`,
                        { version: order.version },
                        order.order_number,
                        () => `${order.order_number} is released to shipping`,
                      )
                    }
                  >
                    Release to shipping
                  </Button>
                </CanAccess>
              </Card>
            </List.Item>
          )}
        />
      )}
    </QueueFrame>
  );
}
