import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearProfile, getProfile, setProfile } from "../../../src/auth/profile-store";
import { getMergedPermissions } from "../../../src/providers/access-control";
import {
  authProvider,
  LOGIN_FALLBACK_MESSAGE,
  setQueryClient,
  updateProfile,
} from "../../../src/providers/auth-provider";
import { clearSession, getSessionToken, setSessionToken } from "../../../src/providers/session";
import { goTo, httpError, networkError, TENANT_ID, testConfig, user } from "./mocks";

const http = vi.hoisted(() => ({ request: vi.fn(), post: vi.fn() }));
const firebase = vi.hoisted(() => ({
  signInWithGoogle: vi.fn(),
  signOutOfFirebase: vi.fn(),
  trySignInWithCustomToken: vi.fn(),
}));
const loader = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn() }));
const feedback = vi.hoisted(() => ({ push: vi.fn() }));

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

const session = (cookie = "session-1", customToken: string | null = null) => ({
  data: { data: { customToken, sessionCookie: cookie } },
});

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

describe("login", () => {
  it("posts email, password and the configured tenant id, then stores the session cookie", async () => {
    http.post.mockResolvedValue(session("cookie-abc"));
    const result = await authProvider.login({ email: "ada@example.test", password: "secret-pass" });
    expect(http.post).toHaveBeenCalledTimes(1);
    expect(http.post).toHaveBeenCalledWith("auth/login", {
      email: "ada@example.test",
      password: "secret-pass",
      tenantId: testConfig.tenantId,
    });
    expect(getSessionToken()).toBe("cookie-abc");
    expect(result).toEqual({ success: true, redirectTo: "/" });
  });

  it("signs in to Firebase with the custom token when there is one", async () => {
    http.post.mockResolvedValue(session("c", "custom-1"));
    await authProvider.login({ email: "a@b.c", password: "p" });
    expect(firebase.trySignInWithCustomToken).toHaveBeenCalledWith("custom-1");
  });

  it("does not touch Firebase when the custom token is null", async () => {
    http.post.mockResolvedValue(session("c", null));
    await authProvider.login({ email: "a@b.c", password: "p" });
    expect(firebase.trySignInWithCustomToken).not.toHaveBeenCalled();
  });

  it("does not wait for a slow or failing Firebase sign-in", async () => {
    http.post.mockResolvedValue(session("c", "custom-1"));
    firebase.trySignInWithCustomToken.mockReturnValue(new Promise(() => {}));
    const result = await authProvider.login({ email: "a@b.c", password: "p" });
    expect(result.success).toBe(true);
    expect(getSessionToken()).toBe("c");
  });

  it("redirects to the redirect value it is given", async () => {
    http.post.mockResolvedValue(session());
    const result = await authProvider.login({
      email: "a@b.c",
      password: "p",
      redirect: "/orders/5?tab=files",
    });
    expect(result.redirectTo).toBe("/orders/5?tab=files");
  });

  it("reads the redirect value from the page URL when not given", async () => {
    goTo("/login?redirect=%2Fvendors%3Fpage%3D2");
    http.post.mockResolvedValue(session());
    const result = await authProvider.login({ email: "a@b.c", password: "p" });
    expect(result.redirectTo).toBe("/vendors?page=2");
  });

  it.each(["//evil.com", "https://evil.com", "/\\evil"])("refuses the open redirect %s", async (redirect) => {
    http.post.mockResolvedValue(session());
    const result = await authProvider.login({ email: "a@b.c", password: "p", redirect });
    expect(result.redirectTo).toBe("/");
  });

  it("forgets a previous user's profile", async () => {
    setProfile({ ...user, name: "Someone else" });
    http.post.mockResolvedValue(session());
    await authProvider.login({ email: "a@b.c", password: "p" });
    expect(getProfile()).toBeNull();
  });

  it("answers the server's message on failure and stores no cookie", async () => {
    http.post.mockRejectedValue(httpError(401, { message: "Invalid email or password" }));
    const result = await authProvider.login({ email: "a@b.c", password: "wrong" });
    expect(result).toEqual({
      success: false,
      error: { name: "Login failed", message: "Invalid email or password" },
    });
    expect(getSessionToken()).toBeUndefined();
  });

  it("prefers the first entry of the errors list", async () => {
    http.post.mockRejectedValue(
      httpError(400, {
        message: "Validation failed",
        errors: [{ field: "email", message: "Invalid email" }],
      }),
    );
    const result = await authProvider.login({ email: "x", password: "p" });
    expect(result.error).toEqual({ name: "Login failed", message: "Invalid email" });
  });

  it("passes the throttling message on", async () => {
    http.post.mockRejectedValue(httpError(429, { message: "Too many attempts; try again in 60 seconds" }));
    const result = await authProvider.login({ email: "a@b.c", password: "p" });
    expect(result.error?.message).toBe("Too many attempts; try again in 60 seconds");
  });

  it.each([
    ["a network failure", networkError()],
    ["a 500 without a body", httpError(500, "")],
    ["a body without a message", httpError(502, { oops: true })],
    ["a non-http error", new Error("boom")],
  ])("answers exactly the fallback sentence for %s", async (_label, error) => {
    http.post.mockRejectedValue(error);
    const result = await authProvider.login({ email: "a@b.c", password: "p" });
    expect(result).toEqual({
      success: false,
      error: { name: "Login failed", message: LOGIN_FALLBACK_MESSAGE },
    });
    expect(LOGIN_FALLBACK_MESSAGE).toBe("Something went wrong while trying to login. Please try again");
  });

  it("fails cleanly when the answer carries no session cookie", async () => {
    http.post.mockResolvedValue({ data: { customToken: null } });
    const result = await authProvider.login({ email: "a@b.c", password: "p" });
    expect(result.success).toBe(false);
    expect(getSessionToken()).toBeUndefined();
  });
});

