// What a new record gets from the server when its status fields are left empty: each entity's
// first status (server/resources/create-defaults.ts, GET {path}/defaults), so the create form
// shows it rather than an empty select. Asked only by kinds with status fields.
import { useDataProvider } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import type { Resource } from "../../resource-engine/define";
import type { Field } from "../../resource-engine/fields";
import type { Values } from "../../resource-engine/record-values";

export interface CreateDefaults {
  values: Values;
  rows: Record<string, Values>;
}

const hasStatus = (fields: Record<string, Field>) =>
  Object.values(fields).some((f) => f.type === "reference" && f.statusOf !== undefined);

export function asksDefaults(resource: Resource): boolean {
  return hasStatus(resource.fields) || Object.values(resource.children).some((c) => hasStatus(c.fields));
}

/** The server's defaults for a create form (undefined until they arrive, or when not asked). */
export function useCreateDefaults(resource: Resource, creating: boolean): CreateDefaults | undefined {
  const dataProvider = useDataProvider();
  const custom = dataProvider().custom;
  const enabled = creating && custom !== undefined && asksDefaults(resource);
  const { data } = useQuery({
    queryKey: ["create-defaults", resource.path],
    queryFn: async () =>
      // biome-ignore lint/style/noNonNullAssertion: enabled only with a custom method
      (await custom!<CreateDefaults>({ url: `${resource.path}/defaults`, method: "get" })).data,
    enabled,
    staleTime: 300_000,
    retry: false,
  });
  return enabled ? data : undefined;
}
