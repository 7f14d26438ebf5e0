import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearProfile, getProfile, setProfile } from "../../../src/auth/profile-store";
import { getMergedPermissions } from "../../../src/providers/access-control";
import { authProvider, setQueryClient, updateProfile } from "../../../src/providers/auth-provider";
import { clearSession, getSessionToken, setSessionToken } from "../../../src/providers/session";
import { goTo, httpError, networkError, TENANT_ID, user } from "./mocks";

const http = vi.hoisted(() => ({ request: vi.fn(), post: vi.fn() }));
const firebase = vi.hoisted(() => ({
  signInWithGoogle: vi.fn(),
  signOutOfFirebase: vi.fn(),
  trySignInWithCustomToken: vi.fn(),
}));
const loader = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn() }));
const feedback = vi.hoisted(() => ({ push: vi.fn() }));
const actions = vi.hoisted(() => ({
  login: vi.fn(),
  register: vi.fn(),
  forgotPassword: vi.fn(),
  updatePassword: vi.fn(),
}));

vi.mock("../../../src/config/config", async () => {
  const { testConfig } = await import("./mocks");
  return { getConfig: () => testConfig };
});
vi.mock("../../../src/providers/http-client", () => ({
  request: http.request,
  httpClient: { post: http.post },
}));
vi.mock("../../../src/providers/firebase", () => firebase);
vi.mock("../../../src/providers/loader-store", () => loader);
vi.mock("../../../src/providers/feedback-store", () => feedback);
vi.mock("../../../src/providers/auth-actions", () => actions);

beforeEach(() => {
  vi.resetAllMocks();
  firebase.signOutOfFirebase.mockResolvedValue(undefined);
  firebase.trySignInWithCustomToken.mockResolvedValue(undefined);
  clearSession();
  clearProfile();
  setQueryClient(null);
  goTo("/");
});

afterEach(() => {
  clearSession();
});

describe("the sign-in calls (auth-actions.ts, tested there)", () => {
  it("logs in through the shared call and forgets a previous user's profile", async () => {
    setProfile({ ...user, name: "Someone else" });
    actions.login.mockResolvedValue({ success: true, redirectTo: "/orders" });
    const params = { email: "a@b.c", password: "p", redirect: "/orders" };
    expect(await authProvider.login(params)).toEqual({ success: true, redirectTo: "/orders" });
    expect(actions.login).toHaveBeenCalledWith(params);
    expect(getProfile()).toBeNull();
  });

  it("keeps the profile when the sign-in fails", async () => {
    setProfile(user);
    const failed = { success: false, error: { name: "Login failed", message: "Nope" } };
    actions.login.mockResolvedValue(failed);
    expect(await authProvider.login({ email: "a@b.c", password: "p" })).toEqual(failed);
    expect(getProfile()).toEqual(user);
  });

  it("registers through the shared call and forgets a previous user's profile", async () => {
    setProfile(user);
    actions.register.mockResolvedValue({ success: true, redirectTo: "/" });
    const params = { name: "A", email: "a@b.c", password: "0123456789", token: "t" };
    expect(await authProvider.register?.(params)).toEqual({ success: true, redirectTo: "/" });
    expect(actions.register).toHaveBeenCalledWith(params);
    expect(getProfile()).toBeNull();
  });

  it("asks for a reset link and sets a new password through the shared calls", () => {
    expect(authProvider.forgotPassword).toBe(actions.forgotPassword);
    expect(authProvider.updatePassword).toBe(actions.updatePassword);
  });
});

describe("check", () => {
  it("without a cookie sends to /login with the wanted full path in `redirect`", async () => {
    goTo("/orders/5?tab=files");
    const result = await authProvider.check();
    expect(result).toEqual({
      authenticated: false,
      redirectTo: "/login?redirect=%2Forders%2F5%3Ftab%3Dfiles",
    });
    expect(http.request).not.toHaveBeenCalled();
  });

  it("with a cookie loads the profile first (POST auth/profile with the tenant id)", async () => {
    setSessionToken("s");
    http.request.mockResolvedValue({ data: { user } });
    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(http.request).toHaveBeenCalledWith({
      method: "POST",
      resource: "auth/profile",
      data: { tenantId: TENANT_ID },
    });
    expect(getProfile()).toEqual(user);
    expect(getMergedPermissions()?.permissions).toEqual({ Order: ["ReadAny"] });
  });

  it("answers from the loaded profile afterwards", async () => {
    setSessionToken("s");
    http.request.mockResolvedValue({ data: { user } });
    await authProvider.check();
    await authProvider.check();
    expect(http.request).toHaveBeenCalledTimes(1);
  });

  it("signs in to Firebase with the profile's custom token", async () => {
    setSessionToken("s");
    http.request.mockResolvedValue({ data: { user, customToken: "custom-3" } });
    await authProvider.check();
    expect(firebase.trySignInWithCustomToken).toHaveBeenCalledWith("custom-3");
  });

  it("clears the session when the profile fetch fails and sends to /login", async () => {
    goTo("/orders");
    setSessionToken("s");
    http.request.mockRejectedValue(new Error("Unauthenticated"));
    const result = await authProvider.check();
    expect(result).toMatchObject({
      authenticated: false,
      logout: true,
      redirectTo: "/login?redirect=%2Forders",
    });
    expect(getSessionToken()).toBeUndefined();
    expect(getProfile()).toBeNull();
  });

  it("treats a profile answer without a user (403) as a failure", async () => {
    setSessionToken("s");
    http.request.mockResolvedValue(undefined);
    const result = await authProvider.check();
    expect(result).toMatchObject({ authenticated: false, logout: true });
    expect(result.redirectTo?.startsWith("/login")).toBe(true);
    expect(getSessionToken()).toBeUndefined();
  });

  it("on a public page a failed profile sends to plain /login", async () => {
    goTo("/register?token=t");
    setSessionToken("s");
    http.request.mockRejectedValue(new Error("x"));
    expect((await authProvider.check()).redirectTo).toBe("/login");
  });

  it("drops a profile left over from a session that is gone", async () => {
    setProfile(user);
    const result = await authProvider.check();
    expect(result.authenticated).toBe(false);
    expect(getProfile()).toBeNull();
  });
});

