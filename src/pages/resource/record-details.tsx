// A record's fields in the groups of its declaration's `show` layout: one Descriptions row per
// layout row (references link to their records), then when it was created and last changed.
import type { BaseRecord } from "@refinedev/core";
import { Descriptions, type DescriptionsProps, Typography } from "antd";
import { FieldValue } from "../../components/fields/field-value";
import { formatDateTime } from "../../components/fields/format";
import type { Resource } from "../../resource-engine/define";
import { fieldOf } from "../../resource-engine/field-of";
import { ChildTables } from "./child-tables";
import { RelatedRecords } from "./related-records";

export function RecordDetails({ resource, record }: { resource: Resource; record: BaseRecord }) {
  const columns = Math.min(3, Math.max(1, ...resource.show.map((row) => row.length)));
  const items: DescriptionsProps["items"] = resource.show.flatMap((row) =>
    row.map((name, index) => {
      const field = fieldOf(resource, name);
      return {
        key: name,
        label: field.label,
        // The last item of a row fills it, so every layout row starts on a new line.
        span: index === row.length - 1 ? ("filled" as const) : 1,
        children: <FieldValue field={field} value={record[name]} source={{ resource, field: name }} />,
      };
    }),
  );
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: columns }} items={items} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Created {formatDateTime(record.created_at)} · Updated {formatDateTime(record.updated_at)}
        {record.version !== undefined && ` · Version ${record.version}`}
      </Typography.Paragraph>
      <ChildTables resource={resource} record={record} />
      <RelatedRecords resource={resource} record={record} />
    </>
  );
}
