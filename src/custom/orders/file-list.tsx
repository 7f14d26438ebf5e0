// The order files' table, on the order page's Files tab and on /order-files: thumbnail and name (download
// through a link that expires, asked for on click), kind, preflight result, order and customer, size, who
// uploaded it and when.
import { DownloadOutlined } from "@ant-design/icons";
import { type BaseRecord, useDataProvider } from "@refinedev/core";
import { App, Button, Flex, Table } from "antd";
import type { ColumnsType, TablePaginationConfig } from "antd/es/table";
import dayjs from "dayjs";
import { Link } from "react-router";
import { FILE_KIND_LABELS, type FileKind } from "./file-kinds";
import { fileHref } from "./file-links";
import { FileThumbnail } from "./file-thumbnail";
import { PreflightDetails, PreflightTag, RerunButton } from "./preflight-checks";
import type { PreflightCheck } from "./preflight-view";
import { errorText, useDeskCall } from "./use-desk-call";

export interface OrderFile extends BaseRecord {
  id: number;
  order_id: number;
  order_number: string;
  customer_id: number;
  customer_name: string | null;
  order_item_id?: number | null;
  kind: FileKind;
  name: string;
  size: number;
  content_type: string;
  preflight_result: "pass" | "warn" | "fail" | null;
  preflight: PreflightCheck[] | null;
  uploaded_by_name: string | null;
  created_at: string;
  /** The thumbnail's signed link; null while there is none (server/files/thumbnails.ts). */
  thumbnail: { url: string; expires_at: string } | null;
}

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function DownloadButton({ file }: { file: OrderFile }) {
  const data = useDataProvider();
  const { message } = App.useApp();
  const open = async () => {
    try {
      const answer = await data().custom?.({ url: `order-files/${file.id}/link`, method: "get" });
      const link = (answer?.data as { url: string } | undefined)?.url;
      if (link) window.location.assign(fileHref(link));
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  return (
    // A link button keeps its text on one line: a long name ran over the Kind column on a narrow table.
    <Button
      type="link"
      icon={<DownloadOutlined />}
      onClick={open}
      style={{
        padding: 0,
        height: "auto",
        whiteSpace: "normal",
        textAlign: "left",
        overflowWrap: "anywhere",
      }}
    >
      {file.name}
    </Button>
  );
}

export function FileList({
  files,
  loading,
  showOrder,
  pagination,
  canRerun,
  onChanged,
}: {
  files: OrderFile[];
  loading: boolean;
  showOrder: boolean;
  pagination: TablePaginationConfig | false;
  /** The caller may change every order listed: offer "Run preflight again". */
  canRerun: boolean;
  onChanged(): void;
}) {
  const { call, pending } = useDeskCall();
  const { message } = App.useApp();
  const rerun = async (file: { id: number }) => {
    try {
      await call(`order-files/${file.id}/preflight`);
      onChanged();
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  const columns: ColumnsType<OrderFile> = [
    {
      title: "File",
      key: "name",
      // The name is what people read first: it keeps room, and a narrow screen scrolls the table instead.
      width: 220,
      render: (_, f) => (
        <Flex gap={8} align="center">
          <FileThumbnail file={f} />
          <DownloadButton file={f} />
        </Flex>
      ),
    },
    { title: "Kind", dataIndex: "kind", width: 110, render: (k: FileKind) => FILE_KIND_LABELS[k] ?? k },
    {
      title: "Preflight",
      key: "preflight",
      width: 120,
      render: (_, f) => <PreflightTag file={f} />,
    },
    ...(showOrder
      ? ([
          {
            title: "Order",
            key: "order",
            width: 130,
            render: (_, f) => <Link to={`/orders/${f.order_id}?tab=files`}>{f.order_number}</Link>,
          },
          { title: "Customer", dataIndex: "customer_name", ellipsis: true },
        ] as ColumnsType<OrderFile>)
      : []),
    { title: "Size", dataIndex: "size", width: 100, align: "right", render: sizeText },
    {
      title: "Uploaded",
      key: "uploaded",
      width: 200,
      render: (_, f) => `${dayjs(f.created_at).format("MMM D, YYYY h:mm A")} · ${f.uploaded_by_name ?? "—"}`,
    },
    ...(canRerun
      ? ([
          {
            title: "Actions",
            key: "actions",
            width: 190,
            render: (_, f) => <RerunButton file={f} pending={pending} onRerun={rerun} />,
          },
        ] as ColumnsType<OrderFile>)
      : []),
  ];
  return (
    <Table<OrderFile>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={files}
      loading={loading}
      pagination={pagination}
      scroll={{ x: showOrder ? 1100 : 900 }}
      expandable={{
        expandedRowRender: (f) => <PreflightDetails file={f} />,
        rowExpandable: (f) => (f.preflight?.length ?? 0) > 0,
      }}
      locale={{ emptyText: "No files yet" }}
    />
  );
}
