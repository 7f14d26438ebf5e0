// The guest app's router: four paths, so a location store over the History API instead of react-router.
// The browser's back and forward buttons (popstate) and the app's own navigations both re-render.
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";
import { ServerUrlContext, useHydrated } from "./guest-hydration";

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("popstate", notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", notify);
  };
}

function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Shows `to` (a path with its query) without a page load. */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  notify();
}

// Only pathname and query are read, so any base does; the build-time render has no window.location.
const URL_BASE = "http://guest.invalid";

export interface GuestLocation {
  pathname: string;
  searchParams: URLSearchParams;
}

const GuestLocationContext = createContext<GuestLocation | undefined>(undefined);

/**
 * Gives the pages their location. A context of its own, whose value changes with the URL only: when the app has
 * taken a pre-rendered page over at the URL it was rendered at, the pages have nothing to render again.
 */
export function GuestLocationProvider({ children }: { children: ReactNode }) {
  const serverUrl = useContext(ServerUrlContext);
  const hydrated = useHydrated();
  // The build's render has no window: there the URL it renders at is all there is.
  const live = useSyncExternalStore(subscribe, currentUrl, () =>
    typeof window === "undefined" ? (serverUrl ?? "/") : currentUrl(),
  );
  // A pre-rendered page shows the URL it was rendered at until the app has taken it over (guest-hydration.ts).
  const url = hydrated || serverUrl === undefined ? live : serverUrl;
  const location = useMemo(() => {
    const { pathname, searchParams } = new URL(url, URL_BASE);
    return { pathname, searchParams };
  }, [url]);
  return createElement(GuestLocationContext.Provider, { value: location }, children);
}

export function useGuestLocation(): GuestLocation {
  const location = useContext(GuestLocationContext);
  if (!location) throw new Error("useGuestLocation needs a GuestLocationProvider above it (guest-app.tsx)");
  return location;
}
