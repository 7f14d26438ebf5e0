// /orders/{order_id}/edit-planning-sections (issue 19; Order Read to look, Order Update to save):
// per item of the order, its production plan: the stations in order (StationOrder: drag, or the
// keyboard), the press, the stock, the press sheets and their size, the planned minutes. The
// server checks each plan against its press (sheet size, colours) and answers a message per
// problem, shown on the item; saving sends every item's plan with the order's version.
import { type HttpError, useCustomMutation } from "@refinedev/core";
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from "antd";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { scopeFor } from "../../access/permissions";
import { formatNumber } from "../../components/fields/format";
import { useFetched } from "../../providers/use-fetched";
import { OrderLoadError } from "./order-load-error";
import type { PlanEquipment, PlanProblem } from "./plan-checks";
import { type StationChoice, StationOrder } from "./station-order";
import { errorText } from "./use-desk-call";
import { useMergedPermissions } from "./use-merged-permissions";

interface PlanFields {
  plan_station_ids: number[];
  plan_equipment_id: number | null;
  stock_id: number | null;
  plan_sheets: number | null;
  plan_sheet_width: number | null;
  plan_sheet_height: number | null;
  plan_minutes: number | null;
}

interface PlanItem extends PlanFields {
  id: number;
  number: number;
  description: string;
  quantity: number | null;
  color_spec: string | null;
  product_route: number[];
  problems: PlanProblem[];
}

type Press = PlanEquipment & { status: string | null };

interface PlanningAnswer {
  order: { id: number; order_number: string; version: number };
  items: PlanItem[];
  presses: Press[];
  stations: (StationChoice & { active: boolean | null })[];
  stock: { id: number; name: string; sku: string | null }[];
}

const pressLabel = (p: Press) => {
  const max =
    p.max_sheet_width && p.max_sheet_height ? `, up to ${p.max_sheet_width} × ${p.max_sheet_height} in` : "";
  return `${p.name}${p.colors !== null ? ` (${p.colors} colours${max})` : ""}`;
};

function PlanNumber({
  id,
  label,
  value,
  unit,
  max,
  disabled,
  decimals = 0,
  onChange,
}: {
  id: string;
  label: string;
  value: number | null;
  unit?: string;
  max: number;
  disabled: boolean;
  decimals?: number;
  onChange: (value: number | null) => void;
}) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <InputNumber
        id={id}
        style={{ width: "100%" }}
        min={0}
        max={max}
        precision={decimals}
        value={value}
        disabled={disabled}
        addonAfter={unit}
        onChange={(v) => onChange(typeof v === "number" ? v : null)}
      />
    </div>
  );
}

function ItemPlanCard(props: {
  item: PlanItem;
  plan: PlanFields;
  answer: PlanningAnswer;
  problems: string[];
  editable: boolean;
  onChange: (plan: PlanFields) => void;
}) {
  const { item, plan, answer, problems, editable, onChange } = props;
  const set = <K extends keyof PlanFields>(key: K, value: PlanFields[K]) =>
    onChange({ ...plan, [key]: value });
  const prefix = `Item ${item.number}`;
  return (
    <Card
      size="small"
      title={`${prefix}: ${item.description}`}
      extra={
        <Typography.Text type="secondary">
          {formatNumber(item.quantity)} pcs{item.color_spec ? ` · ${item.color_spec}` : ""}
        </Typography.Text>
      }
    >
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          message={`${prefix} does not fit its press`}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      <Row gutter={[24, 16]}>
        <Col xs={24} md={10}>
          <Typography.Text strong>Stations in order</Typography.Text>
          <StationOrder
            label={`${prefix} stations`}
            value={plan.plan_station_ids}
            stations={answer.stations.filter(
              (s) => s.active !== false || plan.plan_station_ids.includes(s.id),
            )}
            disabled={!editable}
            onChange={(ids) => set("plan_station_ids", ids)}
          />
          {editable && plan.plan_station_ids.length === 0 && item.product_route.length > 0 && (
            <Button
              type="link"
              style={{ paddingInline: 0 }}
              onClick={() => set("plan_station_ids", item.product_route)}
            >
              Use the product's route
            </Button>
          )}
        </Col>
        <Col xs={24} md={14}>
          <Space direction="vertical" style={{ width: "100%" }}>
            <div>
              <label htmlFor={`plan-${item.id}-press`}>Press</label>
              <Select<number>
                id={`plan-${item.id}-press`}
                aria-label={`${prefix} press`}
                style={{ width: "100%" }}
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="Choose a press"
                disabled={!editable}
                value={plan.plan_equipment_id}
                options={answer.presses.map((p) => ({ value: p.id, label: pressLabel(p) }))}
                onChange={(v) => set("plan_equipment_id", v ?? null)}
              />
            </div>
            <div>
              <label htmlFor={`plan-${item.id}-stock`}>Stock</label>
              <Select<number>
                id={`plan-${item.id}-stock`}
                aria-label={`${prefix} stock`}
                style={{ width: "100%" }}
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="Choose a stock"
                disabled={!editable}
                value={plan.stock_id}
                options={answer.stock.map((s) => ({
                  value: s.id,
                  label: s.sku ? `${s.name} (${s.sku})` : s.name,
                }))}
                onChange={(v) => set("stock_id", v ?? null)}
              />
            </div>
            <Row gutter={12}>
              <Col xs={12} sm={6}>
                <PlanNumber
                  id={`plan-${item.id}-press-sheets`}
                  label={`${prefix} press sheets`}
                  value={plan.plan_sheets}
                  max={10_000_000}
                  disabled={!editable}
                  onChange={(v) => set("plan_sheets", v)}
                />
              </Col>
              <Col xs={12} sm={6}>
                <PlanNumber
                  id={`plan-${item.id}-sheet-width`}
                  label={`${prefix} sheet width`}
                  value={plan.plan_sheet_width}
                  unit="in"
                  max={200}
                  decimals={3}
                  disabled={!editable}
                  onChange={(v) => set("plan_sheet_width", v)}
                />
              </Col>
              <Col xs={12} sm={6}>
                <PlanNumber
                  id={`plan-${item.id}-sheet-height`}
                  label={`${prefix} sheet height`}
                  value={plan.plan_sheet_height}
                  unit="in"
                  max={200}
                  decimals={3}
                  disabled={!editable}
                  onChange={(v) => set("plan_sheet_height", v)}
                />
              </Col>
              <Col xs={12} sm={6}>
                <PlanNumber
                  id={`plan-${item.id}-planned-minutes`}
                  label={`${prefix} planned minutes`}
                  value={plan.plan_minutes}
                  unit="min"
                  max={100_000}
                  disabled={!editable}
                  onChange={(v) => set("plan_minutes", v)}
                />
              </Col>
            </Row>
          </Space>
        </Col>
      </Row>
    </Card>
  );
}

