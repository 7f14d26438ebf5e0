import { AxiosError, type AxiosResponse } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FORBIDDEN_MESSAGE, SERVER_ERROR_MESSAGE } from "../../../src/providers/error-message";
import { clear, getMessages } from "../../../src/providers/feedback-store";
import { errorMessageFrom, request, setNavigate } from "../../../src/providers/http-client";
import { RequestError } from "../../../src/providers/request-error";
import { clearSession, getSessionToken, setSessionToken } from "../../../src/providers/session";
import { installFakeTransport } from "../fake-transport";

const transport = installFakeTransport({ status: 200, data: {} });
const navigate = vi.fn();

beforeEach(() => {
  transport.reset();
  navigate.mockReset();
  setNavigate(navigate);
  window.history.replaceState(null, "", "/orders?page=2");
  setSessionToken("token-123");
});

afterEach(() => {
  clearSession();
  clear();
});

const errors = () => getMessages().map(({ text, type }) => ({ text, type }));

describe("request: what is sent", () => {
  it("GET resource/id/additionalRouteParams with query parameters and the Bearer token", async () => {
    transport.always({ status: 200, data: { data: [{ id: 1 }], meta: { page: 2, limit: 25, total: 30 } } });
    const body = await request({
      method: "GET",
      resource: "vendors",
      id: 3,
      additionalRouteParams: "change-logs",
      params: { page: 2, limit: 25 },
    });
    expect(transport.sent).toEqual([
      {
        method: "GET",
        url: "/api/v1/vendors/3/change-logs?page=2&limit=25",
        authorization: "Bearer token-123",
        body: undefined,
      },
    ]);
    // Reduced to the body: the contract's envelope is what the caller gets.
    expect(body).toEqual({ data: [{ id: 1 }], meta: { page: 2, limit: 25, total: 30 } });
  });

  it("POST sends its data as the JSON body", async () => {
    transport.always({ status: 201, data: { data: { id: 9 } } });
    await expect(
      request({ method: "POST", resource: "auth/profile", data: { tenantId: 1 } }),
    ).resolves.toEqual({
      data: { id: 9 },
    });
    expect(transport.sent).toEqual([
      {
        method: "POST",
        url: "/api/v1/auth/profile",
        authorization: "Bearer token-123",
        body: { tenantId: 1 },
      },
    ]);
  });

  it.each(["PATCH", "PUT", "DELETE"] as const)("%s goes to resource/id", async (method) => {
    transport.always({ status: 200, data: { data: { id: 5 } } });
    await request({
      method,
      resource: "vendors",
      id: 5,
      data: method === "DELETE" ? undefined : { version: 2 },
    });
    expect(transport.sent[0]).toMatchObject({
      method,
      url: "/api/v1/vendors/5",
      authorization: "Bearer token-123",
    });
    if (method !== "DELETE") expect(transport.sent[0].body).toEqual({ version: 2 });
  });

  it("sends no Authorization header without a session", async () => {
    clearSession();
    transport.always({ status: 200, data: { data: { status: "ok" } } });
    await request({ method: "GET", resource: "health" });
    expect(transport.sent[0]).toEqual({
      method: "GET",
      url: "/api/v1/health",
      authorization: undefined,
      body: undefined,
    });
  });

  it("writes lists as one comma-separated value and leaves out empty parameters", async () => {
    transport.always({ status: 200, data: { data: [] } });
    await request({
      method: "GET",
      resource: "orders",
      params: { status: ["printing", "printed"], search: "", customer_id: undefined, sort: "-id" },
    });
    expect(transport.sent[0].url).toBe("/api/v1/orders?status=printing%2Cprinted&sort=-id");
  });
});

