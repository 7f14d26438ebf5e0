// /production/production-manager (issue 18, ProductionStation RunExecutive): the day on the floor in
// figures, every one computed by the server in one answer (GET production/manager, SQL aggregates)
// and each a link to the list behind it: the generic lists with their filters in the URL, or, for
// the order items and drops no list can filter, a drawer listing them (GET production/manager/items).
// Charts come from a lazily loaded chunk (manager-chart.tsx, Chart.js); the tables beside them hold
// the same figures. The answer is fetched again when runs, orders, equipment, slips or mail change.
import {
  Alert,
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Flex,
  Progress,
  Row,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
} from "antd";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { useFetched } from "../../providers/use-fetched";
import { LiveRefetch } from "./live-refetch";
import {
  type FigureRows,
  ITEM_FIGURE_TITLES,
  ITEM_FIGURES,
  type ItemFigure,
  type ManagerAnswer,
  managerLinks,
  percent,
  type Ratio,
  SHIFT_HOURS,
  type StationLoad,
  WINDOW_DAYS,
} from "./manager-logic";

const BarChart = lazy(() => import("./manager-chart"));

const LIVE_KINDS = ["Run", "Order", "Equipment", "PackingSlip", "MailOrder", "ProductionStation", "Status"];
const count = (n: number) => n.toLocaleString("en-US");
const pct = (r: Ratio) => {
  const p = percent(r);
  return p === null ? "–" : `${p.toLocaleString("en-US")} %`;
};

const UNIT_WORDS: Record<string, string> = {
  sheets: "sheets",
  impressions: "impressions",
  items: "items",
  pieces: "pieces",
  sq_ft: "sq ft",
  hours: "hours",
};

/** One figure: its value is the link to the records behind it. */
function Figure(props: {
  title: string;
  value: ReactNode;
  note?: ReactNode;
  to?: string;
  onOpen?: () => void;
  tone?: "danger" | "warning";
  testId: string;
}) {
  const { title, value, note, to, onOpen, tone, testId } = props;
  const color = tone === "danger" ? "#cf1322" : tone === "warning" ? "#d46b08" : undefined;
  const shown = <span style={{ color }}>{value}</span>;
  return (
    <Card size="small" style={{ height: "100%" }} data-testid={testId}>
      <Statistic
        title={title}
        valueRender={() =>
          to ? (
            <Link
              to={to}
              aria-label={`${title}: ${typeof value === "string" || typeof value === "number" ? value : ""}`}
            >
              {shown}
            </Link>
          ) : onOpen ? (
            <Button type="link" onClick={onOpen} style={{ padding: 0, height: "auto", fontSize: "inherit" }}>
              {shown}
            </Button>
          ) : (
            shown
          )
        }
      />
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </Card>
  );
}

const loadColour = (hours: number | null) =>
  hours === null
    ? "#bfbfbf"
    : hours <= SHIFT_HOURS
      ? "#52c41a"
      : hours <= 2 * SHIFT_HOURS
        ? "#fa8c16"
        : "#f5222d";

function StationsSection({ stations, link }: { stations: StationLoad[]; link: (s: StationLoad) => string }) {
  const busy = stations.filter((s) => s.items > 0 || s.runs > 0 || (s.backlog_hours ?? 0) > 0);
  return (
    <Card title="Work in progress and backlog by station" size="small">
      {busy.length > 0 && (
        <Suspense fallback={<Spin />}>
          <BarChart
            title={`Backlog hours by station against one shift of ${SHIFT_HOURS} hours`}
            horizontal
            height={Math.max(160, busy.length * 28 + 40)}
            labels={busy.map((s) => s.name)}
            series={[
              {
                label: "Backlog, hours",
                values: busy.map((s) => s.backlog_hours ?? 0),
                color: busy.map((s) => loadColour(s.backlog_hours)),
              },
            ]}
          />
        </Suspense>
      )}
      <Table<StationLoad>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 720 }}
        dataSource={stations}
        columns={[
          {
            title: "Station",
            dataIndex: "name",
            render: (name: string, s) => <Link to={link(s)}>{name}</Link>,
          },
          {
            title: "Work in progress",
            key: "wip",
            render: (_, s) =>
              [
                `${count(s.runs)} runs`,
                `${count(s.items - s.mailOrders)} items`,
                ...(s.mailOrders > 0 ? [`${count(s.mailOrders)} mail orders`] : []),
              ].join(", "),
          },
          {
            title: "Backlog",
            key: "backlog",
            align: "right",
            render: (_, s) => `${count(s.backlog)} ${UNIT_WORDS[s.capacity_unit] ?? s.capacity_unit}`,
          },
          {
            title: "Capacity a shift",
            key: "capacity",
            align: "right",
            render: (_, s) =>
              s.capacity_per_shift === null
                ? "–"
                : `${count(s.capacity_per_shift)} ${UNIT_WORDS[s.capacity_unit] ?? s.capacity_unit}`,
          },
          {
            title: "Backlog hours",
            key: "hours",
            width: 200,
            render: (_, s) =>
              s.backlog_hours === null ? (
                "–"
              ) : (
                <Flex gap={8} align="center">
                  <span style={{ minWidth: 48, textAlign: "right" }}>{s.backlog_hours} h</span>
                  <Progress
                    aria-label={`${s.name}: ${s.backlog_hours} of ${SHIFT_HOURS} shift hours`}
                    percent={Math.min(100, (s.backlog_hours * 100) / SHIFT_HOURS)}
                    showInfo={false}
                    strokeColor={loadColour(s.backlog_hours)}
                    size="small"
                  />
                </Flex>
              ),
          },
        ]}
      />
    </Card>
  );
}

