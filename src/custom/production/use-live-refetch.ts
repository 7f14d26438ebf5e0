// The floor's pages read joined answers (useCustom over production/…), which Refine's live mode
// does not follow: each subscribes to the kinds its answer is made of (the app's live provider)
// and refetches when one of their records changes; a burst of events coalesces into one refetch
// in flight and one after it.
import { useEffect, useRef } from "react";
import { liveProvider } from "../../providers/live-provider";

export function useLiveRefetch(kinds: readonly string[], refetch: () => Promise<unknown>): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  const key = kinds.join(",");
  useEffect(() => {
    let running = false;
    let again = false;
    let live = true;
    const run = () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      void latest.current().finally(() => {
        running = false;
        if (again && live) {
          again = false;
          run();
        }
      });
    };
    const subscriptions = key
      .split(",")
      .map((kind) => liveProvider.subscribe({ channel: `resources/${kind}`, types: ["*"], callback: run }));
    return () => {
      live = false;
      for (const s of subscriptions) liveProvider.unsubscribe(s);
    };
  }, [key]);
}
