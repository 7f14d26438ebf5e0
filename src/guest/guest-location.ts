// The guest app's router: four paths, so a location store over the History API instead of react-router.
// The browser's back and forward buttons (popstate) and the app's own navigations both re-render.
import { useMemo, useSyncExternalStore } from "react";

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

export interface GuestLocation {
  pathname: string;
  searchParams: URLSearchParams;
}

export function useGuestLocation(): GuestLocation {
  const url = useSyncExternalStore(subscribe, currentUrl, currentUrl);
  return useMemo(() => {
    const { pathname, searchParams } = new URL(url, window.location.origin);
    return { pathname, searchParams };
  }, [url]);
}
