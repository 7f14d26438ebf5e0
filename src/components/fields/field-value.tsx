// A field's value rendered by its type: in list cells, the show view and change logs. Text is
// always rendered as text, links only for http(s) addresses; rich text shows a plain-text excerpt in
// one-line places and its sanitised HTML in full views (rich-text-value.tsx).
import type { BaseKey } from "@refinedev/core";
import { Tag, Typography } from "antd";
import type { Field } from "../../resource-engine/fields";
import { ColourSwatch } from "./colour-swatch";
import { EMPTY, formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from "./format";
import type { ReferenceSource } from "./reference-source";
import { ReferenceLabels, type ReferenceRecords, ReferenceValue } from "./reference-value";
import { RichTextValue } from "./rich-text-value";
import { SecretState } from "./secret-state";

interface FieldValueProps {
  field: Field;
  value: unknown;
  /** List cells: keep long text to one line. */
  compact?: boolean;
  /** A list column's ids, so reference cells share one request. */
  batch?: BaseKey[];
  /** A reference's records, already fetched for the whole column: the cell sends nothing. */
  references?: ReferenceRecords;
  /** Where a reference sits (its kind and field): its titles come from that kind's look-up. */
  source?: ReferenceSource;
}

function safeHref(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function LongText({ text, compact }: { text: string; compact?: boolean }) {
  if (compact) {
    return (
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 320 }}>
        {text}
      </Typography.Text>
    );
  }
  return <span style={{ whiteSpace: "pre-wrap" }}>{text}</span>;
}

export function FieldValue({ field, value, compact, batch, references, source }: FieldValueProps) {
  if (field.type === "reference" || field.type === "referenceList") {
    return references ? (
      <ReferenceLabels target={field.target} value={value} records={references} />
    ) : (
      <ReferenceValue target={field.target} value={value} batch={batch} source={source} />
    );
  }
  if (field.type === "secret") return <SecretState value={value} />;
  if (value === undefined || value === null || value === "") {
    return <Typography.Text type="secondary">{EMPTY}</Typography.Text>;
  }
  switch (field.type) {
    case "money":
      return <>{formatMoney(value)}</>;
    case "integer":
      return <>{formatNumber(value, 0, field.unit)}</>;
    case "decimal":
      return <>{formatNumber(value, field.scale, field.unit)}</>;
    case "percent":
      return <>{formatPercent(value, field.scale)}</>;
    case "date":
      return <>{formatDate(value)}</>;
    case "datetime":
      return <>{formatDateTime(value)}</>;
    case "boolean": {
      const yes = value === true || value === "true";
      return <Tag color={yes ? "green" : "default"}>{yes ? "Yes" : "No"}</Tag>;
    }
    case "enum": {
      const option = field.values.find((v) => v.value === value);
      return <Tag color={option?.color}>{option?.label ?? String(value)}</Tag>;
    }
    case "colour":
      return <ColourSwatch value={String(value)} />;
    case "email":
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    // A phone number reads as one unit: never broken over lines ("(800) 555-" / "1000").
    case "phone":
      return <span style={{ whiteSpace: "nowrap" }}>{String(value)}</span>;
    case "url": {
      const href = safeHref(String(value));
      return href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {String(value)}
        </a>
      ) : (
        String(value)
      );
    }
    case "richText":
      return <RichTextValue html={String(value)} compact={compact} />;
    case "longText":
      return <LongText text={String(value)} compact={compact} />;
    case "json": {
      const text = typeof value === "string" ? value : JSON.stringify(value, null, compact ? 0 : 2);
      return compact ? (
        <Typography.Text code ellipsis={{ tooltip: text }} style={{ maxWidth: 320 }}>
          {text}
        </Typography.Text>
      ) : (
        <pre style={{ margin: 0, whiteSpace: "pre-wrap" }}>{text}</pre>
      );
    }
    default:
      return <>{String(value)}</>;
  }
}
