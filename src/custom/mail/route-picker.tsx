// EDDM carrier routes to pick for a mailing (the postcard and letter tools' mailing step): the routes by ZIP
// with their residential, business and total addresses, filtered by ZIP, each ZIP's chosen total against
// EDDM Retail's 200–5,000 pieces a day (the server decides when the drops are set: mail-tools.ts).
import { Alert, Flex, Select, Table, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useFetched } from "../../providers/use-fetched";
import { EDDM_RETAIL_MAX, EDDM_RETAIL_MIN } from "./mail-tools";

export interface RouteRow {
  id: number;
  zip5: string;
  carrier_route: string;
  type: string;
  residential_count: number;
  business_count: number;
  total_count: number;
}

const count = (n: number) => n.toLocaleString("en-US");

interface RoutePickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Each route's code links to its record page (the EDDM routes page; the tools keep the user in the wizard). */
  linkRoutes?: boolean;
  /** A table of its own height that scrolls (inside a wizard's step); without it, the page scrolls. */
  scrollHeight?: number;
}

export function RoutePicker({ value = [], onChange, linkRoutes = false, scrollHeight }: RoutePickerProps) {
  // Through the tools' own endpoint: whoever makes mail orders picks routes without reading the Route pages.
  const { data, query } = useFetched<RouteRow[]>({
    url: "mail-tools/routes",
    queryOptions: { queryKey: ["mail-tools", "routes"] },
  });
  const routes = data ?? [];
  const zips = useMemo(() => [...new Set(routes.map((r) => r.zip5))], [routes]);
  const [zip, setZip] = useState<string | undefined>();
  const shown = zip ? routes.filter((r) => r.zip5 === zip) : routes;
  const chosen = routes.filter((r) => value.includes(r.id));
  const byZip = new Map<string, number>();
  for (const r of chosen) byZip.set(r.zip5, (byZip.get(r.zip5) ?? 0) + r.total_count);

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <label htmlFor="route-zip">ZIP</label>
        <Select
          id="route-zip"
          allowClear
          placeholder="Every ZIP"
          style={{ minWidth: 160 }}
          value={zip}
          onChange={setZip}
          options={zips.map((z) => ({ value: z, label: z }))}
        />
        <Typography.Text type="secondary">
          {chosen.length} routes chosen, {count(chosen.reduce((n, r) => n + r.total_count, 0))} addresses
        </Typography.Text>
      </Flex>
      {[...byZip].map(([z, n]) =>
        n > EDDM_RETAIL_MAX || n < EDDM_RETAIL_MIN ? (
          <Alert
            key={z}
            type="warning"
            showIcon
            message={`ZIP ${z}: ${count(n)} addresses chosen. EDDM Retail mails ${count(EDDM_RETAIL_MIN)} to ${count(EDDM_RETAIL_MAX)} pieces a day per ZIP: split them into drops or change the routes.`}
          />
        ) : (
          <Tag key={z} color="green" style={{ alignSelf: "flex-start" }}>
            ZIP {z}: {count(n)} addresses
          </Tag>
        ),
      )}
      <Table<RouteRow>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={shown}
        pagination={false}
        scroll={scrollHeight ? { y: scrollHeight } : undefined}
        locale={{ emptyText: "No EDDM routes: add them on the EDDM routes page" }}
        rowSelection={{
          selectedRowKeys: value,
          onChange: (keys) => {
            const others = value.filter((id) => !shown.some((r) => r.id === id));
            onChange?.([...others, ...(keys as number[])]);
          },
          getCheckboxProps: (r) => {
            // The checkbox's name for screen readers (antd's props type leaves aria-label out).
            const props = {
              name: `Route ${r.zip5} ${r.carrier_route}`,
              "aria-label": `Route ${r.zip5} ${r.carrier_route}`,
            };
            return props;
          },
        }}
        columns={[
          { title: "ZIP", dataIndex: "zip5" },
          {
            title: "Route",
            dataIndex: "carrier_route",
            render: (code: string, r) => (linkRoutes ? <Link to={`/routes/${r.id}`}>{code}</Link> : code),
          },
          { title: "Type", dataIndex: "type", responsive: ["md"] },
          { title: "Residential", dataIndex: "residential_count", align: "right", render: count },
          {
            title: "Business",
            dataIndex: "business_count",
            align: "right",
            render: count,
            responsive: ["md"],
          },
          { title: "Total", dataIndex: "total_count", align: "right", render: count },
        ]}
      />
    </Flex>
  );
}
