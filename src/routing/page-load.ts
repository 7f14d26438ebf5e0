// Crossing between the guest app and the full app: main.tsx starts one of them per page load, so going from
// one to the other is a real page load. Kept in a module of its own so tests can stand in for the browser.

/** Opens `url` as a new page (a new history entry), e.g. the app after signing in. */
export function assignPage(url: string): void {
  window.location.assign(url);
}

/** Loads `url` in place of the current history entry, e.g. the sign-in page after logout. */
export function replacePage(url: string): void {
  window.location.replace(url);
}
