// Refine's data provider for the v1 contract (api-contract.md, "Resources"), over the one http
// client so the error catalogue of spec §8 applies to every call. Refine names resources by
// kind ("Vendor"); the API path comes from the contract's table (or `meta.path`).
//
// The list query language is small on purpose: equality, "any of", ranges and one `search`.
// A Refine filter the contract cannot express throws here, naming the operator, rather than
// being quietly turned into something else (as @refinedev/simple-rest does).
import type {
  BaseKey,
  BaseRecord,
  CrudFilter,
  CrudSort,
  DataProvider,
  HttpError,
  LogicalFilter,
  MetaQuery,
  Pagination,
} from "@refinedev/core";
import { isResourceKind, pathOf, resourceKindForPath } from "../access/kinds";
import { getConfig } from "../config/config";
import { FORBIDDEN_MESSAGE } from "./error-message";
import { type HttpMethod, request } from "./http-client";

/** The contract's largest page; also what getMany asks for per call. */
export const MAX_LIMIT = 100;

/** Fields a list filter on with `contains` that mean the contract's `search` parameter. */
const SEARCH_FIELDS = new Set(["q", "search"]);

/** Never sent in a body: the server owns them (the tenant comes from the session). */
const SYSTEM_FIELDS = ["id", "created_at", "updated_at", "tenant_id"];

type Params = Record<string, unknown>;

interface Envelope<T> {
  data: T;
  meta?: { page?: number; limit?: number; total?: number };
}

/**
 * The client resolves a 403 with no value (spec §8, message already shown). Refine's hooks
 * must see a failure there, not an empty success (a form would report "saved"), so the
 * provider rejects with Refine's HttpError; the feedback store merges the repeated message.
 */
export class ForbiddenError extends Error implements HttpError {
  override readonly name = "ForbiddenError";
  readonly statusCode = 403;
  constructor() {
    super(FORBIDDEN_MESSAGE);
  }
}

/** Thrown for a Refine filter or sort the v1 query language has no word for. */
export class UnsupportedQueryError extends Error {
  override readonly name = "UnsupportedQueryError";
}

export function pathFor(resource: string, meta?: MetaQuery): string {
  if (typeof meta?.path === "string" && meta.path !== "") return meta.path;
  if (isResourceKind(resource)) return pathOf(resource);
  if (resourceKindForPath(resource)) return resource;
  throw new Error(`Unknown resource "${resource}": expected a kind of the contract (e.g. "Vendor")`);
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)
  );
}

function scalar(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value;
}

function list(value: unknown, field: string, operator: string): unknown[] {
  if (!Array.isArray(value)) {
    throw new UnsupportedQueryError(`Filter "${operator}" on "${field}" needs an array value`);
  }
  return value.map(scalar);
}

/** Refine filters → the contract's query parameters (insertion order kept for readable URLs). */
export function filterParams(filters: readonly CrudFilter[] = []): Params {
  const params: Params = {};
  for (const filter of filters) {
    if (filter.operator === "or" || filter.operator === "and") {
      throw new UnsupportedQueryError(
        `Filter operator "${filter.operator}" is not supported by the v1 API (conditional filters cannot be expressed)`,
      );
    }
    const { field, operator, value } = filter as LogicalFilter;
    if (SEARCH_FIELDS.has(field) && operator === "contains") {
      if (!isEmpty(value)) params.search = String(value).trim() || undefined;
      continue;
    }
    if (isEmpty(value)) continue;
    switch (operator) {
      case "eq":
        params[field] = scalar(value);
        break;
      case "in":
        params[field] = list(value, field, operator).join(",");
        break;
      case "gte":
        params[`${field}_gte`] = scalar(value);
        break;
      case "lte":
        params[`${field}_lte`] = scalar(value);
        break;
      case "between": {
        const [from, to] = list(value, field, operator);
        if (!isEmpty(from)) params[`${field}_gte`] = from;
        if (!isEmpty(to)) params[`${field}_lte`] = to;
        break;
      }
      default:
        throw new UnsupportedQueryError(
          `Filter operator "${operator}" on "${field}" is not supported by the v1 API ` +
            `(supported: eq, in, gte, lte, between, and contains on "search")`,
        );
    }
  }
  return params;
}

/** Refine sorters → "name,-created_at"; undefined when there are none (the server's default applies). */
export function sortParam(sorters: readonly CrudSort[] = []): string | undefined {
  if (sorters.length === 0) return undefined;
  return sorters.map(({ field, order }) => (order === "desc" ? `-${field}` : field)).join(",");
}

