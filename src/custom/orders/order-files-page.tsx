// /order-files (Order ReadAny): every order's files, filtered by order, customer, kind and preflight
// result (the filters and page live in the URL); with an order chosen, a file can be uploaded to it.
import { type CrudFilter, useList } from "@refinedev/core";
import { Card, Flex, Select, Typography } from "antd";
import { useSearchParams } from "react-router";
import { can } from "../../access/permissions";
import { pageTotal } from "../../components/fields/format";
import { useIdSelect } from "../admin/use-id-select";
import { FILE_KIND_LABELS, FILE_KINDS } from "./file-kinds";
import { FileList, type OrderFile } from "./file-list";
import { FileUploadPanel } from "./file-upload-panel";
import { checkingEvery } from "./preflight-view";
import { useMergedPermissions } from "./use-merged-permissions";

const PREFLIGHT_OPTIONS = [
  { value: "pass", label: "Passed" },
  { value: "warn", label: "Warnings" },
  { value: "fail", label: "Failed" },
  { value: "none", label: "Not checked" },
];
const FILTERS = ["order_id", "customer_id", "kind", "preflight"] as const;

export default function OrderFilesPage() {
  const [params, setParams] = useSearchParams();
  const merged = useMergedPermissions();
  const value = (name: string) => params.get(name) ?? undefined;
  const idOf = (name: string) => (/^\d+$/.test(value(name) ?? "") ? Number(value(name)) : undefined);
  const page = idOf("page") ?? 1;
  const set = (name: string, next: string | number | undefined | null) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        if (next === undefined || next === null || next === "") copy.delete(name);
        else copy.set(name, String(next));
        if (name !== "page") copy.delete("page");
        return copy;
      },
      { replace: true },
    );
  const filters: CrudFilter[] = FILTERS.flatMap((field) =>
    value(field) ? [{ field, operator: "eq" as const, value: value(field) }] : [],
  );
  const { query, result } = useList<OrderFile>({
    resource: "order-files",
    meta: { path: "order-files" },
    filters,
    pagination: { currentPage: page, pageSize: 20 },
    queryOptions: {
      queryKey: ["order-files", params.toString()],
      refetchInterval: (q) => checkingEvery(q.state.data?.data),
    },
  });
  const orderId = idOf("order_id");
  const orders = useIdSelect<{ id: number; order_number: string }>(
    "Order",
    (o) => o.order_number,
    orderId ? [orderId] : [],
  );
  const customerId = idOf("customer_id");
  const customers = useIdSelect<{ id: number; name: string }>(
    "Customer",
    (c) => c.name,
    customerId ? [customerId] : [],
  );
  const mayUpload = can(merged, "Order", "UpdateAny") || can(merged, "Order", "Update");

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Order files
      </Typography.Title>
      <Flex gap={8} wrap role="search" aria-label="Filter files">
        <Select
          {...orders.selectProps}
          aria-label="Order"
          placeholder="Order"
          allowClear
          showSearch
          style={{ width: 180 }}
          value={orderId as never}
          onChange={(v) => set("order_id", v as unknown as number)}
        />
        <Select
          {...customers.selectProps}
          aria-label="Customer"
          placeholder="Customer"
          allowClear
          showSearch
          style={{ width: 220 }}
          value={customerId as never}
          onChange={(v) => set("customer_id", v as unknown as number)}
        />
        <Select
          aria-label="Kind"
          placeholder="Kind"
          allowClear
          style={{ width: 140 }}
          value={value("kind")}
          onChange={(v) => set("kind", v)}
          options={FILE_KINDS.map((k) => ({ value: k, label: FILE_KIND_LABELS[k] }))}
        />
        <Select
          aria-label="Preflight"
          placeholder="Preflight"
          allowClear
          style={{ width: 150 }}
          value={value("preflight")}
          onChange={(v) => set("preflight", v)}
          options={PREFLIGHT_OPTIONS}
        />
      </Flex>
      {mayUpload && orderId && (
        <Card size="small" title="Upload to this order">
          <FileUploadPanel orderId={orderId} items={[]} onUploaded={() => void query.refetch()} />
        </Card>
      )}
      <FileList
        files={result.data}
        loading={query.isLoading}
        showOrder
        canRerun={mayUpload}
        onChanged={() => void query.refetch()}
        pagination={{
          current: page,
          pageSize: 20,
          total: result.total,
          showSizeChanger: false,
          showTotal: pageTotal,
          onChange: (p) => set("page", p),
        }}
      />
    </Flex>
  );
}
