// A list page's reference columns, each fetched once for the whole page: the page's ids of that
// column in one request to the listed kind's look-up of that field (GET {path}/lookups/{field}?id=…,
// reference-source.ts), which answers whoever may read the list, so every role sees names without
// Read on the target kinds. Asked here, per column, instead of by each cell: fifty cells each
// holding Refine's useCan and useMany made up the largest part of a list page's render.
import { AccessControlContext, type BaseKey, type BaseRecord, useDataProvider } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { useContext, useRef } from "react";
import { lookupMeta, lookupPath } from "../../components/fields/reference-source";
import { openQuestion, type ReferenceRecords } from "../../components/fields/reference-value";
import type { Resource } from "../../resource-engine/define";
import { fieldOf } from "../../resource-engine/field-of";
import { resourceOf } from "../../resource-engine/registry";

interface Titles {
  records: BaseRecord[];
  openable: boolean;
}

export function useReferenceTitles(
  resource: Resource,
  batches: Record<string, BaseKey[]>,
): Record<string, ReferenceRecords> {
  const { can } = useContext(AccessControlContext);
  const dataProvider = useDataProvider();
  const columns = Object.keys(batches).flatMap((name) => {
    const field = fieldOf(resource, name);
    return field.type === "reference" || field.type === "referenceList"
      ? [{ name, target: field.target, ids: batches[name], source: { resource, field: name } }]
      : [];
  });
  const keyOf = (name: string, ids: BaseKey[]) => JSON.stringify([name, ids.map(String)]);
  const queryKeys = columns.map(({ name, ids }) => keyOf(name, ids));
  const answers = useQueries({
    queries: columns.map(({ target, ids, source }) => {
      return {
        queryKey: ["reference-titles", lookupPath(source), ids.map(String)],
        enabled: ids.length > 0,
        // The titles, and whether they link: the route guard's rule for the target's record page.
        queryFn: async (): Promise<Titles> => {
          const [answer, open] = await Promise.all([
            dataProvider().getMany?.({ resource: target, ids, meta: lookupMeta(source) }),
            resourceOf(target) && can ? can(openQuestion(target)) : { can: false },
          ]);
          return { records: answer?.data ?? [], openable: open.can };
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
    for (const { name, ids } of columns) {
      const answer = answers[queryKeys.indexOf(keyOf(name, ids))];
      titles[name] = {
        readable: !answer.isError,
        openable: answer.data?.openable === true,
        pending: ids.length > 0 && answer.isPending,
        byId: new Map((answer.data?.records ?? []).map((record) => [String(record.id), record])),
      };
    }
    kept.current = { batches, states, titles };
  }
  return kept.current.titles;
}