function PressesSection({ answer, link }: { answer: ManagerAnswer; link: (id: number) => string }) {
  const presses = answer.presses;
  return (
    <Card title="Sheets and impressions per press today" size="small">
      {presses.some((p) => p.sheets > 0) && (
        <Suspense fallback={<Spin />}>
          <BarChart
            title="Sheets and impressions printed today by press"
            height={220}
            labels={presses.map((p) => p.name)}
            series={[
              { label: "Sheets", values: presses.map((p) => p.sheets), color: "#1677ff" },
              { label: "Impressions", values: presses.map((p) => p.impressions), color: "#13c2c2" },
            ]}
          />
        </Suspense>
      )}
      <Table
        size="small"
        rowKey="equipment_id"
        pagination={false}
        dataSource={presses}
        columns={[
          {
            title: "Press",
            dataIndex: "name",
            render: (name: string, p) => <Link to={link(p.equipment_id)}>{name}</Link>,
          },
          { title: "Runs", dataIndex: "runs", align: "right", render: count },
          { title: "Sheets", dataIndex: "sheets", align: "right", render: count },
          { title: "Impressions", dataIndex: "impressions", align: "right", render: count },
        ]}
      />
    </Card>
  );
}

function FigureDrawer({
  figure,
  page,
  onPage,
  onClose,
}: {
  figure: ItemFigure | null;
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const { data: answer, query } = useFetched<FigureRows>({
    url: "production/manager/items",
    config: { query: { figure: figure ?? "", page } },
    queryOptions: { enabled: figure !== null, queryKey: ["production-manager-items", figure, page] },
  });
  return (
    <Drawer
      open={figure !== null}
      onClose={onClose}
      width={720}
      title={figure ? ITEM_FIGURE_TITLES[figure] : ""}
      destroyOnHidden
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message="The list could not be loaded"
          description={query.error?.message}
        />
      ) : (
        <Table
          size="small"
          loading={query.isFetching}
          rowKey={(r) => `${r.record_path}-${r.record_id}-${r.position}`}
          dataSource={answer?.rows ?? []}
          locale={{ emptyText: <Empty description="Nothing here" /> }}
          pagination={{
            current: page,
            pageSize: answer?.limit ?? 20,
            total: answer?.total ?? 0,
            showSizeChanger: false,
            onChange: onPage,
          }}
          columns={[
            {
              title: "Number",
              dataIndex: "number",
              render: (number: string, r) => (
                <Link to={`/${r.record_path}/${r.record_id}`}>
                  {number} · {r.record_path === "orders" ? "item" : "drop"} {r.position}
                </Link>
              ),
            },
            { title: "What", dataIndex: "description" },
            { title: "Quantity", dataIndex: "quantity", align: "right", render: count },
            {
              title: "Status",
              dataIndex: "status",
              render: (s: string | null) => (s ? <Tag>{s}</Tag> : "–"),
            },
            { title: figure === "outsourced_pending" ? "Vendor" : "Customer", dataIndex: "detail" },
            { title: figure === "mailed_today" ? "Drop date" : "Due", dataIndex: "due" },
          ]}
        />
      )}
    </Drawer>
  );
}

type FigureProps = Parameters<typeof Figure>[0] & { wide?: boolean };