/**
 * The full query of a list call: page, limit, sort, search, then the filters. Also used by the
 * list page's CSV export so the file holds exactly the rows the table shows.
 */
export function listParams({
  pagination,
  sorters,
  filters,
}: {
  pagination?: Pagination;
  sorters?: readonly CrudSort[];
  filters?: readonly CrudFilter[];
}): Params {
  const { search, ...rest } = filterParams(filters);
  const params: Params = {};
  if (pagination && (pagination.mode ?? "server") === "server") {
    params.page = pagination.currentPage ?? 1;
    params.limit = Math.min(pagination.pageSize ?? 25, MAX_LIMIT);
  } else if (pagination) {
    // "client"/"off" want every row; the contract's largest page is the closest it offers.
    params.limit = MAX_LIMIT;
  }
  params.sort = sortParam(sorters);
  params.search = search;
  return { ...params, ...rest };
}

/** A body for create/update without the fields the server owns. */
function bodyOf(variables: unknown, keepVersion: boolean): Params {
  const body: Params = { ...(variables as Params) };
  for (const field of SYSTEM_FIELDS) delete body[field];
  if (!keepVersion) delete body.version;
  return body;
}

async function call<T>(
  method: HttpMethod,
  resource: string,
  options: { id?: BaseKey; data?: unknown; params?: Params; additionalRouteParams?: string } = {},
): Promise<Envelope<T>> {
  const body = await request<Envelope<T>>({ method, resource, ...options });
  if (body === undefined) throw new ForbiddenError();
  return body;
}

const METHODS: Record<string, HttpMethod> = {
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  delete: "DELETE",
};

export const dataProvider: DataProvider = {
  getList: async <TData extends BaseRecord>({
    resource,
    pagination,
    sorters,
    filters,
    meta,
  }: Parameters<DataProvider["getList"]>[0]) => {
    const params = listParams({ pagination, sorters, filters });
    const body = await call<TData[]>("GET", pathFor(resource, meta), { params });
    return { data: body.data, total: body.meta?.total ?? body.data.length };
  },

  getMany: async <TData extends BaseRecord>({
    resource,
    ids,
    meta,
  }: Parameters<NonNullable<DataProvider["getMany"]>>[0]) => {
    const path = pathFor(resource, meta);
    const unique = [...new Set(ids.map(String))];
    const chunks: string[][] = [];
    for (let i = 0; i < unique.length; i += MAX_LIMIT) chunks.push(unique.slice(i, i + MAX_LIMIT));
    const pages = await Promise.all(
      chunks.map((chunk) =>
        call<TData[]>("GET", path, { params: { id: chunk.join(","), limit: MAX_LIMIT } }),
      ),
    );
    return { data: pages.flatMap((page) => page.data) };
  },

  getOne: async <TData extends BaseRecord>({ resource, id, meta }: Parameters<DataProvider["getOne"]>[0]) => {
    const body = await call<TData>("GET", pathFor(resource, meta), { id });
    return { data: body.data };
  },

  create: async <TData extends BaseRecord, TVariables>({
    resource,
    variables,
    meta,
  }: Parameters<DataProvider["create"]>[0] & { variables: TVariables }) => {
    const body = await call<TData>("POST", pathFor(resource, meta), { data: bodyOf(variables, false) });
    return { data: body.data };
  },

  // The caller sends only the changed fields plus the `version` it read (a stale one is a 409).
  update: async <TData extends BaseRecord, TVariables>({
    resource,
    id,
    variables,
    meta,
  }: Parameters<DataProvider["update"]>[0] & { variables: TVariables }) => {
    const body = await call<TData>("PATCH", pathFor(resource, meta), { id, data: bodyOf(variables, true) });
    return { data: body.data };
  },

  deleteOne: async <TData extends BaseRecord>({
    resource,
    id,
    meta,
  }: Parameters<DataProvider["deleteOne"]>[0]) => {
    const body = await call<TData>("DELETE", pathFor(resource, meta), { id });
    return { data: body.data };
  },

  custom: async <TData extends BaseRecord>({
    url,
    method,
    payload,
    query,
    sorters,
    filters,
  }: Parameters<NonNullable<DataProvider["custom"]>>[0]) => {
    const verb = METHODS[method];
    if (!verb) throw new UnsupportedQueryError(`Method "${method}" is not supported by the v1 API`);
    const params: Params = {
      ...(query as Params | undefined),
      ...(sorters?.length ? { sort: sortParam(sorters) } : {}),
      ...filterParams(filters),
    };
    const body = await call<TData>(verb, url, { data: payload, params });
    return { data: body.data };
  },

  getApiUrl: () => getConfig().apiBaseUrl,
};
