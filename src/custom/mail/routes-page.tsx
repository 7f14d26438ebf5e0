// /routes (issue 22): the EDDM carrier routes by ZIP, with each ZIP's residential, business and total
// addresses, to pick routes and start a postcard mailing with them (the postcard tool opens at its mailing
// step's answers: EDDM, these routes). EDDM Retail's 200–5,000 pieces a day per ZIP is shown as routes are
// picked (route-picker.tsx) and decided by the server when the drops are set. The picked routes stay in the
// address (?routes=), so a link or a reload keeps them. Records are added and edited on the generic pages.
import { useCan } from "@refinedev/core";
import { Button, Card, Flex, Table, Typography } from "antd";
import { Link } from "react-router";
import { useFetched } from "../../providers/use-fetched";
import { useSearchParam } from "../../routing/use-search-param";
import { RoutePicker, type RouteRow } from "./route-picker";
import { parseRouteIds, zipTotals } from "./route-totals";

const count = (n: number) => n.toLocaleString("en-US");

export default function RoutesPage() {
  const [params, setParam] = useSearchParam();
  const chosen = parseRouteIds(params.get("routes"));
  const { data } = useFetched<RouteRow[]>({
    url: "mail-tools/routes",
    queryOptions: { queryKey: ["mail-tools", "routes"] },
  });
  const { data: create } = useCan({ resource: "routes", action: "create" });
  const totals = zipTotals(data ?? []);
  const choose = (ids: number[]) => setParam("routes", ids.join(","));
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          EDDM routes
        </Typography.Title>
        <Flex gap={8} wrap>
          {create?.can && (
            <Link to="/routes/create">
              <Button>Add a route</Button>
            </Link>
          )}
          <Link
            to={`/postcard-tool?routes=${chosen.join(",")}`}
            aria-disabled={chosen.length === 0}
            onClick={(e) => chosen.length === 0 && e.preventDefault()}
            tabIndex={chosen.length === 0 ? -1 : undefined}
          >
            <Button type="primary" disabled={chosen.length === 0} tabIndex={-1}>
              Mail postcards to {chosen.length === 1 ? "this route" : `these ${chosen.length} routes`}
            </Button>
          </Link>
        </Flex>
      </Flex>
      <Card size="small" title="Addresses by ZIP">
        <Table
          rowKey="zip5"
          size="small"
          pagination={false}
          dataSource={totals}
          locale={{ emptyText: "No EDDM routes yet" }}
          columns={[
            { title: "ZIP", dataIndex: "zip5" },
            { title: "Routes", dataIndex: "routes", align: "right" },
            { title: "Residential", dataIndex: "residential", align: "right", render: count },
            { title: "Business", dataIndex: "business", align: "right", render: count, responsive: ["sm"] },
            { title: "Total", dataIndex: "total", align: "right", render: count },
          ]}
        />
      </Card>
      <Card size="small" title="Pick routes">
        <RoutePicker value={chosen} onChange={choose} linkRoutes />
      </Card>
    </Flex>
  );
}