/** The figures, in reading order: orders, shipping, waste, equipment, items, mail. */
function figuresOf(
  a: ManagerAnswer,
  links: ReturnType<typeof managerLinks>,
  open: (figure: ItemFigure) => void,
): FigureProps[] {
  const slips = (r: Ratio) => `${count(r.part)} of ${count(r.whole)} slips`;
  return [
    {
      testId: "figure-late",
      title: "Late orders",
      value: count(a.orders.late),
      to: links.late,
      tone: a.orders.late > 0 ? "danger" : undefined,
      note: "past their due date",
    },
    {
      testId: "figure-due-today",
      title: "Due today",
      value: count(a.orders.due_today),
      to: links.dueToday,
      tone: "warning",
      note: "not yet shipped",
    },
    {
      testId: "figure-at-risk",
      title: "At risk",
      value: count(a.orders.at_risk),
      to: links.atRisk,
      note: `due by ${a.at_risk_until}, not in production`,
    },
    {
      testId: "figure-on-time-today",
      title: "On-time ship today",
      value: pct(a.on_time.today),
      to: links.shippedToday,
      note: slips(a.on_time.today),
    },
    {
      testId: "figure-on-time-window",
      title: `On-time ship, ${WINDOW_DAYS} days`,
      value: pct(a.on_time.window),
      to: links.shippedWindow,
      note: slips(a.on_time.window),
    },
    {
      testId: "figure-waste",
      title: "Waste today",
      value: pct(a.waste.today),
      to: links.printedToday,
      note: (
        <Link to={links.printedWindow}>
          {pct(a.waste.window)} over {WINDOW_DAYS} days
        </Link>
      ),
    },
    {
      testId: "figure-running",
      title: "Equipment up",
      value: count(a.equipment.running),
      to: links.running,
      note: "running",
    },
    { testId: "figure-idle", title: "Equipment idle", value: count(a.equipment.idle), to: links.idle },
    {
      testId: "figure-down",
      title: "Equipment down",
      value: count(a.equipment.down + a.equipment.maintenance),
      to: links.down,
      tone: a.equipment.down > 0 ? "danger" : undefined,
      note: `${count(a.equipment.down)} down, ${count(a.equipment.maintenance)} in maintenance`,
    },
    {
      testId: "figure-on-hold",
      title: "Items on hold",
      value: count(a.items.on_hold),
      onOpen: () => open("on_hold"),
    },
    {
      testId: "figure-awaiting-proof",
      title: "Awaiting proof",
      value: count(a.items.awaiting_proof),
      onOpen: () => open("awaiting_proof"),
      note: "items",
    },
    {
      testId: "figure-outsourced",
      title: "Outsourced pending",
      value: count(a.items.outsourced_pending),
      onOpen: () => open("outsourced_pending"),
      note: "items at the trade printer",
    },
    {
      testId: "figure-mail",
      title: "Mail pieces dropped today",
      value: count(a.mail.today.pieces),
      onOpen: () => open("mailed_today"),
      note: `${count(a.mail.today.drops)} drops today; ${count(a.mail.window.pieces)} pieces in ${count(a.mail.window.drops)} drops over ${WINDOW_DAYS} days`,
      wide: true,
    },
  ];
}

export default function ProductionManagerPage() {
  const [params, setParams] = useSearchParams();
  const figureParam = params.get("figure");
  const figure = (ITEM_FIGURES as readonly string[]).includes(figureParam ?? "")
    ? (figureParam as ItemFigure)
    : null;
  const figurePage = Math.max(1, Number(params.get("page")) || 1);
  const { data: answer, query } = useFetched<ManagerAnswer>({
    url: "production/manager",
    queryOptions: { queryKey: ["production-manager"] },
  });
  const links = useMemo(() => (answer ? managerLinks(answer) : null), [answer]);
  const openFigure = (name: ItemFigure | null, page = 1) => {
    const next = new URLSearchParams(params);
    if (name) {
      next.set("figure", name);
      next.set("page", String(page));
    } else {
      next.delete("figure");
      next.delete("page");
    }
    setParams(next, { replace: name === figure || name === null });
  };

  return (
    <Flex vertical gap={16}>
      <LiveRefetch kinds={LIVE_KINDS} refetch={() => void query.refetch()} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Production manager
          </Typography.Title>
          {answer && (
            <Typography.Text type="secondary">
              {new Date(`${answer.today}T12:00:00Z`).toLocaleDateString(undefined, {
                weekday: "long",
                year: "numeric",
                month: "long",
                day: "numeric",
                timeZone: "UTC",
              })}{" "}
              ({answer.time_zone}), updated {new Date(answer.generated_at).toLocaleTimeString()}
            </Typography.Text>
          )}
        </div>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Refresh
        </Button>
      </Flex>
      {query.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin tip="Loading the figures" />
        </Flex>
      ) : query.isError || !answer || !links ? (
        <Alert
          type="error"
          showIcon
          message="The figures could not be loaded"
          description={String(query.error?.message ?? "")}
        />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {figuresOf(answer, links, openFigure).map(({ wide, ...figure }) => (
              <Col key={figure.testId} xs={wide ? 24 : 12} md={wide ? 16 : 8} xl={wide ? 8 : 4}>
                <Figure {...figure} />
              </Col>
            ))}
          </Row>
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={14}>
              <StationsSection stations={answer.stations} link={links.station} />
            </Col>
            <Col xs={24} xl={10}>
              <PressesSection answer={answer} link={links.press} />
            </Col>
          </Row>
        </>
      )}
      <FigureDrawer
        figure={figure}
        page={figurePage}
        onPage={(page) => openFigure(figure, page)}
        onClose={() => openFigure(null)}
      />
    </Flex>
  );
}