describe("onError", () => {
  it.each([
    ["statusCode", { statusCode: 401 }],
    ["status", { status: 401 }],
    ["an axios response", { response: { status: 401 } }],
  ])("logs out on 401 (%s)", async (_label, error) => {
    goTo("/orders?page=2");
    expect(await authProvider.onError(error)).toEqual({
      logout: true,
      redirectTo: "/login?redirect=%2Forders%3Fpage%3D2",
    });
  });

  it("keeps the login page's redirect value when the client already went there", async () => {
    goTo("/login?redirect=%2Forders");
    expect(await authProvider.onError({ statusCode: 401 })).toEqual({
      logout: true,
      redirectTo: "/login?redirect=%2Forders",
    });
  });

  it.each([403, 404, 409, 500])("does nothing on %i", async (statusCode) => {
    expect(await authProvider.onError({ statusCode })).toEqual({});
  });

  it("does nothing on an error without a status", async () => {
    expect(await authProvider.onError(new Error("x"))).toEqual({});
    expect(await authProvider.onError(undefined)).toEqual({});
  });
});

describe("logout", () => {
  it("revokes the session, signs out of Firebase, clears cookie, profile and every cached query", async () => {
    const queryClient = { clear: vi.fn(), invalidateQueries: vi.fn() };
    setQueryClient(queryClient);
    setSessionToken("s");
    setProfile(user);
    http.post.mockResolvedValue({ data: null });
    const result = await authProvider.logout({});
    expect(http.post).toHaveBeenCalledWith("auth/logout", {});
    expect(firebase.signOutOfFirebase).toHaveBeenCalledTimes(1);
    expect(getSessionToken()).toBeUndefined();
    expect(getProfile()).toBeNull();
    expect(getMergedPermissions()).toBeNull();
    expect(queryClient.clear).toHaveBeenCalledTimes(1);
    expect(queryClient.invalidateQueries).not.toHaveBeenCalled();
    expect(result).toEqual({ success: true, redirectTo: "/login" });
  });

  it("ignores a failing logout call and a failing Firebase sign-out", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    setSessionToken("s");
    http.post.mockRejectedValue(networkError());
    firebase.signOutOfFirebase.mockRejectedValue(new Error("offline"));
    const result = await authProvider.logout({});
    expect(result).toEqual({ success: true, redirectTo: "/login" });
    expect(getSessionToken()).toBeUndefined();
  });

  it("does not call the server when the session is already gone", async () => {
    await authProvider.logout({});
    expect(http.post).not.toHaveBeenCalled();
  });
});

describe("identity and permissions", () => {
  it("answers the profile's user and its raw UserGroups", async () => {
    setSessionToken("s");
    setProfile(user);
    expect(await authProvider.getIdentity?.()).toEqual(user);
    expect(await authProvider.getPermissions?.()).toBe(user.UserGroups);
  });

  it("loads the profile when needed", async () => {
    setSessionToken("s");
    http.request.mockResolvedValue({ data: { user } });
    expect(await authProvider.getIdentity?.()).toEqual(user);
  });

  it("answers null without a session or when the profile fails", async () => {
    expect(await authProvider.getIdentity?.()).toBeNull();
    expect(await authProvider.getPermissions?.()).toBeNull();
    setSessionToken("s");
    http.request.mockRejectedValue(new Error("x"));
    expect(await authProvider.getIdentity?.()).toBeNull();
  });
});

describe("updateProfile", () => {
  it("puts the values with the loader on, then fetches the profile again", async () => {
    setSessionToken("s");
    setProfile(user);
    const updated = { ...user, name: "Ada Lovelace" };
    http.request.mockImplementation(async ({ method }: { method: string }) => {
      expect(loader.start).toHaveBeenCalledTimes(1);
      expect(loader.stop).not.toHaveBeenCalled();
      return method === "PUT" ? { data: { user: updated } } : { data: { user: updated } };
    });
    const result = await updateProfile({ name: "Ada Lovelace", phone: "555" });
    expect(http.request).toHaveBeenNthCalledWith(1, {
      method: "PUT",
      resource: "auth/profile",
      data: { name: "Ada Lovelace", phone: "555" },
    });
    expect(http.request).toHaveBeenNthCalledWith(2, {
      method: "POST",
      resource: "auth/profile",
      data: { tenantId: TENANT_ID },
    });
    expect(loader.start).toHaveBeenCalledWith();
    expect(loader.stop).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ success: true, user: updated });
    expect(getProfile()).toEqual(updated);
  });

  it("stops the loader and keeps the profile when the update fails", async () => {
    setProfile(user);
    http.request.mockRejectedValue(httpError(400, { message: "Current password is wrong" }));
    const result = await updateProfile({ current_password: "x", password: "0123456789" });
    expect(result.success).toBe(false);
    expect(loader.stop).toHaveBeenCalledTimes(1);
    expect(http.request).toHaveBeenCalledTimes(1);
    expect(getProfile()).toEqual(user);
  });

  it("treats a 403 (no value) as a failure", async () => {
    http.request.mockResolvedValue(undefined);
    expect((await updateProfile({ name: "x" })).success).toBe(false);
    expect(loader.stop).toHaveBeenCalledTimes(1);
  });
});
