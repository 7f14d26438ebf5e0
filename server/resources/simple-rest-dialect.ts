import type { FieldError } from "../http/errors";

// The stock @refinedev/simple-rest dialect of a list (api-contract.md, "The stock provider's
// dialect"), read into the contract's own words so that one parser (query-language.ts) serves both:
//   _start/_end (0-based, end exclusive)  → offset and limit
//   _sort=a,b&_order=asc,desc             → sort=a,-b
//   q                                     → search
// Filters (field=, field_gte/_lte/_ne/_like, id=) are shared by both dialects and left as they are.
// Paging, sort and search can each be said in one dialect only: a request using both dialects' words
// for them is a 400 rather than one silently winning.

type QueryValue = string | string[] | undefined;

export const STOCK_WORDS = ["_start", "_end", "_sort", "_order", "q"] as const;
export const CONTRACT_WORDS = ["page", "limit", "sort", "search"] as const;

export interface DialectReading {
  /** The query with the stock words replaced by the contract's `sort` and `search`. */
  query: Record<string, QueryValue>;
  /** Set when the stock dialect gave the paging (or left it out: then the first MAX_LIMIT rows). */
  window?: { offset: number; limit: number };
  /** The parameters to name in a 400 about the sort or the search. */
  names: { sort: string; search: string };
}

const CONTRACT_NAMES = { sort: "sort", search: "search" };

const present = (query: Record<string, QueryValue>, key: string) => query[key] !== undefined;

function once(query: Record<string, QueryValue>, key: string, errors: FieldError[]): string | undefined {
  const value = query[key];
  if (Array.isArray(value)) {
    errors.push({ field: key, message: "Give this parameter once" });
    return undefined;
  }
  return value;
}

function offsetOf(text: string | undefined, key: string, errors: FieldError[]): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text.trim())) {
    errors.push({ field: key, message: "Expected a record position from 0" });
    return undefined;
  }
  return Number(text.trim());
}

/** `_sort`/`_order` → the contract's `sort` text ("a,-b"). */
function sortText(query: Record<string, QueryValue>, errors: FieldError[]): string | undefined {
  const sort = once(query, "_sort", errors);
  const order = once(query, "_order", errors);
  if (sort === undefined) {
    if (order !== undefined) errors.push({ field: "_order", message: "Give _sort with _order" });
    return undefined;
  }
  const fields = sort.split(",").map((f) => f.trim());
  const orders = order === undefined ? [] : order.split(",").map((o) => o.trim().toLowerCase());
  if (orders.length > fields.length) {
    errors.push({ field: "_order", message: "More directions than _sort fields" });
    return undefined;
  }
  const keys: string[] = [];
  for (const [i, field] of fields.entries()) {
    const direction = orders[i] ?? "asc";
    if (direction !== "asc" && direction !== "desc") {
      errors.push({ field: "_order", message: `"${direction}" is not asc or desc` });
      return undefined;
    }
    if (field.startsWith("-")) {
      errors.push({ field: "_sort", message: `Cannot sort by "${field}"; give the direction in _order` });
      return undefined;
    }
    keys.push(direction === "desc" ? `-${field}` : field);
  }
  return keys.join(",");
}

/**
 * Reads the stock dialect's words of a list query. Returns the query unchanged when it uses none
 * of them (and repeats no `id=`), so the contract's dialect is untouched.
 */
export function readStockDialect(
  rawQuery: Record<string, QueryValue>,
  maxLimit: number,
  errors: FieldError[],
): DialectReading {
  const stock = STOCK_WORDS.filter((w) => present(rawQuery, w));
  // Repeated `id=` is how the stock getMany asks for several records (the contract's is a comma list).
  const repeatedIds = Array.isArray(rawQuery.id);
  if (stock.length === 0 && !repeatedIds) return { query: rawQuery, names: CONTRACT_NAMES };
  const contract = CONTRACT_WORDS.filter((w) => present(rawQuery, w));
  if (stock.length > 0 && contract.length > 0) {
    errors.push({
      field: stock[0],
      message: `Mixes two list dialects (${[...contract, ...stock].join(", ")}): use page/limit/sort/search or _start/_end/_sort/_order/q`,
    });
    return { query: rawQuery, names: CONTRACT_NAMES };
  }
  if (stock.length === 0) {
    // A stock getMany sends no paging and wants every listed record: the first MAX_LIMIT.
    const window = contract.length === 0 ? { offset: 0, limit: maxLimit } : undefined;
    return { query: rawQuery, window, names: CONTRACT_NAMES };
  }

  const stockWords: readonly string[] = STOCK_WORDS;
  const query = Object.fromEntries(Object.entries(rawQuery).filter(([key]) => !stockWords.includes(key)));
  const start = offsetOf(once(rawQuery, "_start", errors), "_start", errors) ?? 0;
  const end = offsetOf(once(rawQuery, "_end", errors), "_end", errors);
  let limit = maxLimit;
  if (end !== undefined) {
    if (end <= start) errors.push({ field: "_end", message: "Expected _end after _start" });
    else if (end - start > maxLimit) {
      errors.push({ field: "_end", message: `At most ${maxLimit} records a page` });
    } else limit = end - start;
  }
  const sort = sortText(rawQuery, errors);
  if (sort !== undefined) query.sort = sort;
  const search = once(rawQuery, "q", errors);
  if (search !== undefined) query.search = search;
  return { query, window: { offset: start, limit }, names: { sort: "_sort", search: "q" } };
}
