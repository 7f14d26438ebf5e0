// A multi-select of a kind's records by id for the administration forms: searched on the
// server (the contract's `search`), the chosen ones always named (Refine fetches them by id).
import { useSelect } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";

export function useIdSelect<T extends BaseRecord & { id: number }>(
  resource: string,
  label: (row: T) => string,
  selected: number[],
) {
  return useSelect<T>({
    resource,
    optionValue: "id" as never,
    optionLabel: label,
    defaultValue: selected,
    pagination: { pageSize: 50, mode: "server" },
    onSearch: (text) => [{ field: "search", operator: "contains", value: text || undefined }],
    debounce: 300,
  });
}
