// An order's files (at most 100, newest first), one query that the order page's items and its Files tab
// share; fetched again every 2 s while one is being checked (preflight-view.ts).
import { useFetched } from "../../providers/use-fetched";
import type { OrderFile } from "./file-list";
import { checkingEvery } from "./preflight-view";

/** `enabled`: false until the order is known to exist (the order page asks once its desk answer is in). */
export function useOrderFiles(orderId: number, enabled = true) {
  const { data, query } = useFetched<OrderFile[]>({
    url: "order-files",
    config: { query: { order_id: orderId, limit: 100 } },
    queryOptions: {
      queryKey: ["order-files", orderId],
      enabled,
      refetchInterval: (q) => checkingEvery(q.state.data?.data as OrderFile[] | undefined),
    },
  });
  return { files: data, query };
}
