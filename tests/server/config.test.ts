import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

describe("configuration from the environment", () => {
  it("has working defaults", () => {
    const c = loadConfig({}, "/srv/pressroom");
    expect(c).toMatchObject({
      host: "127.0.0.1",
      port: 8080,
      staticDir: path.resolve("/srv/pressroom/dist"),
      dataDir: path.resolve("/srv/pressroom/data"),
      databaseUrl: undefined,
      sessionTtlHours: 12,
      publicUrl: "http://127.0.0.1:8080",
      appOrigins: [],
      smtpUrl: undefined,
      firebase: undefined,
      testRoutes: false,
    });
  });

  it("reads every variable", () => {
    const c = loadConfig(
      {
        HOST: "0.0.0.0",
        PORT: "9000",
        STATIC_DIR: "/opt/app",
        DATA_DIR: "state",
        DATABASE_URL: "postgres://u@db/pressroom",
        SESSION_TTL_HOURS: "0.5",
        PUBLIC_URL: "https://print.example/",
        APP_ORIGINS: "https://print.example, http://localhost:5173/login",
        SMTP_URL: "smtp://mail:25",
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
        PRESSROOM_TEST_OUTBOX: "1",
        TRUST_PROXY: "true",
      },
      "/srv",
    );
    expect(c).toMatchObject({
      host: "0.0.0.0",
      port: 9000,
      staticDir: "/opt/app",
      dataDir: "/srv/state",
      databaseUrl: "postgres://u@db/pressroom",
      sessionTtlHours: 0.5,
      publicUrl: "https://print.example",
      appOrigins: ["https://print.example", "http://localhost:5173"],
      smtpUrl: "smtp://mail:25",
      firebase: { projectId: "demo-pressroom", emulatorHost: "127.0.0.1:9099" },
      testRoutes: true,
      trustProxy: true,
    });
  });

  it("reads a service account given as JSON", () => {
    const c = loadConfig({
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: "shop-prod", private_key: "k" }),
    });
    expect(c.firebase).toMatchObject({ projectId: "shop-prod", serviceAccount: { project_id: "shop-prod" } });
  });

  it("stops on a bad value with a message naming it", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_TTL_HOURS: "-1" })).toThrow(/SESSION_TTL_HOURS/);
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: "/no/such/file.json" })).toThrow(/cannot read/);
  });

  it("takes an outside service's settings all together or not at all", () => {
    const fm = {
      FILEMAKER_URL: "https://fms.example.com/",
      FILEMAKER_DATABASE: "Shop Records",
      FILEMAKER_USER: "web",
      FILEMAKER_PASSWORD: "secret",
    };
    expect(loadConfig({}).filemaker).toBeUndefined();
    expect(loadConfig({ ...fm, FILEMAKER_TENANT_ID: "2" }).filemaker).toEqual({
      url: "https://fms.example.com",
      database: "Shop Records",
      user: "web",
      password: "secret",
      tenantId: 2,
    });
    expect(() => loadConfig({ ...fm, FILEMAKER_PASSWORD: "" })).toThrow(
      "FILEMAKER_URL, FILEMAKER_DATABASE, FILEMAKER_USER set without FILEMAKER_PASSWORD: set all of them or none",
    );
    const sid = `AC${"f".repeat(32)}`;
    expect(
      loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+12175550100" }).twilio,
    ).toEqual({
      accountSid: sid,
      authToken: "t",
      from: "+12175550100",
      apiUrl: "https://api.twilio.com",
    });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid })).toThrow(/without TWILIO_AUTH_TOKEN, TWILIO_FROM/);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: "AC12" })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }).stripe).toEqual({
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      apiBase: "https://api.stripe.com",
    });
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      "STRIPE_SECRET_KEY set without STRIPE_WEBHOOK_SECRET: set all of them or none",
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_test_1", STRIPE_WEBHOOK_SECRET: "w" })).toThrow(
      "STRIPE_SECRET_KEY: a secret key starts with sk_ (or rk_)",
    );
  });
});
