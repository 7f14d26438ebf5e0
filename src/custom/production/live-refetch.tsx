// Refetches a page's own answer (a custom endpoint that no Refine list or record stands for) when
// records of the kinds it is computed from change, through the app's liveProvider. A burst of
// changes (a run's completion writes the run, its items' orders and the paper) refetches once:
// at most one refetch per `throttleMs`, the last change always followed by one.
import { useSubscription } from "@refinedev/core";
import { useEffect, useMemo, useRef } from "react";

function Watch({ kind, onChange }: { kind: string; onChange: () => void }) {
  useSubscription({ channel: `resources/${kind}`, types: ["*"], onLiveEvent: onChange });
  return null;
}

export function LiveRefetch({
  kinds,
  refetch,
  throttleMs = 2_000,
}: {
  kinds: readonly string[];
  refetch: () => void;
  throttleMs?: number;
}) {
  const latest = useRef(refetch);
  latest.current = refetch;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = useMemo(
    () => () => {
      if (timer.current !== undefined) return;
      const wait = Math.max(0, last.current + throttleMs - Date.now());
      timer.current = setTimeout(() => {
        timer.current = undefined;
        last.current = Date.now();
        latest.current();
      }, wait);
    },
    [throttleMs],
  );
  return (
    <>
      {kinds.map((kind) => (
        <Watch key={kind} kind={kind} onChange={onChange} />
      ))}
    </>
  );
}
