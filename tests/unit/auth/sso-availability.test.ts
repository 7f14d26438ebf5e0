// Whether Google sign-in can work: a demo- Firebase project without an emulator cannot (no request
// needed); otherwise the server says (GET auth/sso); an answer it cannot give leaves it unknown.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetSsoAvailability, ssoAvailability } from "../../../src/providers/sso-availability";
import { installFakeFetch } from "./fake-fetch";

const config = vi.hoisted(() => ({
  apiBaseUrl: "https://api.example.test/api/v1",
  firebase: { projectId: "demo-pressroom", emulatorUrl: undefined as string | undefined },
}));
vi.mock("../../../src/config/config", () => ({ getConfig: () => config }));

beforeEach(() => {
  forgetSsoAvailability();
  vi.unstubAllGlobals();
});

describe("ssoAvailability", () => {
  it("a demo- project without the emulator: not configured, without asking the server", async () => {
    config.firebase = { projectId: "demo-pressroom", emulatorUrl: undefined };
    const api = installFakeFetch({ status: 200, body: { data: { configured: true } } });
    expect(await ssoAvailability()).toBe(false);
    expect(api.sent).toEqual([]);
  });

  it("with the emulator, the server's answer decides, asked once", async () => {
    config.firebase = { projectId: "demo-pressroom", emulatorUrl: "http://127.0.0.1:9099" };
    const api = installFakeFetch({ status: 200, body: { data: { configured: false } } });
    expect(await ssoAvailability()).toBe(false);
    expect(await ssoAvailability()).toBe(false);
    expect(api.sent.map((s) => s.url)).toEqual(["https://api.example.test/api/v1/auth/sso"]);
  });

  it("a real project on a server with a provider: configured", async () => {
    config.firebase = { projectId: "pressroom-prod", emulatorUrl: undefined };
    installFakeFetch({ status: 200, body: { data: { configured: true } } });
    expect(await ssoAvailability()).toBe(true);
  });

  it("an older server (404) or no answer: unknown, so the button is tried as before", async () => {
    config.firebase = { projectId: "pressroom-prod", emulatorUrl: undefined };
    installFakeFetch({ status: 404, body: { message: "Not found" } });
    expect(await ssoAvailability()).toBeUndefined();
    forgetSsoAvailability();
    installFakeFetch("network-error");
    expect(await ssoAvailability()).toBeUndefined();
  });
});
