// Waiting for a pre-rendered page's first paint (src/prerender/after-first-paint.ts): at once when the browser
// has reported it or paints nothing, else two animation frames, and never longer than the timeout.
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint, FIRST_PAINT_TIMEOUT_MS } from "../../../src/prerender/after-first-paint";

/** Animation frames the test runs by hand. */
function heldFrames() {
  const callbacks: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => callbacks.push(callback));
  return {
    /** Runs the frame callbacks requested so far; answers how many ran. */
    frame() {
      const due = callbacks.splice(0);
      for (const callback of due) callback(performance.now());
      return due.length;
    },
  };
}

/** Whether `promise` has settled once pending callbacks had their turn. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("afterFirstPaint", () => {
  it("resolves at once when the browser has reported the first contentful paint", async () => {
    heldFrames();
    vi.spyOn(performance, "getEntriesByName").mockImplementation((name) =>
      name === "first-contentful-paint" ? [{ name } as PerformanceEntry] : [],
    );
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it("resolves at once on a page that is not shown (a background tab paints nothing)", async () => {
    heldFrames();
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it("otherwise resolves in the frame after the one that paints the page", async () => {
    const frames = heldFrames();
    const painted = afterFirstPaint();
    expect(await settled(painted)).toBe(false);
    // The frame that paints the page.
    expect(frames.frame()).toBe(1);
    expect(await settled(painted)).toBe(false);
    // The next one: the page is on screen.
    expect(frames.frame()).toBe(1);
    expect(await settled(painted)).toBe(true);
  });

  it("gives up waiting after the timeout when no frame comes", async () => {
    vi.useFakeTimers();
    heldFrames();
    const painted = afterFirstPaint();
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_TIMEOUT_MS - 1);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });
});
