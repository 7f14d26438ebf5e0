import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  CHUNK_FAILURE_MESSAGE,
  CHUNK_RELOAD_KEY,
  ChunkLoadError,
  createChunkRecovery,
  isChunkLoadError,
  RELOAD_WINDOW_MS,
} from "../../../src/routing/chunk-recovery";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

let now = 1_000_000;
const reload = vi.fn();
const onGiveUp = vi.fn();

beforeEach(() => {
  now = 1_000_000;
  reload.mockReset();
  onGiveUp.mockReset();
});

const preloadError = () => new Event("vite:preloadError", { cancelable: true });

describe("chunk recovery", () => {
  it("the message is the spec's sentence", () => {
    expect(CHUNK_FAILURE_MESSAGE).toBe(
      "A new version of Pressroom is available or the network failed. Please reload.",
    );
  });

  it("first failure: prevents Vite's throw, remembers the attempt, reloads once", () => {
    const storage = memoryStorage();
    const recovery = createChunkRecovery({ storage, reload, now: () => now, onGiveUp });
    const event = preloadError();
    recovery.onPreloadError(event);
    expect(event.defaultPrevented).toBe(true);
    expect(storage.values.get(CHUNK_RELOAD_KEY)).toBe(String(now));
    expect(reload).toHaveBeenCalledTimes(1);
    // More failures while the reload is on its way: no second reload, no message.
    expect(recovery.handleFailure()).toBe("reloading");
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it("second failure soon after the reload: gives up with the message, no reload loop", () => {
    // The page after the reload: a fresh recovery, the same sessionStorage.
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: String(now - 2_000) });
    const recovery = createChunkRecovery({ storage, reload, now: () => now, onGiveUp });
    const event = preloadError();
    recovery.onPreloadError(event);
    expect(event.defaultPrevented).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(onGiveUp).toHaveBeenCalledExactlyOnceWith(CHUNK_FAILURE_MESSAGE);
    expect(recovery.handleFailure()).toBe("failed");
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it("a failure long after the last recovery (a later deploy) reloads again", () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: String(now - RELOAD_WINDOW_MS - 1) });
    const recovery = createChunkRecovery({ storage, reload, now: () => now, onGiveUp });
    expect(recovery.handleFailure()).toBe("reloading");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("without usable storage it gives up rather than risk a reload loop", () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const recovery = createChunkRecovery({ storage, reload, now: () => now, onGiveUp });
    expect(recovery.handleFailure()).toBe("failed");
    expect(reload).not.toHaveBeenCalled();
    expect(onGiveUp).toHaveBeenCalledWith(CHUNK_FAILURE_MESSAGE);
  });
});

describe("isChunkLoadError", () => {
  it.each([
    new ChunkLoadError("x"),
    new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"),
    new TypeError("error loading dynamically imported module"),
    new TypeError("Importing a module script failed."),
    new Error("Unable to preload CSS for /assets/a.css"),
  ])("recognises %s", (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});
