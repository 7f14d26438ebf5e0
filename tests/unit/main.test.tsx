// Startup (spec §5): every configuration error is logged and listed; the app does not start.
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";

vi.mock("../../src/App", () => ({ App: () => <p>the app</p> }));

beforeEach(() => {
  vi.resetModules();
  document.body.innerHTML = '<div id="root"></div>';
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

it("logs and lists every missing value and does not start the app", async () => {
  vi.stubEnv("VITE_TENANT_ID", "");
  vi.stubEnv("VITE_PREFLIGHT_URL", "");
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  await import("../../src/main");
  expect(logged.mock.calls).toEqual([
    ["VITE_TENANT_ID environmental variable not set"],
    ["VITE_PREFLIGHT_URL environmental variable not set"],
  ]);
  expect(screen.getByText("VITE_TENANT_ID environmental variable not set")).toBeInTheDocument();
  expect(screen.getByText("VITE_PREFLIGHT_URL environmental variable not set")).toBeInTheDocument();
  expect(screen.queryByText("the app")).not.toBeInTheDocument();
});

it("starts the app when the configuration is complete", async () => {
  const logged = vi.spyOn(console, "error");
  await import("../../src/main");
  expect(await screen.findByText("the app")).toBeInTheDocument();
  expect(logged).not.toHaveBeenCalled();
});
