// The settings page's "Your access" tab: what the signed-in user may do in this tenant, i.e. the
// permissions merged from the roles of their memberships. Read-only: roles and groups are edited
// on their own pages.
import { Card, Descriptions, Empty, Table, Tag, Typography } from "antd";
import { useSyncExternalStore } from "react";
import { WILDCARD } from "../../access/catalogue";
import type { MergedPermissions } from "../../access/permissions";
import { useProfile } from "../../auth/use-profile";
import { getMergedPermissions, onPermissionsChange } from "../../providers/access-control";
import { type MatrixRow, matrixSections } from "./permission-matrix-model";

export function useMergedPermissions(): MergedPermissions | null {
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

export function PermissionsSummary() {
  const profile = useProfile();
  const merged = useMergedPermissions();
  const summary = permissionSummary(merged);
  return (
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
  );
}
