// The one place the form fetches what a picked record fills (fields.ts, ReferenceField.fills):
// the server's GET {path}/fills/{field}/{id}, answered to whoever may create or update the
// referencing kind, so a CSR without Read on products still gets an item's description and
// price. Kept for 5 minutes like other answers (spec §9): re-pricing on a quantity change
// reuses it.
import { useDataProvider } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

export type FillSource = Record<string, unknown>;

/** `field` is the reference's name in the kind, "items.product_id" for a child row's. */
export function useFillSource(path: string): (field: string, id: unknown) => Promise<FillSource | undefined> {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  return useCallback(
    async (field, id) => {
      if (id === null || id === undefined || id === "") return undefined;
      const custom = dataProvider().custom;
      if (!custom) return undefined;
      return queryClient.fetchQuery({
        queryKey: ["fill-source", path, field, String(id)],
        queryFn: async () =>
          (await custom<FillSource>({ url: `${path}/fills/${field}/${id}`, method: "get" })).data,
        staleTime: 300_000,
      });
    },
    [dataProvider, queryClient, path],
  );
}
