// The role editor's permission matrix: every resource kind against its own actions, '*' per
// kind ("all actions"), in sections per menu area, with a search box narrowing the kinds.
import { SearchOutlined } from "@ant-design/icons";
import { Checkbox, Empty, Flex, Input, Table, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { memo, useCallback, useMemo, useRef, useState } from "react";
import { WILDCARD } from "../../access/catalogue";
import type { Kind } from "../../access/kinds";
import {
  actionLabel,
  CRUD_ACTIONS,
  grantedCount,
  isGranted,
  type MatrixRow,
  type MatrixSection,
  matrixSections,
  type Permissions,
  toggle,
} from "./permission-matrix-model";

export interface PermissionMatrixProps {
  value: Permissions;
  onChange: (next: Permissions) => void;
  disabled?: boolean;
}

export function PermissionMatrix({ value, onChange, disabled = false }: PermissionMatrixProps) {
  const [search, setSearch] = useState("");
  const sections = useMemo(() => matrixSections(search), [search]);
  // One stable toggle for every checkbox, so a tick re-renders only its own section.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const onToggle = useCallback((kind: Kind, action: string, on: boolean) => {
    const { value: current, onChange: change } = latest.current;
    change(toggle(current, kind, action, on));
  }, []);

  return (
    <Flex vertical gap={16}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Search resources or actions"
        aria-label="Search resources"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 360 }}
      />
      {sections.length === 0 && <Empty description={`No resource matches “${search.trim()}”`} />}
      {sections.map((section) => (
        <SectionTable
          key={section.group}
          section={section}
          grants={section.rows.map((row) => value[row.kind] ?? [])}
          value={value}
          disabled={disabled}
          onToggle={onToggle}
        />
      ))}
    </Flex>
  );
}

interface SectionTableProps {
  section: MatrixSection;
  /** The section's part of the permissions: only a change here re-renders the section. */
  grants: string[][];
  value: Permissions;
  disabled: boolean;
  onToggle: (kind: Kind, action: string, on: boolean) => void;
}

const sameSection = (a: SectionTableProps, b: SectionTableProps) =>
  a.section === b.section &&
  a.disabled === b.disabled &&
  a.onToggle === b.onToggle &&
  JSON.stringify(a.grants) === JSON.stringify(b.grants);

const SectionTable = memo(function SectionTable({ section, value, disabled, onToggle }: SectionTableProps) {
  // `labelled`: the action in words beside the box, its code (what the API stores) as the hint.
  const box = (kind: Kind, action: string, labelled = false) => {
    const all = (value[kind] ?? []).includes(WILDCARD);
    const implied = action !== WILDCARD && all;
    const checkbox = (
      <Checkbox
        key={action}
        aria-label={`${kind}: ${action === WILDCARD ? "all actions" : action}`}
        checked={isGranted(value, kind, action)}
        // Under '*' each action is granted already: untick '*' to choose them one by one.
        disabled={disabled || implied}
        onChange={(event) => onToggle(kind, action, event.target.checked)}
      >
        {labelled ? actionLabel(action) : undefined}
      </Checkbox>
    );
    return labelled ? (
      <Tooltip key={action} title={action}>
        {checkbox}
      </Tooltip>
    ) : (
      checkbox
    );
  };

  const columns: ColumnsType<MatrixRow> = [
    {
      title: "Resource",
      key: "label",
      render: (_, row) => (
        <Flex vertical>
          <Typography.Text>{row.label}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.kind}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: "All (*)",
      key: WILDCARD,
      width: 72,
      align: "center",
      render: (_, row) => box(row.kind, WILDCARD),
    },
    ...CRUD_ACTIONS.map((action) => ({
      title: action,
      key: action,
      width: 72,
      align: "center" as const,
      render: (_: unknown, row: MatrixRow) => box(row.kind, action),
    })),
    {
      title: "Other actions",
      key: "extras",
      width: "35%",
      render: (_, row) =>
        row.extras.length > 0 ? (
          <Flex wrap gap={4}>
            {row.extras.map((action) => box(row.kind, action, true))}
          </Flex>
        ) : null,
    },
  ];

  return (
    <section aria-label={section.group}>
      <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {section.group}
        </Typography.Title>
        <Tag>
          {grantedCount(value, section.rows)} of {section.rows.length} granted
        </Tag>
      </Flex>
      <Table<MatrixRow>
        size="small"
        rowKey="kind"
        columns={columns}
        dataSource={section.rows}
        pagination={false}
        scroll={{ x: 720 }}
      />
    </section>
  );
}, sameSection);
