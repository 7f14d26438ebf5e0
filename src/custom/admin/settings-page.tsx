// /settings (product admins only, spec §6): the tenant's name and what the signed-in user may
// do, i.e. the permissions merged from the roles of their memberships in this tenant. Read-only:
// roles and groups are edited on their own pages.
import { Card, Descriptions, Empty, Flex, Table, Tag, Typography } from "antd";
import { useSyncExternalStore } from "react";
import { WILDCARD } from "../../access/catalogue";
import type { MergedPermissions } from "../../access/permissions";
import { useProfile } from "../../auth/use-profile";
import { getMergedPermissions, onPermissionsChange } from "../../providers/access-control";
import { useFetched } from "../../providers/use-fetched";
import { type MatrixRow, matrixSections } from "./permission-matrix-model";

interface Tenant {
  id: number;
  name: string;
}

function useMergedPermissions(): MergedPermissions | null {
  return useSyncExternalStore(onPermissionsChange, getMergedPermissions, getMergedPermissions);
}

/** The granted kinds in sections per menu area: [{ group, rows: [{ row, actions }] }]. */
export function permissionSummary(merged: MergedPermissions | null) {
  const permissions = merged?.permissions ?? {};
  return matrixSections()
    .map(({ group, rows }) => ({
      group,
      rows: rows
        .filter((row) => (permissions[row.kind] ?? []).length > 0)
        .map((row) => ({ row, actions: permissions[row.kind] })),
    }))
    .filter((section) => section.rows.length > 0);
}

export default function SettingsPage() {
  const profile = useProfile();
  const merged = useMergedPermissions();
  const { data: tenant, query } = useFetched<Tenant>({ url: "tenant", errorNotification: false });
  const summary = permissionSummary(merged);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Settings
      </Typography.Title>
      <Card title="Tenant" size="small" loading={query.isLoading}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="Name">{tenant?.name ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="Tenant id">{tenant?.id ?? "—"}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Your access" size="small">
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Signed in as">
            {profile ? `${profile.name} <${profile.email}>` : "—"}
          </Descriptions.Item>
          <Descriptions.Item label="Product admin">{merged?.isAdmin ? "Yes" : "No"}</Descriptions.Item>
          <Descriptions.Item label="Groups">
            {(profile?.UserGroups ?? []).map((membership) => membership.Groups.name).join(", ") || "—"}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary">
          What you may do in this tenant: the permissions of the roles of all your groups, merged.
        </Typography.Paragraph>
        {summary.length === 0 && <Empty description="No permissions" />}
        {summary.map((section) => (
          <section key={section.group} aria-label={section.group} style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>{section.group}</Typography.Title>
            <Table<{ row: MatrixRow; actions: string[] }>
              size="small"
              pagination={false}
              rowKey={(entry) => entry.row.kind}
              dataSource={section.rows}
              columns={[
                { title: "Resource", key: "label", width: "35%", render: (_, entry) => entry.row.label },
                {
                  title: "Actions",
                  key: "actions",
                  render: (_, entry) =>
                    entry.actions.includes(WILDCARD) ? (
                      <Tag color="blue">All actions</Tag>
                    ) : (
                      entry.actions.map((action) => <Tag key={action}>{action}</Tag>)
                    ),
                },
              ]}
            />
          </section>
        ))}
      </Card>
    </Flex>
  );
}
