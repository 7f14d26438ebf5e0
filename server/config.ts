import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

// Every setting the server reads from its environment, in one place, so a
// typo or a bad value stops the start with a message instead of a surprise later.
export interface FirebaseConfig {
  projectId: string;
  /** Service-account JSON (already parsed); absent when only the emulator is used. */
  serviceAccount?: Record<string, unknown>;
  emulatorHost?: string;
}

/**
 * Where order files live (server/files/storage.ts): the embedded store under FILES_DIR (default), or the
 * configuration's two Firebase Storage buckets (customer proofs, shop files).
 */
export type FileStorageConfig =
  | { provider: "embedded" }
  | {
      provider: "firebase";
      projectId: string;
      /** Bucket names (as in gs://name) of the shop's files and the customer proofs. */
      buckets: { shop: string; proofs: string };
      /** host:port of a Storage emulator (tests); the app uploads there too. */
      emulatorHost?: string;
      /** Service-account JSON: the server's own reads of the buckets use its OAuth token. */
      serviceAccount?: Record<string, unknown>;
    };

/** A FileMaker Server's Data API (server/tools/filemaker-data-api.ts), for one tenant's FileMaker pages. */
export interface FileMakerConfig {
  /** The server's origin, e.g. https://fms.example.com (the API is under /fmi/data/vLatest). */
  url: string;
  database: string;
  user: string;
  password: string;
  /** The tenant whose records the database holds; other tenants read their demo tables. */
  tenantId: number;
}

/** Stripe (server/payments/stripe.ts): card payments on the order desk and card refunds. */
export interface StripeConfig {
  secretKey: string;
  /** The signing secret of the webhook endpoint (whsec_…): payments are recorded from its events. */
  webhookSecret: string;
  /** Stripe's API origin; only tests point it elsewhere. */
  apiBase: string;
}

/** Twilio's Messages API (server/tools/twilio-sms.ts), for /messaging's Send. */
export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service sid (MG…). */
  from: string;
  /** Twilio's API origin; only tests point it elsewhere. */
  apiUrl: string;
}

export interface Config {
  host: string;
  port: number;
  /** Folder of the built app; served with an SPA fallback when it exists. */
  staticDir: string;
  /** Folder of the embedded database and its lock (unused with databaseUrl). */
  dataDir: string;
  databaseUrl?: string;
  /** Server processes on PostgreSQL (Node's cluster); PGlite always runs one. */
  webConcurrency: number;
  /** Connections in each process's PostgreSQL pool. */
  databasePoolSize: number;
  logLevel: string;
  sessionTtlHours: number;
  trustProxy: boolean;
  /** Where this server's app is reached; base of invitation links. */
  publicUrl: string;
  /** Origins a password-reset link may point at; empty means loopback only. */
  appOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  firebase?: FirebaseConfig;
  /** Exposes GET /api/v1/test/* helpers; set only by the e2e runner. */
  testRoutes: boolean;
  /** Origins the app's pages may also connect to and frame (an API or identity emulator elsewhere). */
  cspOrigins: string[];
  /** The house agent (spec §9): the Agent record that can be neither deleted nor made inactive. */
  defaultAgentId: number;
  /** The embedded file store's folder (the two buckets' uploads live under it). */
  filesDir: string;
  /** Key of the download links' signatures; a random one per process when unset. */
  fileLinkSecret?: string;
  /** The largest file an upload may announce, in bytes. */
  maxUploadBytes: number;
  fileStorage: FileStorageConfig;
  /** Unset: the FileMaker pages read the demo tables. */
  filemaker?: FileMakerConfig;
  /** Unset: /messaging keeps what it sends in its outbox. */
  twilio?: TwilioConfig;
  /**
   * 4over's API origin for every tenant (server/tools/four-over.ts); unset: the 4over integration's
   * settings.base_url, else https://api.4over.com. Its keys are the integration's credentials.
   */
  fourOverApiUrl?: string;
  /** Unset: the desk says card payments are not configured, and card refunds wait. */
  stripe?: StripeConfig;
  /**
   * The preflight services (spec §1's preflight URL and preflight design URL). Unset: the server's
   * own checks (server/preflight), the same ones its POST /preflight and /preflight/design answer.
   */
  preflightUrl?: string;
  preflightDesignUrl?: string;
  /** Sent as a bearer token to a configured preflight service. */
  preflightToken?: string;
  /** The largest PDF the server's own preflight reads (it parses the whole file in memory). */
  preflightMaxBytes: number;
  /** Milliseconds between the durable scheduler's polls (server/scheduler); 0 turns it off. */
  schedulerPollMs: number;
}

export class ConfigError extends Error {}