const planOf = (item: PlanItem): PlanFields => ({
  plan_station_ids: item.plan_station_ids,
  plan_equipment_id: item.plan_equipment_id,
  stock_id: item.stock_id,
  plan_sheets: item.plan_sheets,
  plan_sheet_width: item.plan_sheet_width,
  plan_sheet_height: item.plan_sheet_height,
  plan_minutes: item.plan_minutes,
});

export default function PlanningPage() {
  const { order_id = "" } = useParams();
  const merged = useMergedPermissions();
  const [edits, setEdits] = useState<Record<number, PlanFields>>({});
  const [notice, setNotice] = useState<{ type: "success" | "error"; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const { mutateAsync, mutation } = useCustomMutation();
  const { data: answer, query } = useFetched<PlanningAnswer>({
    url: `orders/${order_id}/planning`,
    queryOptions: { queryKey: ["order-planning", order_id], retry: false },
    errorNotification: false,
  });
  const editable = scopeFor(merged, "Order", "Update") !== "none";

  if (query.isError) return <OrderLoadError error={query.error} title="The plan could not be loaded" />;
  if (!answer?.order) return <Spin size="large" style={{ display: "block", margin: "64px auto" }} />;
  const { order } = answer;
  const planFor = (item: PlanItem) => edits[item.id] ?? planOf(item);
  const changed = Object.keys(edits).length > 0;

  const save = async () => {
    setNotice(null);
    setFieldErrors({});
    try {
      await mutateAsync({
        url: `orders/${order.id}/planning`,
        method: "put",
        values: { version: order.version, items: answer.items.map((i) => ({ id: i.id, ...planFor(i) })) },
        successNotification: false,
        errorNotification: false,
      });
      await query.refetch();
      setEdits({});
      setNotice({ type: "success", text: "Plan saved" });
    } catch (e) {
      setFieldErrors((e as Partial<HttpError>).errors as Record<string, string[]>);
      setNotice({ type: "error", text: errorText(e) });
    }
  };
  // The server's problems of a refused save, by item index; else those of the stored plan.
  const problemsOf = (index: number, item: PlanItem) => {
    const refused = Object.entries(fieldErrors ?? {})
      .filter(([field]) => field.startsWith(`items.${index}.`))
      .flatMap(([, messages]) => messages);
    return refused.length > 0 ? refused : edits[item.id] ? [] : item.problems.map((p) => p.message);
  };

  return (
    <>
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={4}>
          <Link to={`/orders/${order.id}`}>← Order {order.order_number}</Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Planning of order {order.order_number}
          </Typography.Title>
          <Typography.Text type="secondary">
            Each item's stations in order, press, stock, sheets and minutes. Drag a station by its handle, or
            focus the handle and use Space and the arrow keys.
          </Typography.Text>
        </Space>
        {editable && (
          <Space>
            <Button disabled={!changed || mutation.isPending} onClick={() => setEdits({})}>
              Discard changes
            </Button>
            <Button type="primary" loading={mutation.isPending} disabled={!changed} onClick={save}>
              Save plan
            </Button>
          </Space>
        )}
      </Flex>
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          closable
          role={notice.type === "error" ? "alert" : "status"}
          message={notice.text}
          onClose={() => setNotice(null)}
          style={{ marginBottom: 16 }}
        />
      )}
      {answer.items.length === 0 ? (
        <Empty description="This order has no items" />
      ) : (
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          {answer.items.map((item, index) => (
            <ItemPlanCard
              key={item.id}
              item={item}
              plan={planFor(item)}
              answer={answer}
              problems={problemsOf(index, item)}
              editable={editable}
              onChange={(plan) => setEdits((previous) => ({ ...previous, [item.id]: plan }))}
            />
          ))}
        </Space>
      )}
    </>
  );
}
