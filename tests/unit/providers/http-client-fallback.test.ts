// Without a registered navigate (e.g. a 401 before the router mounted), the client still
// reaches the login page, by a full page load.
import { AxiosError, type InternalAxiosRequestConfig } from "axios";
import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
});

it("falls back to window.location.assign on 401", async () => {
  vi.resetModules();
  const { httpClient, request } = await import("../../../src/providers/http-client");
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    throw new AxiosError(
      "Request failed with status code 401",
      "ERR_BAD_REQUEST",
      config,
      {},
      {
        status: 401,
        statusText: "",
        data: { message: "Unauthenticated" },
        headers: {},
        config,
      },
    );
  };
  const assign = vi.fn();
  window.history.replaceState(null, "", "/runs/4");
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign });
  await expect(request({ method: "GET", resource: "runs", id: 4 })).rejects.toMatchObject({
    statusCode: 401,
  });
  expect(assign).toHaveBeenCalledWith("/login?redirect=%2Fruns%2F4");
});
