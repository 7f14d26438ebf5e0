// The order's change log on its page: the generic log's columns (change-log-page.tsx) over
// GET orders/{id}/change-logs, newest first, 25 to a page.
import { useList } from "@refinedev/core";
import { Table } from "antd";
import { useState } from "react";
import { type ChangeLogEntry, changeLogColumns } from "../../pages/resource/change-log-page";
import orders from "../../resources/orders";

const PAGE_SIZE = 25;

export function ChangeLogTab({ orderId }: { orderId: number }) {
  const [page, setPage] = useState(1);
  const { result, query } = useList<ChangeLogEntry>({
    resource: "Order",
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    meta: { path: `orders/${orderId}/change-logs` },
  });
  return (
    <Table<ChangeLogEntry>
      rowKey="id"
      size="small"
      columns={changeLogColumns(orders)}
      dataSource={result.data}
      loading={query.isLoading}
      scroll={{ x: true }}
      locale={{ emptyText: query.isLoading ? " " : "No changes recorded yet" }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: result.total,
        showSizeChanger: false,
        onChange: setPage,
      }}
    />
  );
}