/** Connections per server process when DATABASE_POOL_SIZE does not say (measured: docs/scaling.md). */
export const DEFAULT_POOL_SIZE = 8;

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

const envSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  STATIC_DIR: z.string().min(1).default("dist"),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z.string().optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_SIZE),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(12),
  TRUST_PROXY: flag.default(false),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  APP_ORIGINS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().min(1).default("Pressroom <no-reply@pressroom.test>"),
  FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  FIREBASE_PROJECT_ID: z.string().optional(),
  PRESSROOM_TEST_OUTBOX: flag.default(false),
  CSP_EXTRA_ORIGINS: z.string().optional(),
  DEFAULT_AGENT_ID: z.coerce.number().int().min(1).default(30),
  FILES_DIR: z.string().min(1).optional(),
  FILE_LINK_SECRET: z.string().min(16).optional(),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(100_000).default(2048),
  FILE_STORAGE: z.enum(["embedded", "firebase"]).default("embedded"),
  FIREBASE_SHOP_FILES_BUCKET: z.string().optional(),
  FIREBASE_CUSTOMER_PROOFS_BUCKET: z.string().optional(),
  FIREBASE_STORAGE_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}$/, "host:port of the Storage emulator")
    .optional(),
  FILEMAKER_URL: z.url({ protocol: /^https?$/ }).optional(),
  FILEMAKER_DATABASE: z.string().optional(),
  FILEMAKER_USER: z.string().optional(),
  FILEMAKER_PASSWORD: z.string().optional(),
  FILEMAKER_TENANT_ID: z.coerce.number().int().min(1).default(1),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "an account sid is AC and 32 hexadecimal digits")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.twilio.com"),
  FOUR_OVER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "a secret key starts with sk_ (or rk_)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default("https://api.stripe.com"),
  PREFLIGHT_URL: z.url({ protocol: /^https?$/ }).optional(),
  PREFLIGHT_DESIGN_URL: z.url({ protocol: /^https?$/ }).optional(),
  PREFLIGHT_TOKEN: z.string().optional(),
  PREFLIGHT_MAX_MB: z.coerce.number().int().min(1).max(2048).default(150),
  SCHEDULER_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // Empty strings count as unset, as in most shells' `FOO= cmd` habit.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const appOrigins = originList("APP_ORIGINS", e.APP_ORIGINS);
  const firebase = firebaseConfig(
    e.FIREBASE_SERVICE_ACCOUNT,
    e.FIREBASE_AUTH_EMULATOR_HOST,
    e.FIREBASE_PROJECT_ID,
  );
  return {
    host: e.HOST,
    port: e.PORT,
    staticDir: path.resolve(cwd, e.STATIC_DIR),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // One worker per core by default; the embedded database belongs to one process.
    webConcurrency: e.DATABASE_URL ? (e.WEB_CONCURRENCY ?? os.availableParallelism()) : 1,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ""),
    appOrigins,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    firebase,
    testRoutes: e.PRESSROOM_TEST_OUTBOX,
    cspOrigins: originList("CSP_EXTRA_ORIGINS", e.CSP_EXTRA_ORIGINS),
    defaultAgentId: e.DEFAULT_AGENT_ID,
    filesDir: path.resolve(cwd, e.FILES_DIR ?? path.join(e.DATA_DIR, "files")),
    fileLinkSecret: e.FILE_LINK_SECRET,
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    fileStorage: fileStorageConfig(e, firebase),
    filemaker: allOrNone(
      {
        FILEMAKER_URL: e.FILEMAKER_URL,
        FILEMAKER_DATABASE: e.FILEMAKER_DATABASE,
        FILEMAKER_USER: e.FILEMAKER_USER,
        FILEMAKER_PASSWORD: e.FILEMAKER_PASSWORD,
      },
      (v) => ({
        url: v.FILEMAKER_URL.replace(/\/$/, ""),
        database: v.FILEMAKER_DATABASE,
        user: v.FILEMAKER_USER,
        password: v.FILEMAKER_PASSWORD,
        tenantId: e.FILEMAKER_TENANT_ID,
      }),
    ),
    twilio: allOrNone(
      {
        TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN,
        TWILIO_FROM: e.TWILIO_FROM,
      },
      (v) => ({
        accountSid: v.TWILIO_ACCOUNT_SID,
        authToken: v.TWILIO_AUTH_TOKEN,
        from: v.TWILIO_FROM,
        apiUrl: e.TWILIO_API_URL.replace(/\/$/, ""),
      }),
    ),
    stripe: allOrNone(
      { STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET },
      (v) => ({
        secretKey: v.STRIPE_SECRET_KEY,
        webhookSecret: v.STRIPE_WEBHOOK_SECRET,
        apiBase: e.STRIPE_API_BASE.replace(/\/$/, ""),
      }),
    ),
    fourOverApiUrl: e.FOUR_OVER_API_URL?.replace(/\/$/, ""),
    preflightUrl: e.PREFLIGHT_URL,
    preflightDesignUrl: e.PREFLIGHT_DESIGN_URL,
    preflightToken: e.PREFLIGHT_TOKEN,
    preflightMaxBytes: e.PREFLIGHT_MAX_MB * 1024 * 1024,
    schedulerPollMs: e.SCHEDULER_POLL_MS,
  };
}

