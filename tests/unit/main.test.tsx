// Startup (spec §5): every configuration error is logged and listed; the app does not start. Otherwise the page
// starts one of two apps: the guest app for the sign-in pages of a visitor without a session, the full app else.
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, setSessionToken } from "../../src/providers/session";

// The first import of main.tsx transforms React and react-dom: give it time on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const recovery = vi.hoisted(() => ({ handleFailure: vi.fn() }));
// One mock that reads a flag: vi.doMock in a hook would queue a second mock of the same module, and Vitest
// resolves queued mocks concurrently, so which one won was a race on a busy machine. The factory's module is
// kept across vi.resetModules, so the failure is in reading its export.
const guestChunk = vi.hoisted(() => ({ fails: false }));

vi.mock("../../src/App", () => ({ App: () => <p>the app</p> }));
vi.mock("../../src/guest/guest-app", () => ({
  get GuestApp() {
    if (guestChunk.fails) throw new Error("Failed to fetch dynamically imported module");
    return () => <p>the guest app</p>;
  },
}));
vi.mock("../../src/routing/browser-chunk-recovery", () => ({
  chunkRecovery: recovery,
  installPreloadErrorHandler: () => () => {},
}));

function visit(url: string) {
  window.history.replaceState(null, "", url);
}

beforeEach(() => {
  vi.resetModules();
  document.body.innerHTML = '<div id="root"></div>';
  recovery.handleFailure.mockReset();
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
  clearSession();
  visit("/");
});

it("logs and lists every missing value and does not start the app", async () => {
  vi.stubEnv("VITE_TENANT_ID", "");
  vi.stubEnv("VITE_PREFLIGHT_URL", "");
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  visit("/login");
  await import("../../src/main");
  expect(logged.mock.calls).toEqual([
    ["VITE_TENANT_ID environmental variable not set"],
    ["VITE_PREFLIGHT_URL environmental variable not set"],
  ]);
  expect(screen.getByText("VITE_TENANT_ID environmental variable not set")).toBeInTheDocument();
  expect(screen.getByText("VITE_PREFLIGHT_URL environmental variable not set")).toBeInTheDocument();
  expect(screen.queryByText("the app")).not.toBeInTheDocument();
  expect(screen.queryByText("the guest app")).not.toBeInTheDocument();
});

describe("with a complete configuration", () => {
  it("starts the full app for a visitor with a session", async () => {
    const logged = vi.spyOn(console, "error");
    setSessionToken("s");
    visit("/orders?page=2");
    await import("../../src/main");
    expect(await screen.findByText("the app")).toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
  });

  it.each(["/login?redirect=%2Forders", "/register?token=t", "/forgot-password", "/reset-password?token=t"])(
    "starts the guest app at %s without a session",
    async (url) => {
      visit(url);
      await import("../../src/main");
      expect(await screen.findByText("the guest app")).toBeInTheDocument();
      expect(`${window.location.pathname}${window.location.search}`).toBe(url);
    },
  );

  it("starts the full app at a sign-in page with a session: it sends the visitor on (spec §2)", async () => {
    setSessionToken("s");
    visit("/login");
    await import("../../src/main");
    expect(await screen.findByText("the app")).toBeInTheDocument();
  });

  it.each([
    ["/", "/login?redirect=%2F"],
    ["/profile?tab=password", "/login?redirect=%2Fprofile%3Ftab%3Dpassword"],
  ])("sends a signed-out visit of %s straight to the guest app at %s", async (url, login) => {
    visit(url);
    await import("../../src/main");
    expect(await screen.findByText("the guest app")).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe(login);
  });

  it("leaves any other signed-out visit to the full app, which knows its routes (not found, /unauthorized)", async () => {
    visit("/no/such/page");
    await import("../../src/main");
    expect(await screen.findByText("the app")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/no/such/page");
  });

  describe("when the app's code cannot be loaded", () => {
    beforeEach(() => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      guestChunk.fails = true;
    });
    afterEach(() => {
      guestChunk.fails = false;
    });

    it("reloads once (chunk recovery)", async () => {
      recovery.handleFailure.mockReturnValue("reloading");
      visit("/login");
      await import("../../src/main");
      await waitFor(() => expect(recovery.handleFailure).toHaveBeenCalledTimes(1));
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    });

    it("says so, with a reload button, when the reload did not help", async () => {
      recovery.handleFailure.mockReturnValue("failed");
      visit("/login");
      await import("../../src/main");
      expect(
        await screen.findByText(
          "A new version of Pressroom is available or the network failed. Please reload.",
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    });
  });
});
