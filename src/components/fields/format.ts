// The app's one formatter module: every page (generic pages, administration, logs) shows dates,
// times, money and quantities through these, in the user's locale (undefined = the browser's).
// Money is USD with 2 decimals; a date-only value ("2024-03-05") is read as a local calendar day,
// never as UTC midnight (which shows as the previous day west of Greenwich).
import type { Field } from "../../resource-engine/fields";

const money = new Intl.NumberFormat(undefined, {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export const EMPTY = "—";

function toNumber(value: unknown): number | undefined {
  const n =
    typeof value === "number" ? value : typeof value === "string" && value !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

export function formatMoney(value: unknown): string {
  const n = toNumber(value);
  return n === undefined ? EMPTY : money.format(n);
}

export function formatNumber(value: unknown, scale?: number, unit?: string): string {
  const n = toNumber(value);
  if (n === undefined) return EMPTY;
  const text = new Intl.NumberFormat(undefined, {
    minimumFractionDigits: scale ?? 0,
    maximumFractionDigits: scale ?? 0,
  }).format(n);
  return unit ? `${text} ${unit}` : text;
}

/** A change of a quantity: "+5", "-3", "0". */
export function formatSignedNumber(value: unknown, scale?: number, unit?: string): string {
  const n = toNumber(value);
  if (n === undefined) return EMPTY;
  const text = new Intl.NumberFormat(undefined, {
    signDisplay: "exceptZero",
    minimumFractionDigits: scale ?? 0,
    maximumFractionDigits: scale ?? 0,
  }).format(n);
  return unit ? `${text} ${unit}` : text;
}

export function formatPercent(value: unknown, scale = 0): string {
  const n = toNumber(value);
  if (n === undefined) return EMPTY;
  return new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: scale }).format(n / 100);
}

/** "2024-03-05" (or a datetime's date part) as a local calendar day. */
export function parseDay(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export function formatDate(value: unknown): string {
  if (typeof value !== "string" || value === "") return EMPTY;
  const day = parseDay(value);
  return day ? dateFormat.format(day) : value;
}

export function formatDateTime(value: unknown): string {
  if (typeof value !== "string" || value === "") return EMPTY;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : dateTimeFormat.format(at);
}

/**
 * Rich text arrives as HTML: take its text through an inert parse (DOMParser runs no scripts
 * and loads nothing), so a list or a change log never renders the markup itself.
 */
export function plainTextOf(html: string): string {
  if (typeof DOMParser === "undefined") return html.replace(/<[^>]*>/g, " ").trim();
  const doc = new DOMParser().parseFromString(html, "text/html");
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** A one-line text for any value of a field (change logs, conflict notes, titles). */
export function formatPlain(field: Field | undefined, value: unknown): string {
  if (value === undefined || value === null || value === "") return EMPTY;
  switch (field?.type) {
    case "money":
      return formatMoney(value);
    case "integer":
    case "decimal":
      return formatNumber(value, field.type === "decimal" ? field.scale : 0, field.unit);
    case "percent":
      return formatPercent(value, field.scale);
    case "date":
      return formatDate(value);
    case "datetime":
      return formatDateTime(value);
    case "boolean":
      return value === true || value === "true" ? "Yes" : "No";
    case "enum":
      return field.values.find((v) => v.value === value)?.label ?? String(value);
    case "richText":
      return plainTextOf(String(value));
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

const COUNT = new Intl.NumberFormat();
/** A table's "1–25 of 12,000" (antd's pagination `showTotal`), for every list alike. */
export const pageTotal = (total: number, [from, to]: [number, number]): string =>
  `${COUNT.format(from)}–${COUNT.format(to)} of ${COUNT.format(total)}`;
