// Startup on a pre-rendered sign-in page, as it bears on the page's first paint and its styles: main.tsx loads
// React's renderer and the guest app only once the page has been painted, and an app that does not take the
// markup over drops antd's key to the page's pruned styles (src/prerender/prune-styles.ts).
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { clearSession, setSessionToken } from "../../src/providers/session";

vi.setConfig({ testTimeout: 30_000 });

const loaded = vi.hoisted(() => ({ renderer: vi.fn(), guest: vi.fn(), mounted: vi.fn() }));

vi.mock("../../src/render-root", async (importOriginal) => {
  loaded.renderer();
  return importOriginal();
});
vi.mock("../../src/App", () => ({ App: () => <p>the app</p> }));
vi.mock("../../src/guest/guest-app", async () => {
  loaded.guest();
  const { useEffect } = await import("react");
  return {
    GuestApp: () => {
      useEffect(() => loaded.mounted(), []);
      return <p>the guest app</p>;
    },
  };
});
vi.mock("../../src/routing/browser-chunk-recovery", () => ({
  chunkRecovery: { handleFailure: vi.fn() },
  installPreloadErrorHandler: () => () => {},
}));

const STYLE_KEY = "style[data-ant-cssinjs-cache-path]";

/** The page as the server sends /login pre-rendered: antd's styles and their key in the head, the markup. */
function prerenderedLogin() {
  document.head.innerHTML =
    '<style data-css-hash="h1">.ant-btn{color:red}</style>' +
    '<style data-ant-cssinjs-cache-path="data-ant-cssinjs-cache-path">.data-ant-cssinjs-cache-path{content:"x:h1"}</style>';
  document.body.innerHTML = '<div id="root" data-prerendered="/login"><p>the guest app</p></div>';
  window.history.replaceState(null, "", "/login");
}

/** Animation frames the test runs by hand. */
function heldFrames() {
  const callbacks: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => callbacks.push(callback));
  return {
    frame() {
      for (const callback of callbacks.splice(0)) callback(performance.now());
    },
  };
}

beforeEach(() => {
  vi.resetModules();
  for (const spy of Object.values(loaded)) spy.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  clearSession();
  window.history.replaceState(null, "", "/");
});

it("loads React's renderer and the guest app only once the pre-rendered page is painted", async () => {
  const frames = heldFrames();
  prerenderedLogin();
  await import("../../src/main");
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(loaded.renderer).not.toHaveBeenCalled();
  expect(loaded.guest).not.toHaveBeenCalled();
  // The frame that paints the page, then the next one.
  frames.frame();
  frames.frame();
  await vi.waitFor(() => expect(loaded.mounted).toHaveBeenCalled(), { timeout: 10_000 });
  expect(loaded.renderer).toHaveBeenCalled();
  // Taken over: the pruned styles stay antd's to reuse.
  expect(document.querySelector(STYLE_KEY)).not.toBeNull();
});

it("drops antd's key to the pruned styles when the full app replaces the markup", async () => {
  prerenderedLogin();
  setSessionToken("s");
  await import("../../src/main");
  expect(await screen.findByText("the app", {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(document.querySelector(STYLE_KEY)).toBeNull();
  expect(loaded.guest).not.toHaveBeenCalled();
});