describe("request: the error catalogue (spec §8)", () => {
  it("401: clears the session, goes to /login keeping the way back, rejects", async () => {
    transport.always({ status: 401, data: { message: "Unauthenticated" } });
    const failure = request({ method: "GET", resource: "orders" });
    await expect(failure).rejects.toBeInstanceOf(RequestError);
    await expect(failure).rejects.toMatchObject({ statusCode: 401 });
    expect(getSessionToken()).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith("/login?redirect=%2Forders%3Fpage%3D2");
    expect(errors()).toEqual([]);
  });

  it("401 on a public page (a failed sign-in) clears the session but stays", async () => {
    window.history.replaceState(null, "", "/login?redirect=%2Forders");
    transport.always({ status: 401, data: { message: "Invalid email or password" } });
    await expect(request({ method: "POST", resource: "auth/login", data: {} })).rejects.toMatchObject({
      message: "Invalid email or password",
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(getSessionToken()).toBeUndefined();
  });

  it("403: shows the permission message and resolves with nothing", async () => {
    transport.always({ status: 403, data: { message: "Forbidden" } });
    await expect(request({ method: "DELETE", resource: "roles", id: 1 })).resolves.toBeUndefined();
    expect(errors()).toEqual([
      { text: "You do not have permissions to access this resource.", type: "error" },
    ]);
    expect(getSessionToken()).toBe("token-123");
  });

  it("other errors: the first entry of `errors` wins, is shown, and the error is rethrown", async () => {
    transport.always({
      status: 400,
      data: {
        message: "Validation failed",
        errors: [
          { message: "name is required", field: "name" },
          { message: "lead_time_days must be at most 365", field: "lead_time_days" },
        ],
      },
    });
    const failure = request({ method: "POST", resource: "vendors", data: {} });
    await expect(failure).rejects.toMatchObject({
      name: "RequestError",
      message: "name is required",
      statusCode: 400,
      errors: { name: ["name is required"], lead_time_days: ["lead_time_days must be at most 365"] },
    });
    expect(errors()).toEqual([{ text: "name is required", type: "error" }]);
  });

  it("other errors: the answer's message when there is no `errors` list", async () => {
    transport.always({
      status: 409,
      data: { message: "This vendor was changed by someone else. Reload and try again." },
    });
    await expect(request({ method: "PATCH", resource: "vendors", id: 2, data: {} })).rejects.toThrow(
      "This vendor was changed by someone else. Reload and try again.",
    );
    expect(errors()).toEqual([
      { text: "This vendor was changed by someone else. Reload and try again.", type: "error" },
    ]);
  });

  it("500 whose message is not a string: the generic sentence", async () => {
    transport.always({ status: 500, data: { message: { detail: "x" } } });
    await expect(request({ method: "GET", resource: "orders" })).rejects.toThrow(
      "Something went wrong! Please try again.",
    );
    expect(errors()).toEqual([{ text: "Something went wrong! Please try again.", type: "error" }]);
  });

  it("500 with a string message: that message", async () => {
    transport.always({ status: 500, data: { message: "Internal Server Error" } });
    await expect(request({ method: "GET", resource: "orders" })).rejects.toThrow("Internal Server Error");
  });

  it("no usable message and not 500: the client's own error text", async () => {
    transport.always({ status: 404, data: "<html>not found</html>" });
    await expect(request({ method: "GET", resource: "orders", id: 7 })).rejects.toThrow(
      "Request failed with status code 404",
    );
    expect(errors()).toEqual([{ text: "Request failed with status code 404", type: "error" }]);
  });

  it("no answer at all: the client's own error text, status 0", async () => {
    transport.always({ networkError: true });
    await expect(request({ method: "GET", resource: "orders" })).rejects.toMatchObject({
      message: "Network Error",
      statusCode: 0,
    });
    expect(errors()).toEqual([{ text: "Network Error", type: "error" }]);
  });
});

describe("errorMessageFrom", () => {
  const axiosError = (status: number, data: unknown) =>
    new AxiosError("Request failed", "ERR_BAD_RESPONSE", undefined, {}, {
      status,
      data,
      statusText: "",
      headers: {},
      config: { headers: {} },
    } as AxiosResponse);

  it("builds the same messages for the providers", () => {
    expect(errorMessageFrom(axiosError(400, { errors: ["plain entry"] }))).toBe("plain entry");
    expect(errorMessageFrom(axiosError(403, {}))).toBe(FORBIDDEN_MESSAGE);
    expect(errorMessageFrom(axiosError(500, null))).toBe(SERVER_ERROR_MESSAGE);
    expect(errorMessageFrom(axiosError(502, null))).toBe("Request failed");
    expect(errorMessageFrom(new Error("boom"))).toBe("boom");
    expect(errorMessageFrom("text")).toBe("text");
  });
});
