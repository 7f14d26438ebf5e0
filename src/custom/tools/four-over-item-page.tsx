// /4-over-tool/{item id} (issue 22): one order item and the 4over trade printer. Preview asks 4over (through the
// server) for the mapped product's options and a shipping quote; Send to 4over, after a confirmation, places the
// order with the shipping chosen; once sent, the job's status history and tracking, and Refresh status.
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Popconfirm,
  Radio,
  Result,
  Timeline,
  Typography,
} from "antd";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { PageSpinner } from "../../components/page-spinner";
import { errorMessageFrom } from "../../providers/http-client";
import { useFetched } from "../../providers/use-fetched";
import { ReadsEveryOrder } from "./four-over-access";
import {
  type FourOverPreview,
  type FourOverItem as Item,
  previewFourOver,
  refreshFourOver,
  submitFourOver,
} from "./four-over-api";
import { LostAnswerCard } from "./four-over-recover";
import { statusTag } from "./four-over-status";

const MONEY = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function PreviewCard({ item, onSent }: { item: Item; onSent: (message: string) => void }) {
  const [preview, setPreview] = useState<FourOverPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [sending, setSending] = useState(false);
  const [shipping, setShipping] = useState<string | undefined>();

  const load = async () => {
    setLoading(true);
    setError(null);
    try {
      const answer = await previewFourOver(item.item_id);
      if (answer) {
        setPreview(answer.data);
        setShipping(answer.data.shipping_options[0]?.code);
      }
    } catch (e) {
      setPreview(null);
      setError(errorMessageFrom(e));
    } finally {
      setLoading(false);
    }
  };

  const send = async () => {
    if (!shipping) return;
    setSending(true);
    try {
      const answer = await submitFourOver(item.item_id, item.order_version, shipping);
      if (answer) onSent(answer.data.message);
    } catch {
      // The http client showed the server's sentence (a 409 when it went already, a 502 when 4over refused).
    } finally {
      setSending(false);
    }
  };

  return (
    <Card
      title="Preview"
      extra={
        <Button onClick={load} loading={loading}>
          {preview ? "Preview again" : "Preview"}
        </Button>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {!preview && !error && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Preview asks 4over for this product's options and what shipping it to the order's ship-to address
          costs.
        </Typography.Paragraph>
      )}
      {preview && (
        <Flex vertical gap={16}>
          {preview.test_order && (
            <Alert
              type="info"
              showIcon
              message="The 4over integration is in test mode: 4over will not print this order."
            />
          )}
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              {
                key: "product",
                label: "4over product",
                children: <Typography.Text code>{preview.product_uuid}</Typography.Text>,
              },
              ...preview.chosen.map((c) => ({ key: c.group, label: c.group, children: c.option })),
              {
                key: "ship",
                label: "Ship to",
                children: [
                  preview.ship_to.company,
                  preview.ship_to.address,
                  preview.ship_to.address2,
                  `${preview.ship_to.city ?? ""}, ${preview.ship_to.state ?? ""} ${preview.ship_to.zipcode ?? ""}`,
                ]
                  .filter(Boolean)
                  .join(" · "),
              },
              {
                key: "files",
                label: "Artwork",
                children:
                  Object.keys(preview.files).length > 0
                    ? Object.entries(preview.files).map(([side, url]) => (
                        <div key={side}>
                          {side === "bk" ? "Back" : "Front"}: {url}
                        </div>
                      ))
                    : "None: the files are sent to 4over later",
              },
            ]}
          />
          {preview.unmapped.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={`Not sent to 4over (no field map): ${preview.unmapped.join(", ")}`}
            />
          )}
          <Radio.Group
            aria-label="Shipping"
            value={shipping}
            onChange={(e) => setShipping(e.target.value)}
            options={preview.shipping_options.map((s) => ({
              value: s.code,
              label: `${s.name}${s.price === null ? "" : `, ${MONEY.format(s.price)}`}`,
            }))}
          />
          <Popconfirm
            title="Send this item to 4over?"
            description="4over places the order and charges the shop's account."
            okText="Send"
            onConfirm={send}
            disabled={!shipping || preview.sent}
          >
            <Button
              type="primary"
              loading={sending}
              disabled={!shipping || preview.sent}
              style={{ alignSelf: "start" }}
            >
              Send to 4over
            </Button>
          </Popconfirm>
        </Flex>
      )}
    </Card>
  );
}

