// The Heartland dashboard's figures (GET filemaker/heartland-dashboard/figures): jobs and pieces,
// counts by status (a Chartist bar chart, loaded with this page only, and a table holding the same
// figures for keyboards and screen readers) and by state. A status or state filters the list below.
import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, Col, Row, Spin, Statistic, Table } from "antd";
import { lazy, Suspense } from "react";
import type { HeartlandFigures as Figures } from "./filemaker-layouts";

const BarChart = lazy(() => import("../production/manager-chart"));

const count = (n: number) => n.toLocaleString("en-US");

/** Each status's bar colour (dark enough for its label beside it to stay readable). */
const STATUS_COLOURS: Record<string, string> = {
  Artwork: "#8c8c8c",
  "Proof sent": "#1677ff",
  Approved: "#08979c",
  Printing: "#d46b08",
  Mailed: "#389e0d",
  "On hold": "#cf1322",
};

export function HeartlandFigures({ onPick }: { onPick: (field: "state" | "status", value: string) => void }) {
  const { query } = useCustom<Figures>({
    url: "filemaker/heartland-dashboard/figures",
    method: "get",
    queryOptions: { queryKey: ["filemaker", "heartland-figures"] },
  });
  const figures = query.data?.data as Figures | undefined;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        message="The figures could not be read"
        description={query.error?.message}
      />
    );
  }
  if (!figures) return <Spin tip="Counting the jobs" />;
  const pick = (field: "state" | "status") => (value: string) => (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      aria-label={`Show the ${value} jobs`}
      onClick={() => onPick(field, value)}
    >
      {value}
    </Button>
  );
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} md={6}>
        <Card size="small">
          <Statistic title="Jobs" value={figures.total} formatter={(v) => count(Number(v))} />
          <Statistic title="Pieces" value={figures.pieces} formatter={(v) => count(Number(v))} />
        </Card>
      </Col>
      <Col xs={24} md={10}>
        <Card size="small" title="Jobs by status">
          <Suspense fallback={<Spin />}>
            <BarChart
              title={`Heartland jobs by status: ${figures.byStatus.map((s) => `${s.status} ${s.count}`).join(", ")}`}
              height={200}
              labels={figures.byStatus.map((s) => s.status)}
              series={[
                {
                  label: "Jobs",
                  values: figures.byStatus.map((s) => s.count),
                  color: figures.byStatus.map((s) => STATUS_COLOURS[s.status] ?? "#595959"),
                },
              ]}
            />
          </Suspense>
          <Table
            size="small"
            rowKey="status"
            pagination={false}
            aria-label="Jobs by status"
            dataSource={figures.byStatus}
            columns={[
              { title: "Status", dataIndex: "status", render: pick("status") },
              { title: "Jobs", dataIndex: "count", align: "right", render: count },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small" title="Jobs by state">
          <Table
            size="small"
            rowKey="state"
            pagination={false}
            aria-label="Jobs by state"
            dataSource={figures.byState}
            columns={[
              { title: "State", dataIndex: "state", render: pick("state") },
              { title: "Jobs", dataIndex: "count", align: "right", render: count },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