/** A service's settings: all set (made into its config), none (undefined), or a stop naming the missing ones. */
function allOrNone<K extends string, T>(
  values: Record<K, string | undefined>,
  make: (set: Record<K, string>) => T,
): T | undefined {
  const missing = (Object.keys(values) as K[]).filter((k) => !values[k]);
  if (missing.length === Object.keys(values).length) return undefined;
  if (missing.length > 0) {
    const set = (Object.keys(values) as K[]).filter((k) => values[k]);
    throw new ConfigError(
      `Invalid configuration:\n  ${set.join(", ")} set without ${missing.join(", ")}: set all of them or none`,
    );
  }
  return make(values as Record<K, string>);
}

/** A comma- or space-separated list of URLs → their origins; a non-URL stops the start. */
function originList(name: string, value: string | undefined): string[] {
  return (value ?? "")
    .split(/[,\s]+/)
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      try {
        return new URL(o).origin;
      } catch {
        throw new ConfigError(`Invalid configuration:\n  ${name}: "${o}" is not a URL`);
      }
    });
}

/** FILE_STORAGE=firebase needs both buckets and a project (a service account, or the emulator and a project id). */
function fileStorageConfig(
  e: z.infer<typeof envSchema>,
  firebase: FirebaseConfig | undefined,
): FileStorageConfig {
  if (e.FILE_STORAGE === "embedded") return { provider: "embedded" };
  const missing = [
    !e.FIREBASE_SHOP_FILES_BUCKET && "FIREBASE_SHOP_FILES_BUCKET",
    !e.FIREBASE_CUSTOMER_PROOFS_BUCKET && "FIREBASE_CUSTOMER_PROOFS_BUCKET",
    !firebase?.serviceAccount &&
      !(e.FIREBASE_STORAGE_EMULATOR_HOST && e.FIREBASE_PROJECT_ID) &&
      "FIREBASE_SERVICE_ACCOUNT (or FIREBASE_STORAGE_EMULATOR_HOST and FIREBASE_PROJECT_ID)",
  ].filter((name): name is string => typeof name === "string");
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  FILE_STORAGE=firebase needs ${missing.join(", ")}: set them, or unset FILE_STORAGE to keep files in the embedded store`,
    );
  }
  const bucketName = (value: string) => value.replace(/^gs:\/\//, "").replace(/\/$/, "");
  return {
    provider: "firebase",
    projectId: firebase?.projectId ?? String(e.FIREBASE_PROJECT_ID),
    buckets: {
      shop: bucketName(String(e.FIREBASE_SHOP_FILES_BUCKET)),
      proofs: bucketName(String(e.FIREBASE_CUSTOMER_PROOFS_BUCKET)),
    },
    emulatorHost: e.FIREBASE_STORAGE_EMULATOR_HOST,
    serviceAccount: firebase?.serviceAccount,
  };
}

function firebaseConfig(
  serviceAccount: string | undefined,
  emulatorHost: string | undefined,
  projectId: string | undefined,
): FirebaseConfig | undefined {
  if (serviceAccount) {
    const account = readServiceAccount(serviceAccount);
    const id = projectId ?? (typeof account.project_id === "string" ? account.project_id : undefined);
    if (!id) throw new ConfigError("Invalid configuration:\n  FIREBASE_SERVICE_ACCOUNT has no project_id");
    return { projectId: id, serviceAccount: account, emulatorHost };
  }
  if (emulatorHost) return { projectId: projectId ?? "demo-pressroom", emulatorHost };
  return undefined;
}

// The variable holds either the JSON itself or the path of a JSON file.
function readServiceAccount(value: string): Record<string, unknown> {
  const text = value.trim().startsWith("{") ? value : readFileOrThrow(value);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ConfigError("Invalid configuration:\n  FIREBASE_SERVICE_ACCOUNT is not valid JSON");
  }
}

function readFileOrThrow(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw new ConfigError(`Invalid configuration:\n  FIREBASE_SERVICE_ACCOUNT: cannot read ${file}`);
  }
}

/** Defaults for code that builds an app without an environment (tests, tools). */
export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}, process.cwd()), ...overrides };
}
