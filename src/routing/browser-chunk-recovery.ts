// The app's one chunk recovery, wired to the real browser: sessionStorage, location.reload,
// and a lasting error message when it gives up.
import { push } from "../providers/feedback-store";
import { createChunkRecovery } from "./chunk-recovery";

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export const chunkRecovery = createChunkRecovery({
  storage: sessionStorageOrUndefined(),
  reload: () => window.location.reload(),
  now: () => Date.now(),
  onGiveUp: (message) => push({ text: message, type: "error", persistent: true }),
});

/** Installed once at startup, before anything lazy loads. */
export function installPreloadErrorHandler(target: Window = window): () => void {
  const listener = (event: Event) => chunkRecovery.onPreloadError(event);
  target.addEventListener("vite:preloadError", listener);
  return () => target.removeEventListener("vite:preloadError", listener);
}
