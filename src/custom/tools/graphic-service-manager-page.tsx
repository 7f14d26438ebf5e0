// /graphic-service-manager (issue 22, Order UpdateAny): the queue of design requests (order items with a
// design request) with their order, customer, what is asked, designer, due date, proofs sent and hours
// logged. A designer and a due date are set in the row; Log hours adds the hours to the item and bills them
// as a Service line on the order (server/tools/graphic-services.ts); proofs are sent from the order's Files
// tab, which the row links to. Filters (designer, status) and the due-date order stand in the address.
import {
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  InputNumber,
  Modal,
  Select,
  Table,
  Tag,
  Typography,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { Link } from "react-router";
import { useFetched } from "../../providers/use-fetched";
import { useSearchParam } from "../../routing/use-search-param";
import { DESIGN_STATUSES, type DesignRequest, parseQueueFilters } from "./design-queue";
import { changeDesign, type DesignChange, logDesignHours } from "./graphic-services-api";

interface Queue {
  rows: DesignRequest[];
  designers: { id: number; name: string }[];
}

const statusOf = (value: string) => DESIGN_STATUSES.find((s) => s.value === value);

function HoursDialog({
  row,
  onClose,
  onLogged,
}: {
  row: DesignRequest;
  onClose: () => void;
  onLogged: () => void;
}) {
  const [form] = Form.useForm<{ hours: number }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ hours }: { hours: number }) => {
    setSaving(true);
    try {
      const answer = await logDesignHours(row.order_id, row.item_id, row.order_version, hours);
      if (answer) onLogged();
    } catch {
      // The http client showed the server's sentence; the dialog stays open to correct it.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`Log design hours: ${row.order_number}, item ${row.item_number}`}
      okText="Log hours"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The hours are added to the item and billed on the order as a Graphic design line at the shop's hourly
        rate.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ hours: 0.5 }}>
        <Form.Item
          name="hours"
          label="Hours worked"
          rules={[
            { required: true, message: "Enter the hours worked" },
            {
              validator: (_rule, value: number | null) =>
                value === null ||
                value === undefined ||
                (value > 0 && value <= 100 && Number.isInteger(value * 4))
                  ? Promise.resolve()
                  : Promise.reject(new Error("Enter quarter hours between 0.25 and 100")),
            },
          ]}
        >
          <InputNumber min={0.25} max={100} step={0.25} addonAfter="h" style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function GraphicServiceManagerPage() {
  const [params, setParam] = useSearchParam();
  const filters = parseQueueFilters(params);
  const [logging, setLogging] = useState<DesignRequest | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const query: Record<string, string> = { sort: filters.sort };
  if (filters.designer !== undefined) query.designer = String(filters.designer);
  if (filters.status) query.status = filters.status;
  const { data, query: fetch } = useFetched<Queue>({ url: "graphic-services", config: { query } });
  const rows = data?.rows ?? [];
  const designers = data?.designers ?? [];
  const filtered = filters.designer !== undefined || filters.status !== undefined;

  const change = async (row: DesignRequest, body: DesignChange) => {
    setBusy(row.item_id);
    try {
      await changeDesign(row.order_id, row.item_id, row.order_version, body);
    } catch {
      // Shown by the http client (a 409 says to reload); the queue is read again below either way.
    } finally {
      setBusy(null);
      await fetch.refetch();
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Graphic service manager
      </Typography.Title>
      <Flex gap={12} wrap="wrap" role="search" aria-label="Filter design requests">
        <Select
          aria-label="Designer"
          style={{ minWidth: 200 }}
          allowClear
          placeholder="All designers"
          value={filters.designer === undefined ? undefined : String(filters.designer)}
          onChange={(value?: string) => setParam("designer", value)}
          options={[
            { value: "none", label: "Unassigned" },
            ...designers.map((d) => ({ value: String(d.id), label: d.name })),
          ]}
        />
        <Select
          aria-label="Status"
          style={{ minWidth: 160 }}
          allowClear
          placeholder="Every status"
          value={filters.status}
          onChange={(value?: string) => setParam("status", value)}
          options={DESIGN_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
        />
      </Flex>
      <Table<DesignRequest>
        rowKey="item_id"
        size="middle"
        aria-label="Design requests"
        loading={fetch.isLoading || fetch.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 1200 }}
        onChange={(_p, _f, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          setParam("sort", one?.order === "descend" ? "-due" : undefined);
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                filtered
                  ? "No design requests match these filters"
                  : "No design requests: add one to an order's item (Design request) and it shows here"
              }
            />
          ),
        }}
        columns={[
          {
            title: "Order",
            dataIndex: "order_number",
            width: 120,
            render: (number: string, row) => <Link to={`/orders/${row.order_id}`}>{number}</Link>,
          },
          { title: "Customer", dataIndex: "customer", width: 170 },
          {
            title: "Request",
            dataIndex: "request",
            render: (request: string, row) => (
              <Flex vertical gap={2}>
                <Typography.Text type="secondary">
                  Item {row.item_number}: {row.description}
                </Typography.Text>
                <Typography.Paragraph style={{ margin: 0, whiteSpace: "pre-wrap" }} ellipsis={{ rows: 3 }}>
                  {request}
                </Typography.Paragraph>
              </Flex>
            ),
          },
          {
            title: "Status",
            dataIndex: "status",
            width: 120,
            render: (value: string) => {
              const status = statusOf(value);
              return <Tag color={status?.color}>{status?.label ?? value}</Tag>;
            },
          },
          {
            title: "Designer",
            dataIndex: "designer_id",
            width: 190,
            render: (designerId: number | null, row) => (
              <Select
                aria-label={`Designer of ${row.order_number} item ${row.item_number}`}
                style={{ width: "100%" }}
                allowClear
                placeholder="Assign a designer"
                disabled={busy === row.item_id}
                value={designerId ?? undefined}
                onChange={(value?: number) => change(row, { designer_id: value ?? null })}
                options={designers.map((d) => ({ value: d.id, label: d.name }))}
              />
            ),
          },
          {
            title: "Due",
            dataIndex: "design_due",
            key: "due",
            width: 160,
            sorter: true,
            sortOrder: filters.sort === "-due" ? "descend" : "ascend",
            sortDirections: ["ascend", "descend", "ascend"],
            render: (due: string | null, row) => (
              <DatePicker
                aria-label={`Design due date of ${row.order_number} item ${row.item_number}`}
                format="YYYY-MM-DD"
                disabled={busy === row.item_id}
                value={due ? dayjs(due) : null}
                onChange={(next: Dayjs | null) =>
                  change(row, { design_due: next ? next.format("YYYY-MM-DD") : null })
                }
              />
            ),
          },
          {
            title: "Proofs sent",
            dataIndex: "proofs_sent",
            width: 120,
            render: (sent: number, row) => (
              <Link to={`/orders/${row.order_id}?tab=files`} aria-label={`Proofs of ${row.order_number}`}>
                {sent === 0 ? "Send a proof" : `${sent} sent`}
              </Link>
            ),
          },
          {
            title: "Hours",
            dataIndex: "hours",
            width: 150,
            render: (hours: number, row) => (
              <Flex gap={8} align="center">
                <span>{hours} h</span>
                <Button size="small" onClick={() => setLogging(row)}>
                  Log hours
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      {logging && (
        <HoursDialog
          row={logging}
          onClose={() => setLogging(null)}
          onLogged={() => {
            setLogging(null);
            void fetch.refetch();
          }}
        />
      )}
    </Flex>
  );
}
