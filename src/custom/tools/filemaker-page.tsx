// The FileMaker pages (/filemaker/dental-offices, /filemaker/heartland-dashboard,
// /filemaker/post-offices; issue 22): read-only lists of a FileMaker layout's records from
// GET filemaker/{page} (FileMaker's Data API when the server is configured for it, else the demo
// tables: the page says which), searchable, sortable and paged with the query in the URL, and
// exported as CSV (GET filemaker/{page}/export.csv, the same search and sort). The Heartland
// dashboard adds its figures (heartland-figures.tsx).
import { Alert, Button, Card, Empty, Flex, Input, Space, Table, Typography } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { downloadFile } from "../../pages/resource/export-csv";
import { useFetched } from "../../providers/use-fetched";
import {
  FILEMAKER_LAYOUTS,
  type FileMakerListAnswer,
  type FileMakerRow,
  type FileMakerPage as Page,
} from "./filemaker-layouts";
import { apiQuery, type FileMakerQuery, PAGE_SIZES, readQuery, writeQuery } from "./filemaker-query";
import { HeartlandFigures } from "./heartland-figures";

const count = (n: number) => n.toLocaleString("en-US");

export function SourceNote({ source }: { source: string | undefined }) {
  if (!source) return null;
  return source === "FileMaker" ? (
    <Typography.Text type="secondary">Read from FileMaker through its Data API.</Typography.Text>
  ) : (
    <Alert
      type="info"
      showIcon
      message="FileMaker is not configured on this server: these records come from the demo tables."
    />
  );
}

export default function FileMakerPage({ page }: { page: Page }) {
  const layout = FILEMAKER_LAYOUTS[page];
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readQuery(layout, params), [layout, params]);
  const [typed, setTyped] = useState(query.q);
  // The box follows the URL (back and forward, a link with ?q=).
  useEffect(() => setTyped(query.q), [query.q]);
  const [exporting, setExporting] = useState(false);
  const { data: answer, query: list } = useFetched<FileMakerListAnswer>({
    url: `filemaker/${page}`,
    config: { query: apiQuery(query) },
    queryOptions: { queryKey: ["filemaker", page, query] },
  });
  const go = (next: Partial<FileMakerQuery>) =>
    setParams(writeQuery(layout, { ...query, ...next }), { replace: false });

  const exportCsv = async () => {
    setExporting(true);
    const { page: _p, pageSize: _s, ...rest } = apiQuery(query);
    await downloadFile(
      `filemaker/${page}/export.csv`,
      rest,
      `${page}-${new Date().toISOString().slice(0, 10)}.csv`,
    );
    setExporting(false);
  };

  const [one, many] = layout.noun;
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {layout.title}
      </Typography.Title>
      <SourceNote source={answer?.source} />
      {page === "heartland-dashboard" && (
        <HeartlandFigures
          onPick={(field, value) => go({ filters: { ...query.filters, [field]: value }, page: 1 })}
        />
      )}
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex wrap gap={8} justify="space-between">
            <Input.Search
              allowClear
              aria-label={`Search ${many}`}
              placeholder={`Search ${layout.fields
                .filter((f) => f.searchable)
                .slice(0, 3)
                .map((f) => f.label.toLowerCase())
                .join(", ")}…`}
              value={typed}
              maxLength={200}
              onChange={(e) => setTyped(e.target.value)}
              onSearch={(value) => go({ q: value, page: 1 })}
              style={{ maxWidth: 360 }}
            />
            <Space wrap>
              {Object.entries(query.filters).map(([key, value]) => (
                <Button
                  key={key}
                  size="small"
                  aria-label={`Remove the filter ${layout.fields.find((f) => f.key === key)?.label}: ${value}`}
                  onClick={() => {
                    const { [key]: _gone, ...filters } = query.filters;
                    go({ filters, page: 1 });
                  }}
                >
                  {layout.fields.find((f) => f.key === key)?.label}: {value} ×
                </Button>
              ))}
              {answer && (
                <Typography.Text type="secondary" role="status">
                  {count(answer.total)} {answer.total === 1 ? one : many}
                  {query.q.trim() ? ` found for “${query.q.trim()}”` : ""}
                </Typography.Text>
              )}
              <Button onClick={() => void exportCsv()} loading={exporting} disabled={answer?.total === 0}>
                Export CSV
              </Button>
            </Space>
          </Flex>
          {list.isError ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={`The ${many} could not be read`}
              description={list.error?.message}
              action={<Button onClick={() => void list.refetch()}>Try again</Button>}
            />
          ) : (
            <Table<FileMakerRow>
              size="small"
              rowKey="recordId"
              aria-label={layout.title}
              loading={list.isFetching}
              dataSource={answer?.rows ?? []}
              scroll={{ x: layout.fields.length * 120 }}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={query.q.trim() ? `No ${many} match “${query.q.trim()}”` : `No ${many} yet`}
                  />
                ),
              }}
              columns={layout.fields.map((f) => ({
                key: f.key,
                dataIndex: f.key,
                title: f.label,
                sorter: true,
                sortOrder: query.sort === f.key ? (query.order === "desc" ? "descend" : "ascend") : null,
                align: f.type === "number" ? ("right" as const) : undefined,
                render: (value: string | number | null) =>
                  value === null ? "" : typeof value === "number" ? count(value) : value,
              }))}
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: answer?.total ?? 0,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
              }}
              onChange={(pagination, _filters, sorter) => {
                const s = sorter as SorterResult<FileMakerRow>;
                const field = typeof s.columnKey === "string" && s.order ? s.columnKey : layout.sort;
                const order = s.order === "descend" ? "desc" : "asc";
                const resorted = field !== query.sort || order !== query.order;
                go({
                  sort: field,
                  order,
                  page: resorted ? 1 : (pagination.current ?? 1),
                  pageSize: pagination.pageSize ?? query.pageSize,
                });
              }}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