describe("single sign-on with Google", () => {
  it("shows the loader with the login message while it runs and stops it after", async () => {
    let loaderOnDuringCall = false;
    firebase.signInWithGoogle.mockImplementation(async () => {
      loaderOnDuringCall = loader.start.mock.calls.length === 1 && loader.stop.mock.calls.length === 0;
      return "id-token-1";
    });
    http.post.mockResolvedValue(session("sso-cookie"));
    const result = await authProvider.login({ providerName: "google" });
    expect(loader.start).toHaveBeenCalledWith("Logging in... Please wait");
    expect(loaderOnDuringCall).toBe(true);
    expect(loader.stop).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ success: true, redirectTo: "/" });
    expect(getSessionToken()).toBe("sso-cookie");
  });

  it("posts the ID token, the tenant id and the invitation token of the page URL", async () => {
    goTo("/login?token=invite-9&redirect=%2Fruns");
    firebase.signInWithGoogle.mockResolvedValue("id-token-1");
    http.post.mockResolvedValue(session());
    const result = await authProvider.login({ providerName: "google" });
    expect(http.post).toHaveBeenCalledWith("auth/sso-login", {
      idToken: "id-token-1",
      tenantId: TENANT_ID,
      token: "invite-9",
    });
    expect(result.redirectTo).toBe("/runs");
  });

  it("leaves the invitation token out when the URL has none", async () => {
    firebase.signInWithGoogle.mockResolvedValue("id-token-1");
    http.post.mockResolvedValue(session());
    await authProvider.login({ providerName: "google", redirect: "/orders" });
    expect(http.post).toHaveBeenCalledWith("auth/sso-login", { idToken: "id-token-1", tenantId: TENANT_ID });
  });

  it("stops the loader and reports the server's message when the server refuses", async () => {
    firebase.signInWithGoogle.mockResolvedValue("id-token-1");
    http.post.mockRejectedValue(httpError(401, { message: "Unauthenticated" }));
    const result = await authProvider.login({ providerName: "google" });
    expect(result).toEqual({ success: false, error: { name: "Login failed", message: "Unauthenticated" } });
    expect(loader.stop).toHaveBeenCalledTimes(1);
    expect(getSessionToken()).toBeUndefined();
  });

  it("uses the fallback sentence when Firebase fails", async () => {
    firebase.signInWithGoogle.mockRejectedValue(
      Object.assign(new Error("x"), { code: "auth/network-request-failed" }),
    );
    const result = await authProvider.login({ providerName: "google" });
    expect(result.error?.message).toBe(LOGIN_FALLBACK_MESSAGE);
    expect(http.post).not.toHaveBeenCalled();
    expect(loader.stop).toHaveBeenCalledTimes(1);
  });

  it("stays quiet when the user closes the Google window", async () => {
    firebase.signInWithGoogle.mockRejectedValue(
      Object.assign(new Error("x"), { code: "auth/popup-closed-by-user" }),
    );
    const result = await authProvider.login({ providerName: "google" });
    expect(result).toEqual({ success: false });
    expect(loader.stop).toHaveBeenCalledTimes(1);
  });
});

