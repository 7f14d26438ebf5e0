// /automated-campaigns/{id} and /automated-drop-postcard-tool/{id} (issue 22): one automated campaign. Its
// calendar and next run, Run now (a run at once, outside the calendar), pause and resume, its settings (edited
// with the version read: a stale one is refused and the page reloads it), and its history: every attempt with
// its outcome, the order and mail order it made, or its error and how many attempts remain before it is failed.
// Delete (confirmed; refused by the server while a run is in progress) cancels its waiting runs. Its settings'
// change log and its run history are read a page at a time.

import { useSubscription } from "@refinedev/core";
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Popconfirm,
  Result,
  Row,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { can, type MergedPermissions } from "../../access/permissions";
import { PageSpinner } from "../../components/page-spinner";
import { PermissionNotice } from "../../components/permission-notice";
import { RequestError } from "../../providers/request-error";
import { useFetched } from "../../providers/use-fetched";
import { useMergedPermissions } from "../orders/use-merged-permissions";
import {
  type Campaign,
  type CampaignHistory,
  type CampaignRun,
  deleteCampaign,
  HISTORY_PAGE_SIZE,
  runCampaignNow,
  setCampaignActive,
  updateCampaign,
  type WaitingRun,
} from "./campaign-api";
import { CampaignChanges } from "./campaign-changes";
import { CampaignForm, showFieldErrors } from "./campaign-form";
import {
  CAMPAIGNS_NEED,
  type CampaignSettings,
  describeCalendar,
  describeQuantity,
  MAIL_CLASS_LABELS,
  OUTCOME_LABELS,
  when,
} from "./campaign-words";

function OutcomeTag({ outcome }: { outcome: string }) {
  const known = OUTCOME_LABELS[outcome];
  return <Tag color={known?.color}>{known?.label ?? outcome}</Tag>;
}

function RunResult({ run }: { run: CampaignRun }) {
  const r = run.result;
  if (run.error) return <Typography.Text type="danger">{run.error}</Typography.Text>;
  if (!r) return null;
  if (r.skipped) return <Typography.Text type="secondary">{r.skipped}</Typography.Text>;
  return (
    <Flex vertical>
      <span>
        {r.order_id ? <Link to={`/orders/${r.order_id}`}>{r.order_number}</Link> : null}
        {r.mail_order_id ? (
          <>
            {" · "}
            <Link to={`/mail-orders/${r.mail_order_id}`}>{r.mail_order_number}</Link>
          </>
        ) : null}
      </span>
      <Typography.Text type="secondary">
        {(r.pieces ?? 0).toLocaleString("en-US")} pieces; drops {(r.drop_dates ?? []).join(", ")}
      </Typography.Text>
    </Flex>
  );
}

function HistoryTable({
  history,
  loading,
  onPage,
}: {
  history: CampaignHistory | undefined;
  loading: boolean;
  onPage(page: number): void;
}) {
  return (
    <Table<CampaignRun>
      size="small"
      rowKey="id"
      aria-label="Run history"
      loading={loading}
      dataSource={history?.runs ?? []}
      // The server pages the history (a campaign runs for years): one page of runs at a time.
      pagination={{
        current: history?.page ?? 1,
        pageSize: HISTORY_PAGE_SIZE,
        total: history?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        onChange: onPage,
      }}
      // No horizontal scroll box: a history without links in it would be a scrolling region no key can reach
      // (axe's scrollable-region-focusable); the columns wrap instead.
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No runs yet" /> }}
      columns={[
        { title: "Ran", dataIndex: "finished_at", render: when, width: 180 },
        {
          title: "Outcome",
          dataIndex: "outcome",
          width: 170,
          render: (outcome: string, row) => (
            <Flex vertical>
              <OutcomeTag outcome={outcome} />
              {row.manual && <Typography.Text type="secondary">Run now</Typography.Text>}
            </Flex>
          ),
        },
        {
          title: "Attempt",
          key: "attempt",
          width: 90,
          render: (_, row) => `${row.attempt} of ${row.max_attempts}`,
        },
        { title: "Order, mail order or error", key: "result", render: (_, row) => <RunResult run={row} /> },
      ]}
    />
  );
}

