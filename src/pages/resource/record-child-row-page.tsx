// One row of a record's child collection as a page of its own, for collections declared with
// `rowPages` (a site order setting's step: /sites/{id}/{order_settings_id}/{step_id}): the way
// back to the record, the row's fields, its place in the collection, its change log when it
// keeps one, and Edit of the record (rows are edited with their parent, in one write).
import { ArrowLeftOutlined, EditOutlined, HistoryOutlined } from "@ant-design/icons";
import { type BaseKey, type BaseRecord, CanAccess } from "@refinedev/core";
import { Button, Card, Descriptions, Flex, Result, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { recordTitle } from "../../components/fields/record-title";
import { PageSpinner } from "../../components/page-spinner";
import type { Resource } from "../../resource-engine/define";
import { childFieldOf } from "../../resource-engine/field-of";
import { inSentence } from "../../resource-engine/list-query";
import { childPathOf, recordPath, SCOPE_PARAM, scopeOf } from "../../resource-engine/resource-routes";
import { childRowTitle } from "./child-tables";
import { useRecord } from "./record-show";

type Row = Record<string, unknown> & { id?: BaseKey };

/** The row of `record[name]` whose id is `childId` (ids compare as text: the URL's are). */
export function rowOf(record: BaseRecord | undefined, name: string, childId: string): Row | undefined {
  const rows: unknown = record?.[name];
  if (!Array.isArray(rows)) return undefined;
  return rows.find(
    (row): row is Row => typeof row === "object" && row !== null && String((row as Row).id) === childId,
  );
}

export default function RecordChildRowPage({ resource, name }: { resource: Resource; name: string }) {
  const { id = "", childId = "", [SCOPE_PARAM]: scope } = useParams();
  const navigate = useNavigate();
  const { query, result: record } = useRecord(resource, id);
  const child = resource.children[name];
  const singular = inSentence(child.singular);
  const misplaced = record && scope !== undefined && String(scopeOf(resource, record)) !== scope;
  const row = misplaced ? undefined : rowOf(record, name, childId);
  const rows: unknown[] = Array.isArray(record?.[name]) ? (record[name] as unknown[]) : [];
  const changeLog = child.ownChangeLog
    ? childPathOf(resource, name, "changeLogs", { id, scope, childId })
    : undefined;

  let body: ReactNode;
  if (query.isLoading) {
    body = <PageSpinner />;
  } else if (!record || misplaced) {
    body = (
      <Result
        status={misplaced ? "404" : "warning"}
        title={`This ${inSentence(resource.singular)} could not be loaded.`}
      />
    );
  } else if (!row) {
    body = (
      <Result
        status="404"
        title={`This ${singular} is not one of this ${inSentence(resource.singular)}'s.`}
      />
    );
  } else {
    body = (
      <Descriptions
        bordered
        size="small"
        column={1}
        items={Object.keys(child.fields).map((field) => ({
          key: field,
          label: childFieldOf(child, field).label,
          children: <FieldValue field={childFieldOf(child, field)} value={row[field]} />,
        }))}
      />
    );
  }

  return (
    <>
      <Link to={recordPath(resource, "show", id, scope)}>
        <ArrowLeftOutlined /> {record ? recordTitle(resource, record) : `${resource.singular} #${id}`}
      </Link>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: "8px 0 16px" }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {row ? childRowTitle(child, row) : child.singular}
          </Typography.Title>
          {row && (
            <Typography.Text type="secondary">
              {child.singular} {rows.indexOf(row) + 1} of {rows.length}
            </Typography.Text>
          )}
        </div>
        {row && (
          <Space wrap>
            {changeLog && (
              <Button icon={<HistoryOutlined />} onClick={() => navigate(changeLog)}>
                Change log
              </Button>
            )}
            <CanAccess resource={resource.kind} action="edit" params={{ id }}>
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(recordPath(resource, "edit", id, scope))}
              >
                Edit {inSentence(resource.singular)}
              </Button>
            </CanAccess>
          </Space>
        )}
      </Flex>
      <Card>{body}</Card>
    </>
  );
}
