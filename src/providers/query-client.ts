// The app's TanStack Query client. Handing Refine our own client drops Refine's defaults,
// so they are set here again, with spec §9's freshness.
import { keepPreviousData, type Query, QueryClient } from "@tanstack/react-query";

export const QUERY_STALE_TIME_MS = 300_000;

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
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
