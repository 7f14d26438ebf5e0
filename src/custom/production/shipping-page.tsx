// /prepress/digital-shipping: orders released from staging, ready to ship; one action makes the
// packing slip of what is left to ship (server: POST production/shipping/{id}/packing-slip, the
// slip and its lines in one transaction under the packing slips' rules), then opens it.
import { CanAccess } from "@refinedev/core";
import { Button, Empty, Space, Table, Tag, Typography } from "antd";
import { Link } from "react-router";
import type { ShippingOrder } from "./queue-logic";
import { OrderLink, QueueFrame, useQueue } from "./queue-page";

const SHIP_METHODS: Record<string, string> = {
  pickup: "Pickup",
  local_delivery: "Local delivery",
  ground: "Ground",
  two_day: "Two day",
  overnight: "Overnight",
  freight: "Freight",
  mail: "Mail",
};

export default function ShippingPage() {
  const queue = useQueue<ShippingOrder>("shipping");
  return (
    <QueueFrame
      title="Digital shipping"
      intro="Complete orders, released from staging. Make the packing slip of what is left to ship; pack and ship it from the slip."
      loading={queue.query.isLoading}
      error={queue.query.isError ? String(queue.query.error?.message ?? "") : null}
      message={queue.message}
      onCloseMessage={queue.clearMessage}
    >
      {queue.rows.length === 0 ? (
        <Empty description="No order ready to ship" />
      ) : (
        <Table<ShippingOrder>
          rowKey="id"
          size="middle"
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 800 }}
          dataSource={queue.rows}
          columns={[
            {
              title: "Order",
              key: "order",
              render: (_, o) => (
                <Space size={4} wrap>
                  <OrderLink id={o.id} number={o.order_number} />
                  {o.rush && <Tag color="red">Rush</Tag>}
                </Space>
              ),
            },
            { title: "Customer", dataIndex: "customer" },
            { title: "Due", dataIndex: "due" },
            { title: "Ship by", key: "ship", render: (_, o) => SHIP_METHODS[o.ship_method ?? ""] ?? "—" },
            {
              title: "Items",
              key: "items",
              render: (_, o) => o.items.filter((i) => !i.cancelled).length,
            },
            {
              title: "Left to ship",
              dataIndex: "left_to_ship",
              align: "right",
              render: (n: number) => n.toLocaleString("en-US"),
            },
            {
              title: "Packing slips",
              key: "slips",
              render: (_, o) =>
                o.slips.length === 0 ? (
                  <Typography.Text type="secondary">None yet</Typography.Text>
                ) : (
                  <Space size={4} wrap>
                    {o.slips.map((s) => (
                      <Link key={s.id} to={`/packing-slips/${s.id}`}>
                        {s.slip_number} <Tag>{s.status}</Tag>
                      </Link>
                    ))}
                  </Space>
                ),
            },
            {
              title: "",
              key: "action",
              render: (_, o) => (
                <CanAccess resource="PackingSlip" action="create">
                  <Button
                    type="primary"
                    disabled={o.left_to_ship === 0 || queue.busy}
                    onClick={() =>
                      queue.post(`shipping/${o.id}/packing-slip`, {}, o.order_number, (data) => {
                        const slip = data as { id: number; slip_number: string };
                        return (
                          <span>
                            Packing slip <Link to={`/packing-slips/${slip.id}`}>{slip.slip_number}</Link> made
                            for {o.order_number}
                          </span>
                        );
                      })
                    }
                  >
                    Make packing slip
                  </Button>
                </CanAccess>
              ),
            },
          ]}
        />
      )}
    </QueueFrame>
  );
}
