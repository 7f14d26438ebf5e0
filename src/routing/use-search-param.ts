// A page's filters kept in the address: useSearchParams with a setter of one parameter (empty removes it) that
// replaces the history entry, so Back leaves the page rather than stepping through each filter change.
import { useSearchParams } from "react-router";

export function useSearchParam(): [URLSearchParams, (key: string, value: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const setParam = (key: string, value: string | undefined) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === undefined || value === "") next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return [params, setParam];
}
