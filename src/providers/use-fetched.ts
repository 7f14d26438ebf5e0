// A hand-built page's GET of its own endpoint, through Refine's useCustom (the data provider: the session, the
// error answers, the query keys the live provider refreshes). Refine 5 answers `result.data = {}` while the
// request is in flight; pages that read it took {} for their answer and crashed on its first field (the order
// desk, the boards, the print-outs). `data` here is the fetched answer, or undefined until there is one.
import { type BaseRecord, type HttpError, type UseCustomProps, useCustom } from "@refinedev/core";

export type FetchProps<T extends BaseRecord> = Omit<
  UseCustomProps<T, HttpError, unknown, unknown, T>,
  "method"
>;

export function useFetched<T extends BaseRecord>(props: FetchProps<T>) {
  const { query } = useCustom<T>({ ...props, method: "get" });
  // A list's total, when the endpoint answers the contract's list shape ({ data, meta: { total } }).
  const meta = (query.data as { meta?: { total?: unknown } } | undefined)?.meta;
  const total = typeof meta?.total === "number" ? meta.total : undefined;
  return { data: query.data?.data as T | undefined, total, query };
}
