import { expect, it } from "vitest";
import { getConfig } from "../../../src/config/config";

it("getConfig reads the build's environment once and returns the same object", () => {
  const config = getConfig();
  expect(config.apiBaseUrl).toBe(import.meta.env.VITE_API_BASE_URL);
  expect(config.tenantId).toBe(Number(import.meta.env.VITE_TENANT_ID));
  expect(getConfig()).toBe(config);
});