function StatusCard({ item, onRefreshed }: { item: Item; onRefreshed: () => void }) {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      if (await refreshFourOver(item.item_id)) onRefreshed();
    } catch {
      // Shown by the http client (a 502 when 4over refused or could not be reached).
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Card
      title="4over job"
      extra={
        <Button onClick={refresh} loading={refreshing}>
          Refresh status
        </Button>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: "job", label: "Job", children: item.job_id ?? "Being sent" },
          { key: "status", label: "Status", children: statusTag(item.status) },
          { key: "tracking", label: "Tracking", children: item.tracking ?? "Not shipped yet" },
          { key: "shipping", label: "Shipping", children: item.shipping_method ?? "—" },
          { key: "sent", label: "Sent", children: item.sent_at ? WHEN.format(new Date(item.sent_at)) : "—" },
          {
            key: "polled",
            label: "Last asked",
            children: item.polled_at ? WHEN.format(new Date(item.polled_at)) : "Not yet",
          },
        ]}
      />
      <Typography.Title level={5}>Status history</Typography.Title>
      {item.history.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No status yet" />
      ) : (
        <Timeline
          items={item.history.map((h) => ({
            key: `${h.at}-${h.status}`,
            children: (
              <span>
                {h.status} <Typography.Text type="secondary">{WHEN.format(new Date(h.at))}</Typography.Text>
              </span>
            ),
          }))}
        />
      )}
    </Card>
  );
}

export default function FourOverItemPage() {
  return (
    <ReadsEveryOrder>
      <FourOverItem />
    </ReadsEveryOrder>
  );
}

function FourOverItem() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [sent, setSent] = useState<string | null>(null);
  const { data, query } = useFetched<{ configured: boolean; message: string | null; item: Item }>({
    url: `four-over/items/${valid ? id : 0}`,
    queryOptions: { enabled: valid, retry: false },
  });
  if (!valid || (query.isError && !data)) {
    return (
      <Result
        status="404"
        title="There is no such order item."
        extra={<Link to="/4-over-tool">Back to the 4over items</Link>}
      />
    );
  }
  if (!data) return <PageSpinner />;
  const { item } = data;
  const refetch = () => void query.refetch();
  return (
    <Flex vertical gap={16}>
      <Link to="/4-over-tool">← 4over items</Link>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {item.order_number}, item {item.item_number}: {item.description}
      </Typography.Title>
      {!data.configured && <Alert type="warning" showIcon message={data.message} />}
      {sent && <Alert type="success" showIcon message={sent} closable onClose={() => setSent(null)} />}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          {
            key: "order",
            label: "Order",
            children: <Link to={`/orders/${item.order_id}`}>{item.order_number}</Link>,
          },
          { key: "customer", label: "Customer", children: item.customer ?? "—" },
          {
            key: "product",
            label: "Product",
            children: `${item.product_name ?? "—"} (${item.sku ?? "no SKU"})`,
          },
          {
            key: "mapped",
            label: "4over product",
            children: item.four_over_product ? (
              <Typography.Text code>{item.four_over_product}</Typography.Text>
            ) : (
              <span>
                Not mapped: add a “Product → 4over product” map under <Link to="/maps">Field maps</Link>
              </span>
            ),
          },
          { key: "quantity", label: "Quantity", children: item.quantity },
          { key: "colours", label: "Colours", children: item.color_spec ?? "—" },
          {
            key: "options",
            label: "Options",
            children:
              Object.entries(item.options)
                .map(([k, v]) => `${k}: ${v}`)
                .join(", ") || "—",
          },
          { key: "status", label: "Item status", children: item.item_status ?? "—" },
        ]}
      />
      {item.stale ? (
        <LostAnswerCard
          item={item}
          onResolved={(message) => {
            setSent(message);
            refetch();
          }}
        />
      ) : item.reference ? (
        <StatusCard item={item} onRefreshed={refetch} />
      ) : data.configured ? (
        <PreviewCard
          item={item}
          onSent={(message) => {
            setSent(message);
            refetch();
          }}
        />
      ) : null}
    </Flex>
  );
}
