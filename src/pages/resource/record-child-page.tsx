// One record's child collection as a page of its own (/products/{site_id}/{product_id}/variants):
// the way back to the record, and the collection's read-only table.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Card, Result, Typography } from "antd";
import { Link, useParams } from "react-router";
import { recordTitle } from "../../components/fields/record-title";
import { PageSpinner } from "../../components/page-spinner";
import type { Resource } from "../../resource-engine/define";
import { inSentence } from "../../resource-engine/list-query";
import { recordPath, SCOPE_PARAM, scopeOf } from "../../resource-engine/resource-routes";
import { ChildTable } from "./child-tables";
import { useRecord } from "./record-show";

export default function RecordChildPage({ resource, name }: { resource: Resource; name: string }) {
  const { id = "", [SCOPE_PARAM]: scope } = useParams();
  const { query, result: record } = useRecord(resource, id);
  const child = resource.children[name];
  const misplaced = record && scope !== undefined && String(scopeOf(resource, record)) !== scope;
  return (
    <>
      <Link to={recordPath(resource, "show", id, scope)}>
        <ArrowLeftOutlined /> {record ? recordTitle(resource, record) : `${resource.singular} #${id}`}
      </Link>
      <Typography.Title level={3} style={{ margin: "8px 0 16px" }}>
        {child.label}
      </Typography.Title>
      <Card>
        {query.isLoading ? (
          <PageSpinner />
        ) : !record || misplaced ? (
          <Result
            status={misplaced ? "404" : "warning"}
            title={`This ${inSentence(resource.singular)} could not be loaded.`}
          />
        ) : (
          <ChildTable resource={resource} name={name} record={record} />
        )}
      </Card>
    </>
  );
}
