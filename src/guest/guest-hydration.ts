// Whether the guest app has taken its page over. A pre-rendered page (src/prerender/) is rendered at build time
// and hydrated in the browser with the same values: the URL it was rendered at and "not taken over yet", so the
// markup agrees. Right after, a transition switches both to the browser's: React renders that in slices instead
// of one long task, and until then the page's fields and buttons stay disabled (auth-panel.tsx).
import { createContext, startTransition, useContext, useEffect, useState } from "react";

/** The URL a pre-rendered page was rendered at, while it is being taken over; undefined otherwise. */
export const ServerUrlContext = createContext<string | undefined>(undefined);

/** False until the guest app has taken a pre-rendered page over; true from the start in a render from scratch. */
export const HydratedContext = createContext(true);

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** GuestApp's side: `hydrating` when it starts on a pre-rendered page. */
export function useHydrationState(hydrating: boolean): boolean {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
