// The settings page's "Changes" tab: who changed which settings when (GET tenant/settings/changes,
// the change log the server writes with every save), newest first.
import { Empty, Table, Typography } from "antd";
import { useEffect } from "react";
import { formatDateTime } from "../../components/fields/format";
import { useFetched } from "../../providers/use-fetched";
import { describeValue, holidayDiff, settingLabel } from "./settings-form-model";

/** One entry of a change log as the server answers it (GET …/change-logs). */
export interface ChangeEntry {
  id: number;
  action: string;
  changed_at: string;
  user: { id: number; name: string } | null;
  changes: Record<string, { from: unknown; to: unknown }>;
}

function ChangeLines({ changes }: { changes: ChangeEntry["changes"] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {Object.entries(changes).map(([field, { from, to }]) => (
        <li key={field}>
          <Typography.Text strong>{settingLabel(field)}</Typography.Text>
          {": "}
          {field === "holidays"
            ? holidayDiff(from, to).join("; ") || describeValue(field, to)
            : `${describeValue(field, from)} → ${describeValue(field, to)}`}
        </li>
      ))}
    </ul>
  );
}

/** `version`: the settings' version; the log is fetched again when a save raises it. */
export function SettingsChanges({ version }: { version: number | undefined }) {
  const { data, query } = useFetched<ChangeEntry[]>({
    url: "tenant/settings/changes",
    config: { query: { limit: 100 } },
    errorNotification: false,
  });
  const { refetch } = query;
  useEffect(() => {
    if (version !== undefined) void refetch();
  }, [version, refetch]);
  if (query.isError) {
    return <Typography.Text type="danger">The change log could not be loaded.</Typography.Text>;
  }
  return (
    <Table<ChangeEntry>
      size="small"
      loading={query.isLoading}
      rowKey="id"
      pagination={false}
      dataSource={data ?? []}
      locale={{ emptyText: <Empty description="No changes saved yet" /> }}
      columns={[
        { title: "When", key: "when", width: 180, render: (_, e) => formatDateTime(e.changed_at) },
        { title: "Who", key: "who", width: 160, render: (_, e) => e.user?.name ?? "—" },
        { title: "What changed", key: "what", render: (_, e) => <ChangeLines changes={e.changes} /> },
      ]}
    />
  );
}
