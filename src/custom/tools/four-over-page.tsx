// /4-over-tool (issue 22): the order items that can go to the 4over trade printer (approved, their product
// mapped to a 4over product under Field maps) and those already sent, with 4over's job, status and tracking.
// A row opens /4-over-tool/{item id} to preview and send it. The state filter and the search stand in the address.
import { Alert, Empty, Flex, Input, Segmented, Table, Typography } from "antd";
import { Link } from "react-router";
import { useFetched } from "../../providers/use-fetched";
import { useSearchParam } from "../../routing/use-search-param";
import { ReadsEveryOrder } from "./four-over-access";
import {
  type FourOverItem,
  type FourOverList as ListAnswer,
  parseFourOverFilters,
  STATES,
} from "./four-over-api";
import { statusTag } from "./four-over-status";

export default function FourOverPage() {
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        4over trade printer
      </Typography.Title>
      <ReadsEveryOrder>
        <FourOverList />
      </ReadsEveryOrder>
    </Flex>
  );
}

function FourOverList() {
  const [params, setParam] = useSearchParam();
  const filters = parseFourOverFilters(params);
  const { data, query } = useFetched<ListAnswer>({ url: "four-over/items", config: { query: filters } });
  const rows = data?.rows ?? [];

  return (
    <Flex vertical gap={16}>
      {data && !data.configured && (
        <Alert
          type="warning"
          showIcon
          message={data.message}
          description={
            <span>
              Nothing can be sent or tracked until then.{" "}
              <Link to="/integrations" style={{ textDecoration: "underline" }}>
                Open Integrations
              </Link>
            </span>
          }
        />
      )}
      <Flex gap={12} wrap="wrap" role="search" aria-label="Filter 4over items">
        <Segmented
          aria-label="Which items"
          value={filters.state ?? "all"}
          onChange={(value) => setParam("state", value === "all" ? undefined : String(value))}
          options={[
            { value: "all", label: "All" },
            ...STATES.map((s) => ({ value: s.value, label: s.label })),
          ]}
        />
        <Input.Search
          aria-label="Search order or 4over job number"
          placeholder="Order or job number"
          allowClear
          defaultValue={filters.q}
          onSearch={(value) => setParam("q", value.trim() || undefined)}
          style={{ maxWidth: 280 }}
        />
      </Flex>
      <Table<FourOverItem>
        rowKey="item_id"
        size="middle"
        aria-label="Order items for 4over"
        loading={query.isLoading || query.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                filters.state || filters.q
                  ? "No items match these filters"
                  : "No items for 4over: approved items whose product is mapped to a 4over product (Field maps) show here"
              }
            />
          ),
        }}
        columns={[
          {
            title: "Order",
            dataIndex: "order_number",
            width: 130,
            render: (number: string, row) => <Link to={`/orders/${row.order_id}`}>{number}</Link>,
          },
          {
            title: "Item",
            dataIndex: "description",
            render: (description: string, row) => (
              <Link
                to={`/4-over-tool/${row.item_id}`}
                aria-label={`Open item ${row.item_number} of ${row.order_number}`}
              >
                {row.item_number}. {description}
              </Link>
            ),
          },
          { title: "Customer", dataIndex: "customer", width: 170 },
          {
            title: "Product",
            dataIndex: "product_name",
            width: 200,
            render: (name: string | null, row) => (
              <Flex vertical>
                <span>{name ?? "—"}</span>
                <Typography.Text type="secondary">{row.sku}</Typography.Text>
              </Flex>
            ),
          },
          {
            title: "4over product",
            dataIndex: "four_over_product",
            width: 170,
            render: (uuid: string | null) =>
              uuid ? (
                <Typography.Text code ellipsis={{ tooltip: uuid }}>
                  {uuid}
                </Typography.Text>
              ) : (
                "Not mapped"
              ),
          },
          { title: "Quantity", dataIndex: "quantity", width: 100, align: "right" },
          { title: "Status", dataIndex: "status", width: 150, render: statusTag },
          { title: "Job", dataIndex: "job_id", width: 150, render: (job: string | null) => job ?? "—" },
          { title: "Tracking", dataIndex: "tracking", width: 180, render: (t: string | null) => t ?? "—" },
        ]}
      />
    </Flex>
  );
}