describe("register", () => {
  it("posts name, email, password, tenant id and invitation token, stores the cookie and goes home", async () => {
    http.post.mockResolvedValue(session("reg-cookie", "custom-2"));
    const result = await authProvider.register?.({
      name: "Ada",
      email: "ada@example.test",
      password: "0123456789",
      token: "invite-1",
    });
    expect(http.post).toHaveBeenCalledWith("auth/register", {
      name: "Ada",
      email: "ada@example.test",
      password: "0123456789",
      tenantId: TENANT_ID,
      token: "invite-1",
    });
    expect(getSessionToken()).toBe("reg-cookie");
    expect(firebase.trySignInWithCustomToken).toHaveBeenCalledWith("custom-2");
    expect(result).toEqual({ success: true, redirectTo: "/" });
  });

  it("takes the invitation token from the URL when not given", async () => {
    goTo("/register?token=from-url");
    http.post.mockResolvedValue(session());
    await authProvider.register?.({ name: "A", email: "a@b.c", password: "0123456789" });
    expect(http.post.mock.calls[0][1]).toMatchObject({ token: "from-url" });
  });

  it("reports the server's message on failure", async () => {
    http.post.mockRejectedValue(httpError(409, { message: "This email is already registered" }));
    const result = await authProvider.register?.({
      name: "A",
      email: "a@b.c",
      password: "0123456789",
      token: "t",
    });
    expect(result).toMatchObject({ success: false, error: { message: "This email is already registered" } });
    expect(getSessionToken()).toBeUndefined();
  });
});

describe("forgotPassword", () => {
  it("posts the email, tenant id and the reset link of this origin, then shows the info message", async () => {
    http.post.mockResolvedValue({ data: { message: "ok" } });
    const result = await authProvider.forgotPassword?.({ email: "ada@example.test" });
    expect(http.post).toHaveBeenCalledWith("auth/forgot-password", {
      email: "ada@example.test",
      tenantId: TENANT_ID,
      redirectLink: `${window.location.origin}/reset-password`,
    });
    expect(feedback.push).toHaveBeenCalledWith({
      text: "Password reset link sent to your email",
      type: "info",
    });
    expect(result).toEqual({ success: true });
  });

  it("reports a failure without the success message", async () => {
    http.post.mockRejectedValue(
      httpError(400, { message: "Validation failed", errors: [{ message: "Bad email" }] }),
    );
    const result = await authProvider.forgotPassword?.({ email: "x" });
    expect(result).toMatchObject({ success: false, error: { message: "Bad email" } });
    expect(feedback.push).not.toHaveBeenCalled();
  });
});

describe("updatePassword (reset link)", () => {
  it("posts token, password and tenant id, then sends the user to /login with an info message", async () => {
    http.post.mockResolvedValue({ data: null });
    const result = await authProvider.updatePassword?.({ token: "reset-1", password: "0123456789" });
    expect(http.post).toHaveBeenCalledWith("auth/reset-password", {
      token: "reset-1",
      password: "0123456789",
      tenantId: TENANT_ID,
    });
    expect(result).toEqual({ success: true, redirectTo: "/login" });
    expect(feedback.push).toHaveBeenCalledWith(expect.objectContaining({ type: "info" }));
  });

  it("reports an expired token", async () => {
    http.post.mockRejectedValue(httpError(400, { message: "This link has expired" }));
    const result = await authProvider.updatePassword?.({ token: "old", password: "0123456789" });
    expect(result).toMatchObject({ success: false, error: { message: "This link has expired" } });
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
