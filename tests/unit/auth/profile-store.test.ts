import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearProfile,
  getProfile,
  loadProfile,
  reloadProfile,
  setProfile,
  subscribe,
} from "../../../src/auth/profile-store";
import { getMergedPermissions } from "../../../src/providers/access-control";
import { TENANT_ID, user } from "./mocks";

const http = vi.hoisted(() => ({ request: vi.fn() }));
const firebase = vi.hoisted(() => ({ trySignInWithCustomToken: vi.fn() }));

vi.mock("../../../src/config/config", async () => {
  const { testConfig } = await import("./mocks");
  return { getConfig: () => testConfig };
});
vi.mock("../../../src/providers/http-client", () => ({ request: http.request }));
vi.mock("../../../src/providers/firebase", () => firebase);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.resetAllMocks();
  clearProfile();
});

describe("profile store", () => {
  it("fetches once with the tenant id and caches until cleared", async () => {
    http.request.mockResolvedValue({ data: { user } });
    expect(await loadProfile()).toEqual(user);
    expect(await loadProfile()).toEqual(user);
    expect(http.request).toHaveBeenCalledTimes(1);
    expect(http.request).toHaveBeenCalledWith({
      method: "POST",
      resource: "auth/profile",
      data: { tenantId: TENANT_ID },
    });
    clearProfile();
    await loadProfile();
    expect(http.request).toHaveBeenCalledTimes(2);
  });

  it("shares one request between concurrent callers", async () => {
    const answer = deferred<unknown>();
    http.request.mockReturnValue(answer.promise);
    const calls = [loadProfile(), loadProfile(), loadProfile()];
    answer.resolve({ data: { user } });
    expect(await Promise.all(calls)).toEqual([user, user, user]);
    expect(http.request).toHaveBeenCalledTimes(1);
  });

  it("lets a failed fetch be retried", async () => {
    http.request.mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce({ data: { user } });
    await expect(loadProfile()).rejects.toThrow("down");
    expect(getProfile()).toBeNull();
    expect(await loadProfile()).toEqual(user);
  });

  it("rejects an answer without a user", async () => {
    http.request.mockResolvedValue(undefined);
    await expect(loadProfile()).rejects.toThrow();
    expect(getProfile()).toBeNull();
  });

  it("does not let an answer that arrives after clearProfile repopulate the store", async () => {
    const answer = deferred<unknown>();
    http.request.mockReturnValue(answer.promise);
    const pending = loadProfile();
    clearProfile();
    answer.resolve({ data: { user } });
    await pending;
    expect(getProfile()).toBeNull();
  });

  it("notifies subscribers and keeps the access-control permissions in step", async () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    setProfile(user);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getMergedPermissions()?.permissions).toEqual({ Order: ["ReadAny"] });
    clearProfile();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getMergedPermissions()).toBeNull();
    unsubscribe();
    setProfile(user);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("signs in to Firebase with the custom token on the first load only", async () => {
    http.request.mockResolvedValue({ data: { user, customToken: "custom-1" } });
    await loadProfile();
    expect(firebase.trySignInWithCustomToken).toHaveBeenCalledWith("custom-1");
    await reloadProfile();
    expect(firebase.trySignInWithCustomToken).toHaveBeenCalledTimes(1);
  });

  it("reloadProfile fetches even when cached and stores the new user", async () => {
    setProfile(user);
    const renamed = { ...user, name: "New name" };
    http.request.mockResolvedValue({ data: { user: renamed } });
    expect(await reloadProfile()).toEqual(renamed);
    expect(getProfile()).toEqual(renamed);
    expect(http.request).toHaveBeenCalledTimes(1);
  });
});
