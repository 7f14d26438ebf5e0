import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { SCROLL_DURATION_MS, scrollToTop } from "../../../src/theme/scroll-to-top";

let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  frames = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function runFrameAt(time: number) {
  const pending = frames;
  frames = [];
  for (const callback of pending) callback(time);
}

it("animates to the top over 300 ms", async () => {
  const positions: number[] = [];
  const target = { scrollY: 900, scrollTo: (_x: number, y: number) => void positions.push(y) };
  const done = scrollToTop(target as unknown as Window);
  runFrameAt(1000); // start
  runFrameAt(1000 + SCROLL_DURATION_MS / 2);
  expect(positions.at(-1)).toBe(450);
  runFrameAt(1000 + SCROLL_DURATION_MS - 50); // not there yet: the animation is still running
  expect(positions.at(-1)).toBeGreaterThan(0);
  expect(frames).toHaveLength(1);
  runFrameAt(1000 + SCROLL_DURATION_MS);
  expect(positions.at(-1)).toBe(0);
  expect(frames).toHaveLength(0);
  await expect(done).resolves.toBeUndefined();
  expect(SCROLL_DURATION_MS).toBe(300);
});

it("does nothing at the top already", async () => {
  const scrollTo = vi.fn();
  await scrollToTop({ scrollY: 0, scrollTo } as unknown as Window);
  expect(scrollTo).not.toHaveBeenCalled();
});
