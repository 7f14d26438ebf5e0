import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

it("the installed handler answers vite:preloadError on window: prevent, remember, reload", async () => {
  vi.resetModules();
  const reload = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
  const { installPreloadErrorHandler } = await import("../../../src/routing/browser-chunk-recovery");
  const { CHUNK_RELOAD_KEY } = await import("../../../src/routing/chunk-recovery");
  const uninstall = installPreloadErrorHandler();
  const event = new Event("vite:preloadError", { cancelable: true });
  window.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(true);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toMatch(/^\d+$/);
  uninstall();
});

it("after a recent recovery reload it shows a lasting error message instead", async () => {
  vi.resetModules();
  const reload = vi.fn();
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
  const { CHUNK_RELOAD_KEY, CHUNK_FAILURE_MESSAGE } = await import("../../../src/routing/chunk-recovery");
  window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  const { installPreloadErrorHandler } = await import("../../../src/routing/browser-chunk-recovery");
  const { getMessages } = await import("../../../src/providers/feedback-store");
  const uninstall = installPreloadErrorHandler();
  window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
  expect(reload).not.toHaveBeenCalled();
  expect(getMessages()).toMatchObject([{ text: CHUNK_FAILURE_MESSAGE, type: "error", persistent: true }]);
  uninstall();
});
