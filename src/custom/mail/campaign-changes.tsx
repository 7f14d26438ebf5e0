// The campaign page's "Changes": who changed which of its settings when (GET campaigns/{id}/change-logs, written
// by the server with every create, edit, pause and resume), newest first, a page at a time.
import { Empty, Table, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { formatDateTime } from "../../components/fields/format";
import { useFetched } from "../../providers/use-fetched";
import type { ChangeEntry } from "../admin/settings-changes";
import { describeSettingChange } from "./campaign-words";

const PAGE_SIZE = 10;
const ACTIONS: Record<string, string> = { create: "Created", update: "Changed", delete: "Deleted" };

/** `version`: the campaign's version; the log is fetched again when a change raises it. */
export function CampaignChanges({ id, version }: { id: number; version: number }) {
  const [page, setPage] = useState(1);
  // The list's total (meta.total) pages the table: a full last page offers no empty next one.
  const { data, total, query } = useFetched<ChangeEntry[]>({
    url: `campaigns/${id}/change-logs`,
    config: { query: { page, limit: PAGE_SIZE } },
    queryOptions: { queryKey: ["campaign-changes", id, page] },
    errorNotification: false,
  });
  // The last total read: the pager keeps its pages while the next page loads.
  const known = useRef(0);
  if (total !== undefined) known.current = total;
  const { refetch } = query;
  useEffect(() => {
    if (version > 0) void refetch();
  }, [version, refetch]);
  if (query.isError) {
    return <Typography.Text type="danger">The change log could not be loaded.</Typography.Text>;
  }
  const rows = data ?? [];
  return (
    <Table<ChangeEntry>
      size="small"
      rowKey="id"
      aria-label="Changes"
      loading={query.isFetching}
      dataSource={rows}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: known.current,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: setPage,
      }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No changes yet" /> }}
      columns={[
        { title: "When", key: "when", width: 180, render: (_, e) => formatDateTime(e.changed_at) },
        { title: "Who", key: "who", width: 150, render: (_, e) => e.user?.name ?? "—" },
        {
          title: "What changed",
          key: "what",
          render: (_, e) => (
            <>
              <Typography.Text type="secondary">{ACTIONS[e.action] ?? e.action}</Typography.Text>
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {Object.entries(e.changes).map(([field, { from, to }]) => (
                  <li key={field}>{describeSettingChange(field, from, to)}</li>
                ))}
              </ul>
            </>
          ),
        },
      ]}
    />
  );
}
