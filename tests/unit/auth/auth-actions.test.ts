// The sign-in calls of the guest pages, against a fake fetch: exact requests, sessions and messages.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  forgotPassword,
  LOGIN_FALLBACK_MESSAGE,
  login,
  register,
  updatePassword,
} from "../../../src/providers/auth-actions";
import { clearSession, getSessionToken, setSessionToken } from "../../../src/providers/session";
import { installFakeFetch } from "./fake-fetch";
import { goTo, TENANT_ID, testConfig } from "./mocks";

const firebase = vi.hoisted(() => ({
  signInWithGoogle: vi.fn(),
  trySignInWithCustomToken: vi.fn(),
}));
const loader = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn() }));
const feedback = vi.hoisted(() => ({ push: vi.fn() }));

vi.mock("../../../src/config/config", async () => {
  const { testConfig } = await import("./mocks");
  return { getConfig: () => testConfig };
});
vi.mock("../../../src/providers/firebase", () => firebase);
vi.mock("../../../src/providers/loader-store", () => loader);
vi.mock("../../../src/providers/feedback-store", () => feedback);

const session = (cookie = "session-1", customToken: string | null = null) => ({
  status: 200,
  body: { data: { customToken, sessionCookie: cookie } },
});

let api: ReturnType<typeof installFakeFetch>;

beforeEach(() => {
  vi.resetAllMocks();
  firebase.trySignInWithCustomToken.mockResolvedValue(undefined);
  api = installFakeFetch();
  clearSession();
  goTo("/");
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the wire", () => {
  it("posts JSON to the configured API base, without axios", async () => {
    api.answer(session());
    await login({ email: "ada@example.test", password: "secret-pass" });
    expect(api.sent).toEqual([
      {
        url: `${testConfig.apiBaseUrl}/auth/login`,
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: { email: "ada@example.test", password: "secret-pass", tenantId: TENANT_ID },
      },
    ]);
  });

  it("carries the Bearer token of a session cookie (spec §7)", async () => {
    setSessionToken("old-session");
    api.answer({ status: 200, body: {} });
    await forgotPassword({ email: "ada@example.test" });
    expect(api.sent[0].headers.Authorization).toBe("Bearer old-session");
  });
});

