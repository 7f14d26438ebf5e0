import { beforeEach, describe, expect, it, vi } from "vitest";

const app = vi.hoisted(() => ({ initializeApp: vi.fn(), getApps: vi.fn() }));
const auth = vi.hoisted(() => ({
  getAuth: vi.fn(),
  connectAuthEmulator: vi.fn(),
  signInWithCustomToken: vi.fn(),
  signInWithPopup: vi.fn(),
  signOut: vi.fn(),
  GoogleAuthProvider: vi.fn(),
}));
const config = vi.hoisted(() => ({ emulatorUrl: undefined as string | undefined }));

vi.mock("firebase/app", () => app);
vi.mock("firebase/auth", () => auth);
vi.mock("../../../src/config/config", async () => {
  const { testConfig } = await import("./mocks");
  return {
    getConfig: () => ({
      ...testConfig,
      firebase: { ...testConfig.firebase, emulatorUrl: config.emulatorUrl },
    }),
  };
});

// A fresh module per test: it keeps the loaded SDK in module state.
async function fresh() {
  vi.resetModules();
  return import("../../../src/providers/firebase");
}

beforeEach(() => {
  vi.resetAllMocks();
  config.emulatorUrl = undefined;
  app.getApps.mockReturnValue([]);
  app.initializeApp.mockReturnValue({ name: "app" });
  auth.getAuth.mockReturnValue({ name: "auth" });
});

describe("firebase (lazy identity provider)", () => {
  it("loads nothing until first used", async () => {
    const firebase = await fresh();
    expect(firebase.isFirebaseLoaded()).toBe(false);
    expect(app.initializeApp).not.toHaveBeenCalled();
  });

  it("initialises the app from the configuration and signs in with a custom token", async () => {
    const firebase = await fresh();
    await firebase.signInWithCustomToken("custom-1");
    expect(app.initializeApp).toHaveBeenCalledWith((await import("./mocks")).testConfig.firebase);
    expect(auth.signInWithCustomToken).toHaveBeenCalledWith({ name: "auth" }, "custom-1");
    expect(auth.connectAuthEmulator).not.toHaveBeenCalled();
    expect(firebase.isFirebaseLoaded()).toBe(true);
  });

  it("initialises once for many calls", async () => {
    const firebase = await fresh();
    await Promise.all([firebase.signInWithCustomToken("a"), firebase.signInWithCustomToken("b")]);
    expect(app.initializeApp).toHaveBeenCalledTimes(1);
  });

  it("connects the auth emulator when configured", async () => {
    config.emulatorUrl = "http://127.0.0.1:9099";
    const firebase = await fresh();
    await firebase.signInWithCustomToken("a");
    expect(auth.connectAuthEmulator).toHaveBeenCalledWith({ name: "auth" }, "http://127.0.0.1:9099", {
      disableWarnings: true,
    });
  });

  it("signs in with the Google popup and answers the ID token", async () => {
    const firebase = await fresh();
    auth.signInWithPopup.mockResolvedValue({ user: { getIdToken: async () => "id-token-1" } });
    expect(await firebase.signInWithGoogle()).toBe("id-token-1");
    expect(auth.GoogleAuthProvider).toHaveBeenCalledTimes(1);
  });

  it("does not load Firebase just to sign out", async () => {
    const firebase = await fresh();
    await firebase.signOutOfFirebase();
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(app.initializeApp).not.toHaveBeenCalled();
  });

  it("signs out once loaded", async () => {
    const firebase = await fresh();
    await firebase.signInWithCustomToken("a");
    await firebase.signOutOfFirebase();
    expect(auth.signOut).toHaveBeenCalledWith({ name: "auth" });
  });

  it("trySignInWithCustomToken only logs a failure", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const firebase = await fresh();
    auth.signInWithCustomToken.mockRejectedValue(new Error("auth/invalid-custom-token"));
    await expect(firebase.trySignInWithCustomToken("bad")).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    await firebase.trySignInWithCustomToken(null);
    expect(auth.signInWithCustomToken).toHaveBeenCalledTimes(1);
  });

  it("retries loading after a failed load", async () => {
    const firebase = await fresh();
    auth.getAuth.mockImplementationOnce(() => {
      throw new Error("chunk failed");
    });
    await expect(firebase.signInWithCustomToken("a")).rejects.toThrow("chunk failed");
    expect(firebase.isFirebaseLoaded()).toBe(false);
    await firebase.signInWithCustomToken("a");
    expect(auth.signInWithCustomToken).toHaveBeenCalledTimes(1);
  });
});
