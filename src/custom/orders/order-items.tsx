// The order's items: product, options in words, quantity, price, status in its colour, run, what
// shipped, the item's artwork and proof files as thumbnails, and each item's production timeline (every
// status with who and when) on expanding it.
import { Button, Flex, Space, Table, Tag, Timeline, Tooltip, Typography } from "antd";
import { Link } from "react-router";
import { EMPTY, formatDateTime, formatMoney, formatNumber } from "../../components/fields/format";
import type { DeskAnswer, DeskItemView, Rec } from "./desk-answer";
import type { DeskStatus } from "./desk-rules";
import { FILE_KIND_LABELS } from "./file-kinds";
import { itemFiles } from "./file-links";
import type { OrderFile } from "./file-list";
import { FileThumbnail } from "./file-thumbnail";
import { StatusTag } from "./status-tag";

interface Row {
  view: DeskItemView;
  record: Rec;
}

/** The item's artwork and proofs, each a thumbnail named in its tooltip (the Files tab downloads them). */
function ItemFiles({ files }: { files: OrderFile[] }) {
  if (files.length === 0) return <Typography.Text type="secondary">None yet</Typography.Text>;
  return (
    <Flex gap={6} wrap style={{ maxWidth: 220 }}>
      {files.map((f) => (
        <Tooltip key={f.id} title={`${FILE_KIND_LABELS[f.kind] ?? f.kind}: ${f.name}`}>
          <span>
            <FileThumbnail file={f} />
          </span>
        </Tooltip>
      ))}
    </Flex>
  );
}

function ItemTimeline({ view, statuses }: { view: DeskItemView; statuses: DeskStatus[] }) {
  const moves = view.timeline.length - 1;
  return (
    <div>
      <Typography.Text strong>Production timeline of item {view.number}</Typography.Text>
      <Timeline
        style={{ marginTop: 12 }}
        items={view.timeline.map((step, index) => {
          const status = statuses.find((s) => s.id === step.status_id);
          return {
            key: `${step.at}-${index}`,
            color: status?.color ?? "gray",
            children: (
              <Space direction="vertical" size={0}>
                <StatusTag status={status} />
                <Typography.Text type="secondary">
                  {index === 0 ? "Since " : ""}
                  {formatDateTime(step.at)}
                  {step.by ? ` · ${step.by}` : ""}
                </Typography.Text>
                {step.note && <Typography.Text>{step.note}</Typography.Text>}
              </Space>
            ),
          };
        })}
      />
      {moves === 0 && (
        <Typography.Text type="secondary">
          No status change has been recorded for this item yet.
        </Typography.Text>
      )}
    </div>
  );
}

export function OrderItems({
  desk,
  reprintWhy,
  onReprint,
  files,
}: {
  desk: DeskAnswer;
  /** The order's files (undefined while they load). */
  files: OrderFile[] | undefined;
  /** Why an item cannot be reprinted (undefined: it can); null when the user may not reprint at all. */
  reprintWhy: ((itemId: number) => string | undefined) | null;
  onReprint: (view: DeskItemView) => void;
}) {
  const rows: Row[] = desk.items.map((view) => ({
    view,
    record: desk.order.items.find((i) => i.id === view.id) as Rec,
  }));
  const statuses = desk.statuses.order_item;
  return (
    <Table<Row>
      rowKey={(r) => r.view.id}
      dataSource={rows}
      pagination={false}
      size="middle"
      scroll={{ x: true }}
      expandable={{
        expandedRowRender: (r) => <ItemTimeline view={r.view} statuses={statuses} />,
        expandRowByClick: false,
      }}
      columns={[
        { key: "n", title: "#", render: (_, r) => r.view.number, width: 48 },
        {
          key: "product",
          title: "Product",
          render: (_, r) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{r.view.product?.name ?? EMPTY}</Typography.Text>
              <Typography.Text type="secondary">{String(r.record.description ?? "")}</Typography.Text>
              {r.view.product?.sku && (
                <Typography.Text type="secondary">SKU {r.view.product.sku}</Typography.Text>
              )}
            </Space>
          ),
        },
        {
          key: "options",
          title: "Options",
          render: (_, r) =>
            r.view.options.length === 0 ? (
              <Typography.Text type="secondary">None</Typography.Text>
            ) : (
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {r.view.options.map((o) => (
                  <li key={o.name}>
                    {o.name}: <strong>{o.value}</strong>
                  </li>
                ))}
              </ul>
            ),
        },
        { key: "qty", title: "Quantity", align: "right", render: (_, r) => formatNumber(r.record.quantity) },
        { key: "price", title: "Price", align: "right", render: (_, r) => formatMoney(r.record.price) },
        {
          key: "status",
          title: "Status",
          // A Service line (billed design hours) is not produced: it has no status to show.
          render: (_, r) =>
            r.record.service_id ? (
              <Tag>Service line</Tag>
            ) : (
              <StatusTag status={statuses.find((s) => s.id === r.record.item_status_id)} />
            ),
        },
        {
          key: "run",
          title: "Run",
          render: (_, r) =>
            r.view.run ? (
              <Space direction="vertical" size={0}>
                <Link to={`/runs/${r.view.run.id}`}>{r.view.run.number}</Link>
                {r.view.run.status && <Typography.Text type="secondary">{r.view.run.status}</Typography.Text>}
              </Space>
            ) : (
              <Typography.Text type="secondary">{EMPTY}</Typography.Text>
            ),
        },
        {
          key: "files",
          title: "Artwork and proofs",
          render: (_, r) =>
            files ? (
              <ItemFiles files={itemFiles(files, r.view.id)} />
            ) : (
              <Typography.Text type="secondary">{EMPTY}</Typography.Text>
            ),
        },
        { key: "shipped", title: "Shipped", align: "right", render: (_, r) => formatNumber(r.view.shipped) },
        ...(reprintWhy
          ? [
              {
                key: "actions",
                title: "Actions",
                render: (_: unknown, r: Row) => {
                  const why = reprintWhy(r.view.id);
                  return (
                    <Tooltip title={why}>
                      <Button
                        size="small"
                        disabled={why !== undefined}
                        onClick={() => onReprint(r.view)}
                        aria-label={`Reprint item ${r.view.number}`}
                      >
                        Reprint
                      </Button>
                    </Tooltip>
                  );
                },
              },
            ]
          : []),
      ]}
    />
  );
}