describe("login", () => {
  it("posts email, password and the configured tenant id, then stores the session cookie", async () => {
    api.answer(session("cookie-abc"));
    const result = await login({ email: "ada@example.test", password: "secret-pass" });
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0].url).toBe("/api/v1/auth/login");
    expect(api.sent[0].body).toEqual({
      email: "ada@example.test",
      password: "secret-pass",
      tenantId: testConfig.tenantId,
    });
    expect(getSessionToken()).toBe("cookie-abc");
    expect(result).toEqual({ success: true, redirectTo: "/" });
  });

  it("signs in to Firebase with the custom token when there is one", async () => {
    api.answer(session("c", "custom-1"));
    await login({ email: "a@b.c", password: "p" });
    expect(firebase.trySignInWithCustomToken).toHaveBeenCalledWith("custom-1");
  });

  it("does not touch Firebase when the custom token is null", async () => {
    api.answer(session("c", null));
    await login({ email: "a@b.c", password: "p" });
    expect(firebase.trySignInWithCustomToken).not.toHaveBeenCalled();
  });

  it("does not wait for a slow or failing Firebase sign-in", async () => {
    api.answer(session("c", "custom-1"));
    firebase.trySignInWithCustomToken.mockReturnValue(new Promise(() => {}));
    const result = await login({ email: "a@b.c", password: "p" });
    expect(result.success).toBe(true);
    expect(getSessionToken()).toBe("c");
  });

  it("redirects to the redirect value it is given", async () => {
    api.answer(session());
    const result = await login({ email: "a@b.c", password: "p", redirect: "/orders/5?tab=files" });
    expect(result.redirectTo).toBe("/orders/5?tab=files");
  });

  it("reads the redirect value from the page URL when not given", async () => {
    goTo("/login?redirect=%2Fvendors%3Fpage%3D2");
    api.answer(session());
    const result = await login({ email: "a@b.c", password: "p" });
    expect(result.redirectTo).toBe("/vendors?page=2");
  });

  it.each(["//evil.com", "https://evil.com", "/\\evil"])("refuses the open redirect %s", async (redirect) => {
    api.answer(session());
    const result = await login({ email: "a@b.c", password: "p", redirect });
    expect(result.redirectTo).toBe("/");
  });

  it("answers the server's message on failure and stores no cookie", async () => {
    api.answer({ status: 401, body: { message: "Invalid email or password" } });
    const result = await login({ email: "a@b.c", password: "wrong" });
    expect(result).toEqual({
      success: false,
      error: { name: "Login failed", message: "Invalid email or password" },
    });
    expect(getSessionToken()).toBeUndefined();
  });

  it("prefers the first entry of the errors list", async () => {
    api.answer({
      status: 400,
      body: { message: "Validation failed", errors: [{ field: "email", message: "Invalid email" }] },
    });
    const result = await login({ email: "x", password: "p" });
    expect(result.error).toEqual({ name: "Login failed", message: "Invalid email" });
  });

  it("passes the throttling message on", async () => {
    api.answer({ status: 429, body: { message: "Too many attempts; try again in 60 seconds" } });
    const result = await login({ email: "a@b.c", password: "p" });
    expect(result.error?.message).toBe("Too many attempts; try again in 60 seconds");
  });

  it.each([
    ["a network failure", "network-error" as const],
    ["a 500 without a body", { status: 500, text: "" }],
    ["a 502 with an HTML page", { status: 502, text: "<html>Bad gateway</html>" }],
    ["a body without a message", { status: 502, body: { oops: true } }],
  ])("answers exactly the fallback sentence for %s", async (_label, answer) => {
    api.answer(answer);
    const result = await login({ email: "a@b.c", password: "p" });
    expect(result).toEqual({
      success: false,
      error: { name: "Login failed", message: LOGIN_FALLBACK_MESSAGE },
    });
    expect(LOGIN_FALLBACK_MESSAGE).toBe("Something went wrong while trying to login. Please try again");
  });

  it("fails cleanly when the answer carries no session cookie", async () => {
    api.answer({ status: 200, body: { data: { customToken: null } } });
    const result = await login({ email: "a@b.c", password: "p" });
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
    api.answer(session("sso-cookie"));
    const result = await login({ providerName: "google" });
    expect(loader.start).toHaveBeenCalledWith("Logging in... Please wait");
    expect(loaderOnDuringCall).toBe(true);
    expect(loader.stop).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ success: true, redirectTo: "/" });
    expect(getSessionToken()).toBe("sso-cookie");
  });

  it("posts the ID token, the tenant id and the invitation token of the page URL", async () => {
    goTo("/login?token=invite-9&redirect=%2Fruns");
    firebase.signInWithGoogle.mockResolvedValue("id-token-1");
    api.answer(session());
    const result = await login({ providerName: "google" });
    expect(api.sent[0].url).toBe("/api/v1/auth/sso-login");
    expect(api.sent[0].body).toEqual({ idToken: "id-token-1", tenantId: TENANT_ID, token: "invite-9" });
    expect(result.redirectTo).toBe("/runs");
    // Firebase is signed in through the popup already.
    expect(firebase.trySignInWithCustomToken).not.toHaveBeenCalled();
  });

  it("leaves the invitation token out when the URL has none", async () => {
    firebase.signInWithGoogle.mockResolvedValue("id-token-1");
    api.answer(session());
    await login({ providerName: "google", redirect: "/orders" });
    expect(api.sent[0].body).toEqual({ idToken: "id-token-1", tenantId: TENANT_ID });
  });

  it("stops the loader and reports the server's message when the server refuses", async () => {
    firebase.signInWithGoogle.mockResolvedValue("id-token-1");
    api.answer({ status: 401, body: { message: "Unauthenticated" } });
    const result = await login({ providerName: "google" });
    expect(result).toEqual({ success: false, error: { name: "Login failed", message: "Unauthenticated" } });
    expect(loader.stop).toHaveBeenCalledTimes(1);
    expect(getSessionToken()).toBeUndefined();
  });

  it("uses the fallback sentence when Firebase fails", async () => {
    firebase.signInWithGoogle.mockRejectedValue(
      Object.assign(new Error("x"), { code: "auth/network-request-failed" }),
    );
    const result = await login({ providerName: "google" });
    expect(result.error?.message).toBe(LOGIN_FALLBACK_MESSAGE);
    expect(api.sent).toEqual([]);
    expect(loader.stop).toHaveBeenCalledTimes(1);
  });

  it("stays quiet when the user closes the Google window", async () => {
    firebase.signInWithGoogle.mockRejectedValue(
      Object.assign(new Error("x"), { code: "auth/popup-closed-by-user" }),
    );
    const result = await login({ providerName: "google" });
    expect(result).toEqual({ success: false });
    expect(loader.stop).toHaveBeenCalledTimes(1);
  });
});

