// The product import's calls (server/resources/hooks/products.ts): the CSV goes as the body of
// POST products/import/preview and products/import/commit (?site_id=), through the one http
// client, reporting upload progress. And the template: a CSV header of the importable fields.
import type { AxiosProgressEvent } from "axios";
import { request } from "../../providers/http-client";
import { RequestError } from "../../providers/request-error";
import type { Resource } from "../../resource-engine/define";

export const IMPORT_API = "products/import";

/** One row's problem; row = its number in a spreadsheet (the header is row 1). */
export interface ImportRowError {
  row: number;
  field?: string;
  message: string;
}

export interface ImportPreview {
  rows: number;
  valid: number;
  errors: ImportRowError[];
  /** The first 20 rows as they would be stored; "update": a stored product whose variants the file updates. */
  sample: { row: number; action?: ImportAction; values: Record<string, unknown> }[];
  /** The fields the header names, in its order. */
  columns: string[];
  /** Products of the file already stored (their variants are updated, named by SKU; new ones added). */
  updating?: number;
  /** The rows (products and variant rows) that update what is stored; every other row creates. */
  updated?: number[];
}

export type ImportAction = "create" | "update";

/** What a row of the file does: updates a stored product or variant, or creates one. */
export function rowAction(preview: Pick<ImportPreview, "updated">, row: number): ImportAction {
  return preview.updated?.includes(row) ? "update" : "create";
}

/** Rows as ranges: [2, 3, 4, 7, 9, 10] → "2–4, 7, 9–10" (at most `max` ranges, then how many more rows). */
export function rowRanges(rows: number[], max = 12): string {
  const ranges: [number, number][] = [];
  for (const row of [...new Set(rows)].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && row === last[1] + 1) last[1] = row;
    else ranges.push([row, row]);
  }
  const shown = ranges.slice(0, max).map(([a, b]) => (a === b ? String(a) : `${a}–${b}`));
  const rest = ranges.slice(max).reduce((n, [a, b]) => n + b - a + 1, 0);
  return rest > 0 ? `${shown.join(", ")} and ${rest.toLocaleString("en-US")} more` : shown.join(", ");
}

/** Which rows of the file update what is stored (the others create), or undefined when none do. */
export function updatedRowsText(preview: Pick<ImportPreview, "updated">): string | undefined {
  const rows = preview.updated ?? [];
  if (rows.length === 0) return undefined;
  const one = rows.length === 1;
  return `${one ? "Row" : "Rows"} ${rowRanges(rows)} ${one ? "updates" : "update"} stored products and their variants (by SKU); every other row creates.`;
}

const products = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "product" : "products"}`;

/** The import button's words: "Import 3 products", or "Import 3 products (2 new, 1 updated)". */
export function importButtonLabel(preview: Pick<ImportPreview, "rows" | "updating">): string {
  const updating = preview.updating ?? 0;
  if (updating === 0) return `Import ${products(preview.rows)}`;
  return `Import ${products(preview.rows)} (${(preview.rows - updating).toLocaleString("en-US")} new, ${updating.toLocaleString("en-US")} updated)`;
}

/** The commit's outcome: "Imported 3 products", "Imported 2 products, updated 1". */
export function importedTitle({ created, updated = 0 }: { created: number; updated?: number }): string {
  if (updated === 0) return `Imported ${products(created)}`;
  if (created === 0) return `Updated the variants of ${products(updated)}`;
  return `Imported ${products(created)}, updated ${updated.toLocaleString("en-US")}`;
}

/** What a CSV may set: the writable fields, less the scope (the site comes from the page). */
export function importableFields(resource: Resource): string[] {
  return Object.entries(resource.fields)
    .filter(([name, field]) => !field.readOnly && field.type !== "secret" && name !== resource.scopedBy)
    .map(([name]) => name);
}

/**
 * The child rows a CSV may give ("variants.sku", "variants.price" …): a row repeating the SKU of the
 * row above, its other product cells empty, adds one more variant (server/resources/csv-children.ts).
 */
export function importableChildColumns(resource: Resource): string[] {
  return Object.entries(resource.children ?? {}).flatMap(([name, child]) =>
    Object.entries(child.fields)
      .filter(([, field]) => !field.readOnly && field.type !== "secret")
      .map(([field]) => `${name}.${field}`),
  );
}

export function templateCsv(resource: Resource): string {
  return `${[...importableFields(resource), ...importableChildColumns(resource)].join(",")}\r\n`;
}

/** A column's words: the field's label, a child row's field as "Variant price". */
export function columnLabel(resource: Resource, column: string | undefined): string {
  if (column === undefined) return "File";
  const [name, field] = column.split(".");
  const child = resource.children?.[name];
  if (!child) return resource.fields[column]?.label ?? column;
  if (field === undefined) return child.label;
  const label = child.fields[field]?.label ?? field.replace(/_/g, " ");
  return `${child.singular} ${label === label.toUpperCase() ? label : label.toLowerCase()}`;
}

/** A sample's child rows in words: "PC-A $12.50; PC-B $14.00 (inactive)". */
export function childRowsText(rows: unknown): string {
  if (!Array.isArray(rows) || rows.length === 0) return "";
  return rows
    .map((row: Record<string, unknown>) => {
      const price = typeof row.price === "number" ? ` $${row.price.toFixed(2)}` : "";
      const values =
        row.attribute_values && typeof row.attribute_values === "object"
          ? ` [${Object.entries(row.attribute_values)
              .map(([k, v]) => `${k}=${String(v)}`)
              .join(", ")}]`
          : "";
      return `${String(row.sku ?? "")}${price}${values}${row.active === false ? " (inactive)" : ""}`;
    })
    .join("; ");
}

/** A link target that downloads the template. */
export const templateHref = (resource: Resource) =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(resource))}`;

/** 0–100 of an upload (0 until the browser knows the size). */
export const uploadPercent = (event: AxiosProgressEvent) =>
  Math.round(100 * (event.progress ?? (event.total ? event.loaded / event.total : 0)));

function send<T>(
  step: "preview" | "commit",
  siteId: string,
  file: Blob,
  onProgress: (percent: number) => void,
) {
  return request<{ data: T }>({
    method: "POST",
    resource: `${IMPORT_API}/${step}`,
    params: { site_id: siteId },
    data: file,
    headers: { "Content-Type": "text/csv" },
    onUploadProgress: (event) => onProgress(uploadPercent(event)),
  });
}

/** The server's check of every row; undefined after a 403 (the client has said so). */
export async function previewImport(siteId: string, file: Blob, onProgress: (percent: number) => void) {
  return (await send<ImportPreview>("preview", siteId, file, onProgress))?.data;
}

export async function commitImport(siteId: string, file: Blob, onProgress: (percent: number) => void) {
  return (await send<{ created: number; updated?: number }>("commit", siteId, file, onProgress))?.data;
}

/** A refused commit's row errors (fields "rows.<row>.<field>"); empty for any other failure. */
export function rowErrorsOf(error: unknown): ImportRowError[] {
  if (!(error instanceof RequestError) || !error.errors) return [];
  return Object.entries(error.errors).flatMap(([path, messages]) => {
    const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(path);
    if (!match) return [];
    return messages.map((message) => ({ row: Number(match[1]), field: match[2], message }));
  });
}
