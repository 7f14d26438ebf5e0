// Waiting for a pre-rendered page's first paint before loading the guest app's code (main.tsx). The page reads
// and looks complete from its own HTML; the code only takes the form over (hydration). Loaded and run earlier,
// the code competes with that first paint for the main thread and the network, and Lighthouse's simulation of a
// phone counts every module script fetched before the paint as holding it back (a module's evaluation has no
// script URL in the trace), which put /login's LCP at 2.1-2.4 s for a page painted from its own HTML.

/** Longest wait: a page that is not painted (a background tab paints nothing) still starts its app. */
export const FIRST_PAINT_TIMEOUT_MS = 500;

function painted(): boolean {
  return performance.getEntriesByName("first-contentful-paint").length > 0;
}

/**
 * Resolves once the page has been painted: at once when the browser has reported its first contentful paint,
 * else at the start of the frame after the next one (the next frame paints the page; a callback of the one after
 * runs once that frame is on screen).
 */
export function afterFirstPaint(timeoutMs = FIRST_PAINT_TIMEOUT_MS): Promise<void> {
  if (painted() || document.visibilityState !== "visible" || typeof requestAnimationFrame !== "function")
    return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}