function Waiting({ waiting }: { waiting: WaitingRun[] }) {
  const retrying = waiting.filter((w) => w.attempts > 0);
  if (retrying.length === 0) return null;
  return (
    <Flex vertical gap={8}>
      {retrying.map((w) => (
        <Alert
          key={w.id}
          type="warning"
          showIcon
          message={`A run failed ${w.attempts} of ${w.max_attempts} times; the next attempt is at ${when(w.run_at)}`}
          description={w.last_error}
        />
      ))}
    </Flex>
  );
}

export default function CampaignPage() {
  const merged = useMergedPermissions();
  if (can(merged, "MailOrder", "Read")) return <CampaignView merged={merged} />;
  return (
    <Flex vertical gap={12}>
      <Link to="/automated-drop-postcard-tool">Automated campaigns</Link>
      <PermissionNotice allowed={false} message={CAMPAIGNS_NEED} />
    </Flex>
  );
}

function CampaignView({ merged }: { merged: MergedPermissions | null }) {
  const id = Number(useParams().id);
  const mayUpdate = can(merged, "MailOrder", "Update");
  const mayRun = can(merged, "MailOrder", "Create") && can(merged, "Order", "Create");
  const mayDelete = can(merged, "MailOrder", "Delete");
  const navigate = useNavigate();
  const { data: campaign, query } = useFetched<Campaign>({
    url: `campaigns/${id}`,
    queryOptions: { queryKey: ["campaign", id] },
  });
  const [page, setPage] = useState(1);
  const { data: history, query: historyQuery } = useFetched<CampaignHistory>({
    url: `campaigns/${id}/runs`,
    config: { query: { page, limit: HISTORY_PAGE_SIZE } },
    // The server's poller runs jobs on its own: an open page shows a scheduled run or a retry within half a minute.
    queryOptions: { queryKey: ["campaign-runs", id, page], refetchInterval: 30_000 },
  });
  // A run starting or ending (the server's poller, Run now in another window) refreshes the history at once.
  useSubscription({
    channel: "resources/Campaign",
    types: ["updated"],
    params: { ids: [id], subscriptionType: "useOne" },
    onLiveEvent: () => void Promise.all([query.refetch(), historyQuery.refetch()]),
  });
  const [form] = Form.useForm<CampaignSettings>();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<"save" | "run" | "pause" | "delete" | null>(null);
  const [notice, setNotice] = useState<{ type: "success" | "warning" | "error"; text: string } | null>(null);

  const reload = async () => {
    await Promise.all([query.refetch(), historyQuery.refetch()]);
  };
  const act = async (what: "save" | "run" | "pause" | "delete", work: () => Promise<void>) => {
    setBusy(what);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      if (error instanceof RequestError && error.statusCode === 409) await reload();
      if (what === "save") showFieldErrors(form, error);
    } finally {
      setBusy(null);
    }
  };

  if (query.isLoading) return <PageSpinner />;
  if (query.isError || !campaign) {
    const missing = query.error?.statusCode === 404;
    return (
      <Result
        status={missing ? "404" : "error"}
        title={missing ? "No such campaign" : "The campaign could not be read"}
        subTitle={query.error?.message}
        extra={<Link to="/automated-drop-postcard-tool">All campaigns</Link>}
      />
    );
  }

  const runNow = () =>
    act("run", async () => {
      const answer = await runCampaignNow(id);
      if (!answer) return;
      const r = answer.run?.result;
      if (answer.outcome === "done" && r?.skipped)
        setNotice({ type: "warning", text: `Nothing mailed: ${r.skipped}` });
      else if (answer.outcome === "done") {
        setNotice({
          type: "success",
          text: `Run done: ${r?.order_number} with mail order ${r?.mail_order_number}`,
        });
      } else {
        setNotice({
          type: "error",
          text: `The run failed: ${answer.run?.error ?? "see the history"}. It will be retried.`,
        });
      }
      await reload();
    });
  const toggle = () =>
    act("pause", async () => {
      if (await setCampaignActive(id, campaign.version, !campaign.active)) await reload();
    });
  const running = (history?.waiting ?? []).some((w) => w.state === "running");
  const remove = () =>
    act("delete", async () => {
      if (await deleteCampaign(id, campaign.version)) navigate("/automated-drop-postcard-tool");
    });
  const save = (values: CampaignSettings) =>
    act("save", async () => {
      const saved = await updateCampaign(id, campaign.version, values);
      if (!saved) return;
      setEditing(false);
      setNotice({ type: "success", text: "Saved; the next run follows the new settings" });
      await reload();
    });

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space direction="vertical" size={0}>
          <Link to="/automated-drop-postcard-tool">Automated campaigns</Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {campaign.name} {campaign.active ? <Tag color="green">Active</Tag> : <Tag>Paused</Tag>}
          </Typography.Title>
        </Space>
        <Space wrap>
          {mayRun && (
            <Popconfirm
              title="Run this campaign now?"
              description="It makes an order and its mail order at once, outside the schedule."
              okText="Run now"
              onConfirm={() => void runNow()}
            >
              <Button type="primary" loading={busy === "run"}>
                Run now
              </Button>
            </Popconfirm>
          )}
          {mayUpdate && (
            <Popconfirm
              title={campaign.active ? "Pause this campaign?" : "Resume this campaign?"}
              description={
                campaign.active ? "No run happens until it is resumed." : "Its next run is scheduled again."
              }
              okText={campaign.active ? "Pause" : "Resume"}
              onConfirm={() => void toggle()}
            >
              <Button loading={busy === "pause"}>{campaign.active ? "Pause" : "Resume"}</Button>
            </Popconfirm>
          )}
          {mayUpdate && !editing && <Button onClick={() => setEditing(true)}>Edit settings</Button>}
          {mayDelete && (
            <Popconfirm
              title="Delete this campaign?"
              description="Its waiting runs are cancelled; the orders its runs made stay."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => void remove()}
              disabled={running}
            >
              <Button danger loading={busy === "delete"} disabled={running}>
                Delete
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Flex>
      {notice && (
        <Alert
          type={notice.type}
          showIcon
          closable
          onClose={() => setNotice(null)}
          role={notice.type === "error" ? "alert" : "status"}
          message={notice.text}
        />
      )}
      {history && <Waiting waiting={history.waiting} />}
      {mayDelete && running && (
        <Alert
          type="info"
          showIcon
          message="A run is in progress: the campaign can be deleted once it has finished."
        />
      )}
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={editing ? 24 : 10}>
          <Card size="small" title="Settings">
            {editing ? (
              <CampaignForm
                form={form}
                initialValues={campaign}
                onFinish={(values) => void save(values)}
                submitLabel="Save"
                saving={busy === "save"}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <Descriptions size="small" column={1} bordered>
                <Descriptions.Item label="Next run">
                  {campaign.active ? when(campaign.next_run_at) : "Paused"}
                </Descriptions.Item>
                <Descriptions.Item label="When">{describeCalendar(campaign)}</Descriptions.Item>
                <Descriptions.Item label="Mails">{describeQuantity(campaign)}</Descriptions.Item>
                <Descriptions.Item label="Customer">
                  <Link to={`/customers/${campaign.customer_id}`}>{campaign.customer_name}</Link>
                </Descriptions.Item>
                <Descriptions.Item label="Mailing list">
                  <Link to={`/lists/${campaign.list_id}`}>{campaign.list_name}</Link>
                </Descriptions.Item>
                <Descriptions.Item label="Product">{campaign.product_name}</Descriptions.Item>
                {campaign.template_name && (
                  <Descriptions.Item label="Template">{campaign.template_name}</Descriptions.Item>
                )}
                <Descriptions.Item label="Mail class">
                  {MAIL_CLASS_LABELS[campaign.mail_class]}
                </Descriptions.Item>
                <Descriptions.Item label="First drop">
                  {campaign.lead_days} {campaign.lead_days === 1 ? "day" : "days"} after a run (next mailing
                  day)
                </Descriptions.Item>
                <Descriptions.Item label="Last run">{when(campaign.last_run_at)}</Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={editing ? 24 : 14}>
          <Card size="small" title="Run history">
            {historyQuery.isError ? (
              <Alert
                type="error"
                showIcon
                message="The history could not be read"
                description={historyQuery.error?.message}
              />
            ) : (
              <HistoryTable history={history} loading={historyQuery.isFetching} onPage={setPage} />
            )}
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title="Changes">
            <CampaignChanges id={id} version={campaign.version} />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
