// A print-out's data (GET {url}) and its print counter (POST {url of prints}), through the app's data
// provider: the count shown starts at the server's and follows each recorded print.
import { useCustomMutation } from "@refinedev/core";
import { useState } from "react";
import { useFetched } from "../../providers/use-fetched";
import type { PrintState } from "../production/print/print-shell";

export function usePrintData<T extends { print_count: number }>(
  id: string | undefined,
  dataUrl: (id: string) => string,
  printsUrl: (id: string) => string,
): { state: PrintState; data: T | undefined; count: number; recordPrint: () => void } {
  const valid = !!id && /^\d{1,10}$/.test(id);
  const { data, query } = useFetched<T>({
    url: dataUrl(id ?? ""),
    queryOptions: { enabled: valid, retry: false },
    errorNotification: false,
  });
  const { mutate } = useCustomMutation<{ print_count: number }>();
  const [printed, setPrinted] = useState<number | null>(null);
  const state: PrintState = !valid || query.isError ? "error" : data ? "ready" : "loading";
  const recordPrint = () =>
    mutate(
      { url: printsUrl(id ?? ""), method: "post", values: {}, successNotification: false },
      { onSuccess: (answer) => setPrinted(answer.data.print_count) },
    );
  return { state, data, count: printed ?? data?.print_count ?? 0, recordPrint };
}
