// The app's TanStack Query client. Handing Refine our own client drops Refine's defaults,
// so they are set here again, with spec §9's freshness.
import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  keepPreviousData,
  type Query,
  QueryClient,
} from "@tanstack/react-query";

export const QUERY_STALE_TIME_MS = 300_000;

/**
 * Refine invalidates with cancelRefetch: false (after a write, and on each live event): a query already fetching
 * is not fetched again, and its answer, which the server may have given before the write, stands. A row deleted
 * while its list was refreshing after a live event stayed on the page. Here a query invalidated while it fetches
 * is fetched once more after that fetch lands; several invalidations during one fetch share that one refetch.
 */
class FreshAfterWritesClient extends QueryClient {
  override async invalidateQueries(
    filters?: InvalidateQueryFilters,
    options?: InvalidateOptions,
  ): Promise<void> {
    const inFlight = new Set<Query>(
      this.getQueryCache()
        .findAll(filters)
        .filter((query) => query.state.fetchStatus === "fetching"),
    );
    await super.invalidateQueries(filters, options);
    if (inFlight.size === 0) return;
    await this.refetchQueries(
      { predicate: (query) => inFlight.has(query), type: "active" },
      { cancelRefetch: false },
    );
  }
}

export function createQueryClient(): QueryClient {
  const client = new FreshAfterWritesClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        placeholderData: keepPreviousData,
      },
    },
  });
  // Refine's session check, identity and permissions answer from memory; a 5-minute-old
  // "signed in" would let the shell flash after logout or bounce after login.
  client.setQueryDefaults(["auth"], { staleTime: 0 });
  return client;
}

/**
 * placeholderData for one kind's list: its own earlier answer stands in while the next page,
 * sort or filter is fetched, never another kind's (Refine's keys hold the resource: ["data",
 * provider, resource, "list", params]); rows drawn with the wrong columns are worse than a spinner.
 */
export function keepPreviousOf(resource: string) {
  return <T>(previous: T | undefined, previousQuery: Pick<Query, "queryKey"> | undefined): T | undefined =>
    previousQuery?.queryKey[2] === resource ? previous : undefined;
}
