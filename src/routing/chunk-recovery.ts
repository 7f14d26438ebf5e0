// Spec §8, failed dynamic page load: after a deploy the old page asks for chunks that no longer
// exist (or the network drops). Reload once to fetch the new version; if loading fails again
// soon after, stop and tell the user, so the screen is never blank and never loops.

export const CHUNK_FAILURE_MESSAGE =
  "A new version of Pressroom is available or the network failed. Please reload.";

/** sessionStorage key: when the last recovery reload was started (ms since epoch). */
export const CHUNK_RELOAD_KEY = "pressroom:chunk-reload-at";

/** A failure within this time after a recovery reload counts as the second failure. */
export const RELOAD_WINDOW_MS = 60_000;

/** A page's code could not be loaded. */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
}

const CHUNK_MESSAGES =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === "ChunkLoadError" || CHUNK_MESSAGES.test(error.message);
}

export type RecoveryOutcome = "reloading" | "failed";

export interface RecoveryEnvironment {
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  reload: () => void;
  now: () => number;
  /** Told once when recovery gives up (e.g. to show a lasting message). */
  onGiveUp?: (message: string) => void;
}

export interface ChunkRecovery {
  /** Decide what to do about one failed load: reload once, or give up. */
  handleFailure(): RecoveryOutcome;
  /** The `vite:preloadError` listener: Vite must not throw, we recover instead. */
  onPreloadError(event: Event): void;
}

export function createChunkRecovery(env: RecoveryEnvironment): ChunkRecovery {
  // One page life reloads at most once; later failures before the reload lands change nothing.
  let reloading = false;
  let gaveUp = false;

  const readLastReload = (): number | undefined => {
    try {
      const value = Number(env.storage?.getItem(CHUNK_RELOAD_KEY));
      return Number.isFinite(value) && value > 0 ? value : undefined;
    } catch {
      return undefined; // storage blocked (privacy settings): behave as if never reloaded
    }
  };

  const handleFailure = (): RecoveryOutcome => {
    if (reloading) return "reloading";
    const last = readLastReload();
    if (gaveUp || (last !== undefined && env.now() - last < RELOAD_WINDOW_MS)) {
      if (!gaveUp) env.onGiveUp?.(CHUNK_FAILURE_MESSAGE);
      gaveUp = true;
      return "failed";
    }
    try {
      env.storage?.setItem(CHUNK_RELOAD_KEY, String(env.now()));
    } catch {
      // Without storage a reload loop cannot be ruled out: give up instead.
      gaveUp = true;
      env.onGiveUp?.(CHUNK_FAILURE_MESSAGE);
      return "failed";
    }
    reloading = true;
    env.reload();
    return "reloading";
  };

  return {
    handleFailure,
    onPreloadError(event) {
      event.preventDefault();
      handleFailure();
    },
  };
}
