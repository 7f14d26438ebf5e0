// The Heartland dashboard's figures (GET filemaker/heartland-dashboard/figures): jobs and pieces,
// counts by status (a Chartist bar chart, loaded with this page only, and a table holding the same
// figures for keyboards and screen readers) and by state. A status or state filters the list below.
import { Alert, Button, Card, Col, Row, Spin, Statistic, Table } from "antd";
import { lazy, Suspense } from "react";
import { useFetched } from "../../providers/use-fetched";
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

type Field = "state" | "status";

/** The jobs by one field, each value a button that filters the list by it. */
function CountTable(props: {
  field: Field;
  title: string;
  rows: ({ count: number } & Partial<Record<Field, string>>)[];
  onPick: (field: Field, value: string) => void;
}) {
  const { field, title, rows, onPick } = props;
  return (
    <Table
      size="small"
      rowKey={field}
      pagination={false}
      aria-label={`Jobs by ${field}`}
      dataSource={rows}
      columns={[
        {
          title,
          dataIndex: field,
          render: (value: string) => (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              aria-label={`Show the ${value} jobs`}
              onClick={() => onPick(field, value)}
            >
              {value}
            </Button>
          ),
        },
        { title: "Jobs", dataIndex: "count", align: "right", render: count },
      ]}
    />
  );
}

export function HeartlandFigures({ onPick }: { onPick: (field: Field, value: string) => void }) {
  const { data: figures, query } = useFetched<Figures>({
    url: "filemaker/heartland-dashboard/figures",
    queryOptions: { queryKey: ["filemaker", "heartland-figures"] },
  });
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
          <CountTable field="status" title="Status" rows={figures.byStatus} onPick={onPick} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small" title="Jobs by state">
          <CountTable field="state" title="State" rows={figures.byState} onPick={onPick} />
        </Card>
      </Col>
    </Row>
  );
}
