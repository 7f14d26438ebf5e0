import { describe, expect, it } from "vitest";
import { loadConfig, REQUIRED_VARIABLES } from "../../../src/config/load-config";

const complete: Record<string, string> = {
  VITE_MODE: "staging",
  VITE_FIREBASE_API_KEY: "key",
  VITE_FIREBASE_AUTH_DOMAIN: "demo.firebaseapp.com",
  VITE_FIREBASE_PROJECT_ID: "demo",
  VITE_FIREBASE_STORAGE_BUCKET: "demo.appspot.com",
  VITE_FIREBASE_MESSAGING_SENDER_ID: "123",
  VITE_FIREBASE_APP_ID: "1:123:web:abc",
  VITE_API_BASE_URL: "/api/v1",
  VITE_TENANT_ID: "4",
  VITE_DESIGN_EDITOR_BASE_URL: "https://designer.test",
  VITE_DESIGN_EDITOR_SUBFOLDER: "folder",
  VITE_STRIPE_PUBLIC_KEY: "pk_test",
  VITE_CUSTOMER_PROOFS_BUCKET: "proofs",
  VITE_SHOP_FILES_BUCKET: "files",
  VITE_DEFAULT_AGENT_ID: "30",
  VITE_PREFLIGHT_URL: "https://preflight.test",
  VITE_PREFLIGHT_DESIGN_URL: "https://preflight.test/design",
};

describe("loadConfig", () => {
  it("requires exactly the seventeen values of spec §5", () => {
    expect(REQUIRED_VARIABLES).toHaveLength(17);
    expect([...REQUIRED_VARIABLES].sort()).toEqual(Object.keys(complete).sort());
  });

  it("maps a complete environment to the typed config, numbers converted", () => {
    const { config, errors } = loadConfig(complete);
    expect(errors).toEqual([]);
    expect(config).toEqual({
      mode: "staging",
      firebase: {
        apiKey: "key",
        authDomain: "demo.firebaseapp.com",
        projectId: "demo",
        storageBucket: "demo.appspot.com",
        messagingSenderId: "123",
        appId: "1:123:web:abc",
      },
      apiBaseUrl: "/api/v1",
      tenantId: 4,
      designEditorBaseUrl: "https://designer.test",
      designEditorSubfolder: "folder",
      stripePublicKey: "pk_test",
      customerProofsBucket: "proofs",
      shopFilesBucket: "files",
      defaultAgentId: 30,
      preflightUrl: "https://preflight.test",
      preflightDesignUrl: "https://preflight.test/design",
    });
  });

  it.each(REQUIRED_VARIABLES)("reports %s when it is missing or empty", (name) => {
    const missing = { ...complete, [name]: undefined };
    expect(loadConfig(missing)).toEqual({ errors: [`${name} environmental variable not set`] });
    const empty = { ...complete, [name]: "  " };
    expect(loadConfig(empty).errors).toEqual([`${name} environmental variable not set`]);
  });

  it("reports every missing value, not only the first", () => {
    const { config, errors } = loadConfig({});
    expect(config).toBeUndefined();
    expect(errors).toEqual(REQUIRED_VARIABLES.map((name) => `${name} environmental variable not set`));
  });

  it("rejects ids that are not numbers", () => {
    const { config, errors } = loadConfig({
      ...complete,
      VITE_DEFAULT_AGENT_ID: "thirty",
      VITE_TENANT_ID: "1x",
    });
    expect(config).toBeUndefined();
    expect(errors).toEqual(["VITE_TENANT_ID must be a number", "VITE_DEFAULT_AGENT_ID must be a number"]);
  });

  it("passes the optional Firebase Auth emulator URL through", () => {
    expect(loadConfig(complete).config?.firebase.emulatorUrl).toBeUndefined();
    const { config } = loadConfig({ ...complete, VITE_FIREBASE_AUTH_EMULATOR_URL: "http://127.0.0.1:9099" });
    expect(config?.firebase.emulatorUrl).toBe("http://127.0.0.1:9099");
  });

  it("accepts the committed .env values (the app's embedded default)", async () => {
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const env = Object.fromEntries(
      readFileSync(join(process.cwd(), ".env"), "utf8")
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    const { config, errors } = loadConfig(env);
    expect(errors).toEqual([]);
    expect(config?.defaultAgentId).toBe(30);
  });
});
