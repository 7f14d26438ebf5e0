// /automated-drop-postcard-tool (issue 22): the tenant's automated campaigns, filtered in the URL (active, cadence,
// search), each with its calendar, next run and last outcome; "New campaign" opens the settings form and goes to
// the new campaign's page. Reading needs MailOrder Read on the server, creating MailOrder Create.
import { Alert, Button, Card, Empty, Flex, Form, Input, Modal, Select, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { can, type MergedPermissions } from "../../access/permissions";
import { PermissionNotice } from "../../components/permission-notice";
import { useFetched } from "../../providers/use-fetched";
import { useMergedPermissions } from "../orders/use-merged-permissions";
import { type Campaign, createCampaign } from "./campaign-api";
import { CampaignForm, NEW_CAMPAIGN, showFieldErrors } from "./campaign-form";
import {
  CADENCE_LABELS,
  CADENCES,
  CAMPAIGNS_NEED,
  type CampaignSettings,
  describeCalendar,
  OUTCOME_LABELS,
  when,
} from "./campaign-words";

export default function CampaignsPage() {
  const merged = useMergedPermissions();
  if (can(merged, "MailOrder", "Read")) return <CampaignsList merged={merged} />;
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Automated campaigns
      </Typography.Title>
      <PermissionNotice allowed={false} message={CAMPAIGNS_NEED} />
    </Flex>
  );
}

function CampaignsList({ merged }: { merged: MergedPermissions | null }) {
  const mayCreate = can(merged, "MailOrder", "Create") && can(merged, "Order", "Create");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const active = params.get("active") ?? undefined;
  const cadence = params.get("cadence") ?? undefined;
  const q = params.get("q") ?? undefined;
  const { data, query } = useFetched<Campaign[]>({
    url: "campaigns",
    config: { query: { active, cadence, q } },
    queryOptions: { queryKey: ["campaigns", active, cadence, q] },
  });
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<CampaignSettings>();

  const setFilter = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const create = async (values: CampaignSettings) => {
    setSaving(true);
    try {
      const created = await createCampaign(values);
      if (created) navigate(`/automated-campaigns/${created.id}`);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Automated campaigns
        </Typography.Title>
        {mayCreate && (
          <Button type="primary" onClick={() => setCreating(true)}>
            New campaign
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Postcards mailed on a schedule or a trigger: each run makes an order with its mail order and drops.
      </Typography.Paragraph>
      <Card size="small">
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <Input.Search
            aria-label="Search campaigns"
            placeholder="Search by name or customer"
            allowClear
            defaultValue={q}
            onSearch={(value) => setFilter("q", value.trim() || undefined)}
            style={{ width: 260 }}
          />
          <Select
            aria-label="Schedule or trigger"
            placeholder="Any schedule"
            allowClear
            value={cadence}
            onChange={(value?: string) => setFilter("cadence", value)}
            options={CADENCES.map((value) => ({ value, label: CADENCE_LABELS[value] }))}
            style={{ width: 240 }}
          />
          <Select
            aria-label="Active or paused"
            placeholder="Active and paused"
            allowClear
            value={active}
            onChange={(value?: string) => setFilter("active", value)}
            options={[
              { value: "true", label: "Active" },
              { value: "false", label: "Paused" },
            ]}
            style={{ width: 180 }}
          />
        </Flex>
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            message="The campaigns could not be read"
            description={query.error?.message}
          />
        ) : (
          <Table<Campaign>
            size="small"
            rowKey="id"
            aria-label="Automated campaigns"
            loading={query.isLoading}
            dataSource={data ?? []}
            pagination={{ pageSize: 25, hideOnSinglePage: true }}
            scroll={{ x: 900 }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    params.size > 0 ? "No campaign matches these filters" : "No automated campaigns yet"
                  }
                />
              ),
            }}
            columns={[
              {
                title: "Campaign",
                dataIndex: "name",
                render: (name: string, row) => <Link to={`/automated-campaigns/${row.id}`}>{name}</Link>,
              },
              { title: "Customer", dataIndex: "customer_name" },
              { title: "List", dataIndex: "list_name" },
              { title: "When", key: "calendar", render: (_, row) => describeCalendar(row) },
              {
                title: "Next run",
                dataIndex: "next_run_at",
                render: (at: string | null, row) => (row.active ? when(at) : <Tag>Paused</Tag>),
              },
              {
                title: "Last run",
                dataIndex: "last_outcome",
                render: (outcome: string | null, row) =>
                  outcome ? (
                    <Flex vertical>
                      <Tag color={OUTCOME_LABELS[outcome]?.color}>
                        {OUTCOME_LABELS[outcome]?.label ?? outcome}
                      </Tag>
                      <Typography.Text type="secondary">{when(row.last_run_at)}</Typography.Text>
                    </Flex>
                  ) : (
                    "Not run yet"
                  ),
              },
            ]}
          />
        )}
      </Card>
      <Modal
        title="New automated campaign"
        open={creating}
        onCancel={() => setCreating(false)}
        footer={null}
        width={760}
        destroyOnHidden
      >
        <CampaignForm
          form={form}
          initialValues={NEW_CAMPAIGN}
          onFinish={(values) => void create(values)}
          submitLabel="Create campaign"
          saving={saving}
          creating
          onCancel={() => setCreating(false)}
        />
      </Modal>
    </Flex>
  );
}
