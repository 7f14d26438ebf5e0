// Refine's data provider for the v1 contract (api-contract.md, "Resources"): the stock
// @refinedev/simple-rest provider over the app's one http client, so the error catalogue of spec §8
// applies to every call, with small overrides for what the v1 API does beyond the stock dialect.
// Refine names resources by kind ("Vendor"); the API path comes from the contract's table (or
// `meta.path`, e.g. a record's change log).
//
// The list query stays in the contract's own words (page, limit, sort, search): it says more than the
// stock dialect (between, "any of" in one value, pages up to 100 also for unpaged lists) and a Refine
// filter the contract cannot express throws here, naming the operator, where the stock provider would
// quietly send it as an equality (its mapOperator turns every unknown operator into `field=`).
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
import simpleRest from "@refinedev/simple-rest";
import { isResourceKind, pathOf, resourceKindForPath } from "../access/kinds";
import { getConfig } from "../config/config";
import { FORBIDDEN_MESSAGE } from "./error-message";
import { failedCall, type HttpMethod, httpClient, request } from "./http-client";

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

/**
 * The stock provider over the app's client. Its URLs are `${apiUrl}/${path}`: with "" they stay
 * relative to the client's baseURL, which the client reads from the config at each call.
 */
const stock = simpleRest("", httpClient);

/**
 * One stock call, answered without the contract's `{data}` envelope (the stock provider hands the
 * body over as it came) and failing through the app's error catalogue (spec §8) like every call.
 */
async function unwrapped<T>(call: Promise<{ data: unknown }>): Promise<{ data: T }> {
  try {
    const { data: body } = await call;
    return { data: (body as Envelope<T>).data };
  } catch (error) {
    failedCall(error);
    // failedCall returns only for a 403; Refine must see a failure there, not an empty success.
    throw new ForbiddenError();
  }
}

const METHODS: Record<string, HttpMethod> = {
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  delete: "DELETE",
};

export const dataProvider: DataProvider = {
  ...stock,

  // Override: the contract's list words (see the header) and its `meta.total`.
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

  // Override: batched reads. The server answers at most 100 records a call, so the ids go in
  // batches of 100 (the stock getMany asks for all of them in one call and gets the first page).
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

  // Stock, on the contract's path of the kind, unwrapped.
  getOne: ({ resource, id, meta }) =>
    unwrapped(stock.getOne({ resource: pathFor(resource, meta), id, meta })),

  // Stock, without the fields the server owns (it refuses a body carrying them).
  create: ({ resource, variables, meta }) =>
    unwrapped(stock.create({ resource: pathFor(resource, meta), variables: bodyOf(variables, false), meta })),

  // Stock PATCH, keeping the `version` that was read: a stale one is the server's 409 (version conflicts).
  update: ({ resource, id, variables, meta }) =>
    unwrapped(
      stock.update({ resource: pathFor(resource, meta), id, variables: bodyOf(variables, true), meta }),
    ),

  // Stock, without a body: the v1 DELETE takes none.
  deleteOne: ({ resource, id, meta }) =>
    unwrapped(stock.deleteOne({ resource: pathFor(resource, meta), id, variables: undefined, meta })),

  // Override: export, import and the kinds' actions speak the contract's query words and `{data}`.
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
    // A list endpoint's meta (the contract's list shape: page, limit, total) comes along for pages that page by it.
    return body.meta === undefined ? { data: body.data } : { data: body.data, meta: body.meta };
  },

  // Override: the configured base (the stock one is the "" its URLs are built on).
  getApiUrl: () => getConfig().apiBaseUrl,
};
