// A list page's reference columns, each fetched once for the whole page: the page's ids of that
// column in one getMany, after asking whether the caller may read the target (else the cells show
// "#12" and nothing is sent). Asked here, per column, instead of by each cell: fifty cells each
// holding Refine's useCan and useMany made up the largest part of a list page's render.
import { AccessControlContext, type BaseKey, type BaseRecord, useDataProvider } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { useContext, useRef } from "react";
import type { Kind } from "../../access/kinds";
import type { ReferenceRecords } from "../../components/fields/reference-value";
import type { Resource } from "../../resource-engine/define";
import { fieldOf } from "../../resource-engine/field-of";

export function useReferenceTitles(
  resource: Resource,
  batches: Record<string, BaseKey[]>,
): Record<string, ReferenceRecords> {
  const { can } = useContext(AccessControlContext);
  const dataProvider = useDataProvider();
  const columns = Object.keys(batches).flatMap((name) => {
    const field = fieldOf(resource, name);
    return field.type === "reference" || field.type === "referenceList"
      ? [{ name, target: field.target, ids: batches[name] }]
      : [];
  });
  // Two columns of one target with the same ids (e.g. two status columns) share one query.
  const keyOf = (target: Kind, ids: BaseKey[]) => JSON.stringify([target, ids.map(String)]);
  const unique = new Map(columns.map((column) => [keyOf(column.target, column.ids), column]));
  const queryKeys = [...unique.keys()];
  const answers = useQueries({
    queries: [...unique.values()].map(({ target, ids }) => {
      return {
        queryKey: ["reference-titles", target, ids.map(String)],
        enabled: ids.length > 0,
        queryFn: async (): Promise<BaseRecord[] | null> => {
          if (can && !(await can({ resource: target, action: "list" })).can) return null;
          return (await dataProvider().getMany?.({ resource: target, ids }))?.data ?? [];
        },
        retry: false,
      };
    }),
  });
  // The same object until an answer or the page's ids change, so the columns are not rebuilt.
  const kept = useRef<{
    batches: typeof batches;
    states: unknown[];
    titles: Record<string, ReferenceRecords>;
  }>(undefined);
  const states = answers.flatMap((answer) => [answer.data, answer.isPending]);
  const same =
    kept.current?.batches === batches &&
    kept.current.states.length === states.length &&
    kept.current.states.every((state, i) => state === states[i]);
  if (!same || !kept.current) {
    const titles: Record<string, ReferenceRecords> = {};
    for (const { name, target, ids } of columns) {
      const answer = answers[queryKeys.indexOf(keyOf(target, ids))];
      titles[name] = {
        readable: answer.data !== null,
        pending: ids.length > 0 && answer.isPending,
        byId: new Map((answer.data ?? []).map((record) => [String(record.id), record])),
      };
    }
    kept.current = { batches, states, titles };
  }
  return kept.current.titles;
}
