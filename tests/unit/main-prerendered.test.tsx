// Startup on a pre-rendered sign-in page (the server sends /login etc. with the guest app's markup in #root):
// the guest app takes that markup over (hydration keeps its elements); anything else replaces it.
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { clearSession, setSessionToken } from "../../src/providers/session";

vi.setConfig({ testTimeout: 30_000 });

const started = vi.hoisted(() => ({ serverUrl: vi.fn(), mounted: vi.fn() }));

vi.mock("../../src/App", () => ({ App: () => <p>the app</p> }));
vi.mock("../../src/guest/guest-app", async () => {
  const { useEffect } = await import("react");
  return {
    GuestApp: ({ serverUrl }: { serverUrl?: string }) => {
      started.serverUrl(serverUrl);
      useEffect(() => started.mounted(), []);
      return <p>the guest app</p>;
    },
  };
});
vi.mock("../../src/routing/browser-chunk-recovery", () => ({
  chunkRecovery: { handleFailure: vi.fn() },
  installPreloadErrorHandler: () => () => {},
}));

/** The page as the server sends a pre-rendered one: the guest app's markup (here the stand-in's) in #root. */
function prerendered(renderedAt: string): HTMLElement {
  document.body.innerHTML = `<div id="root" data-prerendered="${renderedAt}"><p>the guest app</p></div>`;
  return screen.getByText("the guest app");
}

function visit(url: string) {
  window.history.replaceState(null, "", url);
}

beforeEach(() => {
  vi.resetModules();
  started.serverUrl.mockReset();
  started.mounted.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
  clearSession();
  visit("/");
});

it("hydrates the guest app on its page's markup, with the URL it was rendered at", async () => {
  const logged = vi.spyOn(console, "error");
  const markup = prerendered("/register?token=prerendered");
  visit("/register?token=invite-1");
  await import("../../src/main");
  await vi.waitFor(() => expect(started.mounted).toHaveBeenCalled());
  expect(started.serverUrl).toHaveBeenCalledWith("/register?token=prerendered");
  // Committed and taken over, not rendered again: the very element of the markup stays.
  expect(screen.getByText("the guest app")).toBe(markup);
  expect(logged).not.toHaveBeenCalled();
});

it("replaces the markup with the full app for a visitor with a session", async () => {
  const markup = prerendered("/login");
  setSessionToken("s");
  visit("/login");
  await import("../../src/main");
  expect(await screen.findByText("the app")).toBeInTheDocument();
  expect(markup).not.toBeInTheDocument();
  expect(screen.queryByText("the guest app")).not.toBeInTheDocument();
});

it("renders the guest app afresh over markup of another page", async () => {
  const markup = prerendered("/login");
  visit("/forgot-password");
  await import("../../src/main");
  await vi.waitFor(() => expect(started.serverUrl).toHaveBeenCalled());
  expect(started.serverUrl).toHaveBeenLastCalledWith(undefined);
  await vi.waitFor(() => expect(markup).not.toBeInTheDocument());
  expect(screen.getByText("the guest app")).toBeInTheDocument();
});

it("renders the guest app from scratch on a page without markup", async () => {
  document.body.innerHTML = '<div id="root"></div>';
  visit("/login");
  await import("../../src/main");
  expect(await screen.findByText("the guest app")).toBeInTheDocument();
  expect(started.serverUrl).toHaveBeenLastCalledWith(undefined);
});