describe("register", () => {
  it("posts name, email, password, tenant id and invitation token, stores the cookie and goes home", async () => {
    api.answer(session("reg-cookie", "custom-2"));
    const result = await register({
      name: "Ada",
      email: "ada@example.test",
      password: "0123456789",
      token: "invite-1",
    });
    expect(api.sent[0].url).toBe("/api/v1/auth/register");
    expect(api.sent[0].body).toEqual({
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
    api.answer(session());
    await register({ name: "A", email: "a@b.c", password: "0123456789" });
    expect(api.sent[0].body).toMatchObject({ token: "from-url" });
  });

  it("reports the server's message on failure", async () => {
    api.answer({ status: 409, body: { message: "This email is already registered" } });
    const result = await register({ name: "A", email: "a@b.c", password: "0123456789", token: "t" });
    expect(result).toMatchObject({ success: false, error: { message: "This email is already registered" } });
    expect(getSessionToken()).toBeUndefined();
  });
});

describe("forgotPassword", () => {
  it("posts the email, tenant id and the reset link of this origin, then shows the info message", async () => {
    api.answer({ status: 200, body: { data: { message: "ok" } } });
    const result = await forgotPassword({ email: "ada@example.test" });
    expect(api.sent[0].url).toBe("/api/v1/auth/forgot-password");
    expect(api.sent[0].body).toEqual({
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
    api.answer({ status: 400, body: { message: "Validation failed", errors: [{ message: "Bad email" }] } });
    const result = await forgotPassword({ email: "x" });
    expect(result).toMatchObject({ success: false, error: { message: "Bad email" } });
    expect(feedback.push).not.toHaveBeenCalled();
  });
});

describe("updatePassword (reset link)", () => {
  it("posts token, password and tenant id, then sends the user to /login with an info message", async () => {
    api.answer({ status: 200, body: { data: null } });
    const result = await updatePassword({ token: "reset-1", password: "0123456789" });
    expect(api.sent[0].url).toBe("/api/v1/auth/reset-password");
    expect(api.sent[0].body).toEqual({ token: "reset-1", password: "0123456789", tenantId: TENANT_ID });
    expect(result).toEqual({ success: true, redirectTo: "/login" });
    expect(feedback.push).toHaveBeenCalledWith({
      text: "Your password has been reset. Please sign in with your new password",
      type: "info",
    });
  });

  it("takes the token from the URL when not given", async () => {
    goTo("/reset-password?token=from-url");
    api.answer({ status: 200, body: { data: null } });
    await updatePassword({ password: "0123456789" });
    expect(api.sent[0].body).toMatchObject({ token: "from-url" });
  });

  it("reports an expired token", async () => {
    api.answer({ status: 400, body: { message: "This link has expired" } });
    const result = await updatePassword({ token: "old", password: "0123456789" });
    expect(result).toMatchObject({ success: false, error: { message: "This link has expired" } });
    expect(feedback.push).not.toHaveBeenCalled();
  });
});
