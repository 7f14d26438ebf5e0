// /inventories/quantity-change-logs: every change of an inventory item's on-hand quantity (when,
// who, which item, type, ± quantity, balance after, reference, note), newest first as the server
// sends them. The item filter and the page number live in the URL (?inventory_id=&page=), so a
// link from an item's page opens the log of that item.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { Flex, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { EMPTY, formatDateTime, formatNumber, formatSignedNumber } from "../../components/fields/format";
import { ReferenceSelect } from "../../components/fields/reference-select";
import { ReferenceValue } from "../../components/fields/reference-value";
import { labelFromName } from "../../resource-engine/fields";
import { QUANTITY_LOG_API_PATH } from "./quantity-change-log-route";

/** One entry of GET inventories/quantity-change-logs (server/resources/hooks/inventories.ts). */
export interface QuantityChange {
  id: number;
  inventory_id: number;
  at: string;
  user: { id: number; name: string } | null;
  type: string;
  quantity: number;
  balance_after: number;
  reference: string | null;
  note: string | null;
}

export const QUANTITY_LOG_PAGE_SIZE = 25;

const TYPE_COLOURS: Record<string, string> = {
  receive: "green",
  consume: "blue",
  adjust: "gold",
  count: "purple",
  transfer: "cyan",
  waste: "red",
};

function columns(inventoryIds: number[]): TableColumnsType<QuantityChange> {
  return [
    { key: "at", title: "When", dataIndex: "at", render: (at: string) => formatDateTime(at), width: 190 },
    { key: "user", title: "Who", render: (_, entry) => entry.user?.name ?? EMPTY, width: 160 },
    {
      key: "inventory",
      title: "Inventory item",
      dataIndex: "inventory_id",
      // One request for the whole page's items, shared by the cells.
      render: (id: number) => <ReferenceValue target="Inventory" value={id} batch={inventoryIds} />,
    },
    {
      key: "type",
      title: "Type",
      dataIndex: "type",
      render: (type: string) => <Tag color={TYPE_COLOURS[type]}>{labelFromName(type)}</Tag>,
      width: 110,
    },
    {
      key: "quantity",
      title: "Quantity",
      dataIndex: "quantity",
      align: "right",
      render: (quantity: number) => (
        <Typography.Text type={quantity < 0 ? "danger" : quantity > 0 ? "success" : undefined}>
          {formatSignedNumber(quantity)}
        </Typography.Text>
      ),
      width: 110,
    },
    {
      key: "balance_after",
      title: "Balance after",
      dataIndex: "balance_after",
      align: "right",
      render: (balance: number) => formatNumber(balance),
      width: 130,
    },
    { key: "reference", title: "Reference", dataIndex: "reference", render: (v) => v ?? EMPTY },
    { key: "note", title: "Note", dataIndex: "note", render: (v) => v ?? EMPTY },
  ];
}

export default function QuantityChangeLogPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const inventoryId = params.get("inventory_id") || undefined;
  const { result, query } = useList<QuantityChange>({
    resource: "Inventory",
    pagination: { currentPage: page, pageSize: QUANTITY_LOG_PAGE_SIZE },
    filters: inventoryId ? [{ field: "inventory_id", operator: "eq", value: inventoryId }] : [],
    meta: { path: QUANTITY_LOG_API_PATH },
  });
  const rows = result.data;
  const inventoryIds = useMemo(
    () => [...new Set(rows.map((entry) => entry.inventory_id))].sort((a, b) => a - b),
    [rows],
  );

  const update = (changes: Record<string, string | undefined>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return (
    <>
      <Link to="/inventories">
        <ArrowLeftOutlined /> Inventory
      </Link>
      <Typography.Title level={3} style={{ margin: "8px 0 16px" }}>
        Quantity log
      </Typography.Title>
      <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <label htmlFor="quantity-log-inventory">Inventory item</label>
        <ReferenceSelect
          id="quantity-log-inventory"
          target="Inventory"
          value={inventoryId}
          stringValues
          placeholder="All items"
          style={{ width: 320 }}
          onChange={(value) => update({ inventory_id: value ? String(value) : undefined, page: undefined })}
        />
      </Flex>
      <Table<QuantityChange>
        rowKey="id"
        columns={columns(inventoryIds)}
        dataSource={rows}
        loading={query.isLoading}
        scroll={{ x: true }}
        locale={{ emptyText: query.isLoading ? " " : "No quantity changes recorded yet" }}
        pagination={{
          current: page,
          pageSize: QUANTITY_LOG_PAGE_SIZE,
          total: result.total,
          showSizeChanger: false,
          onChange: (next) => update({ page: String(next) }),
        }}
      />
    </>
  );
}
