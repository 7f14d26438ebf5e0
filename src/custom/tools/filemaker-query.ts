// A FileMaker page's query as it lives in the URL (?q=&f.{field}=&sort=&order=&page=&pageSize=), read back with
// the layout's defaults; bad values (typed into the address bar) fall back to them.
import type { FileMakerLayout } from "./filemaker-layouts";

export interface FileMakerQuery {
  q: string;
  /** Exact values of fields: field key → value. */
  filters: Record<string, string>;
  sort: string;
  order: "asc" | "desc";
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 25, 50, 100];

const whole = (raw: string | null, fallback: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

export function readQuery(layout: FileMakerLayout, params: URLSearchParams): FileMakerQuery {
  const sort = params.get("sort") ?? "";
  const size = whole(params.get("pageSize"), 25, 100);
  const filters: Record<string, string> = {};
  for (const f of layout.fields) {
    const value = params.get(`f.${f.key}`);
    if (value) filters[f.key] = value.slice(0, 200);
  }
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    filters,
    sort: layout.fields.some((f) => f.key === sort) ? sort : layout.sort,
    order: params.get("order") === "desc" ? "desc" : "asc",
    page: whole(params.get("page"), 1, 100_000),
    pageSize: PAGE_SIZES.includes(size) ? size : 25,
  };
}

/** The URL's parameters for a query: defaults left out, so a plain visit keeps a plain address. */
export function writeQuery(layout: FileMakerLayout, query: FileMakerQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set("q", query.q.trim());
  for (const [key, value] of Object.entries(query.filters)) params.set(`f.${key}`, value);
  if (query.sort !== layout.sort) params.set("sort", query.sort);
  if (query.order === "desc") params.set("order", "desc");
  if (query.page > 1) params.set("page", String(query.page));
  if (query.pageSize !== 25) params.set("pageSize", String(query.pageSize));
  return params;
}

/** The API's parameters: the search trimmed, the filters as f.{field}, the rest as read. */
export function apiQuery(query: FileMakerQuery): Record<string, string | number> {
  const { q, filters, ...rest } = query;
  const exact = Object.fromEntries(Object.entries(filters).map(([k, v]) => [`f.${k}`, v]));
  return { ...(q.trim() ? { q: q.trim() } : {}), ...exact, ...rest };
}
