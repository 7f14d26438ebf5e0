// The build-time configuration of spec §5 and its check. Pure: the caller passes the
// environment (import.meta.env at startup, a plain object in tests).

export interface FirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId: string;
  appId: string;
  /** Optional: the Firebase Auth emulator (local development and tests). */
  emulatorUrl?: string;
}

export interface AppConfig {
  mode: string;
  firebase: FirebaseConfig;
  apiBaseUrl: string;
  tenantId: number;
  designEditorBaseUrl: string;
  designEditorSubfolder: string;
  stripePublicKey: string;
  customerProofsBucket: string;
  shopFilesBucket: string;
  defaultAgentId: number;
  preflightUrl: string;
  preflightDesignUrl: string;
}

export type Env = Record<string, string | boolean | undefined>;

/** The required variables, in the order their errors are reported. */
export const REQUIRED_VARIABLES = [
  "VITE_MODE",
  "VITE_FIREBASE_API_KEY",
  "VITE_FIREBASE_AUTH_DOMAIN",
  "VITE_FIREBASE_PROJECT_ID",
  "VITE_FIREBASE_STORAGE_BUCKET",
  "VITE_FIREBASE_MESSAGING_SENDER_ID",
  "VITE_FIREBASE_APP_ID",
  "VITE_API_BASE_URL",
  "VITE_TENANT_ID",
  "VITE_DESIGN_EDITOR_BASE_URL",
  "VITE_DESIGN_EDITOR_SUBFOLDER",
  "VITE_STRIPE_PUBLIC_KEY",
  "VITE_CUSTOMER_PROOFS_BUCKET",
  "VITE_SHOP_FILES_BUCKET",
  "VITE_DEFAULT_AGENT_ID",
  "VITE_PREFLIGHT_URL",
  "VITE_PREFLIGHT_DESIGN_URL",
] as const;

type RequiredVariable = (typeof REQUIRED_VARIABLES)[number];

const NUMERIC_VARIABLES: readonly RequiredVariable[] = ["VITE_TENANT_ID", "VITE_DEFAULT_AGENT_ID"];

function text(env: Env, name: string): string | undefined {
  const value = env[name];
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** Every problem is collected (not only the first) so one look at the page fixes the build. */
export function loadConfig(env: Env): { config?: AppConfig; errors: string[] } {
  const errors: string[] = [];
  const values = {} as Record<RequiredVariable, string>;
  for (const name of REQUIRED_VARIABLES) {
    const value = text(env, name);
    if (value === undefined) errors.push(`${name} environmental variable not set`);
    else values[name] = value;
  }
  for (const name of NUMERIC_VARIABLES) {
    const value = values[name];
    if (value !== undefined && !Number.isFinite(Number(value))) errors.push(`${name} must be a number`);
  }
  if (errors.length > 0) return { errors };

  const emulatorUrl = text(env, "VITE_FIREBASE_AUTH_EMULATOR_URL");
  return {
    errors,
    config: {
      mode: values.VITE_MODE,
      firebase: {
        apiKey: values.VITE_FIREBASE_API_KEY,
        authDomain: values.VITE_FIREBASE_AUTH_DOMAIN,
        projectId: values.VITE_FIREBASE_PROJECT_ID,
        storageBucket: values.VITE_FIREBASE_STORAGE_BUCKET,
        messagingSenderId: values.VITE_FIREBASE_MESSAGING_SENDER_ID,
        appId: values.VITE_FIREBASE_APP_ID,
        ...(emulatorUrl ? { emulatorUrl } : {}),
      },
      apiBaseUrl: values.VITE_API_BASE_URL,
      tenantId: Number(values.VITE_TENANT_ID),
      designEditorBaseUrl: values.VITE_DESIGN_EDITOR_BASE_URL,
      designEditorSubfolder: values.VITE_DESIGN_EDITOR_SUBFOLDER,
      stripePublicKey: values.VITE_STRIPE_PUBLIC_KEY,
      customerProofsBucket: values.VITE_CUSTOMER_PROOFS_BUCKET,
      shopFilesBucket: values.VITE_SHOP_FILES_BUCKET,
      defaultAgentId: Number(values.VITE_DEFAULT_AGENT_ID),
      preflightUrl: values.VITE_PREFLIGHT_URL,
      preflightDesignUrl: values.VITE_PREFLIGHT_DESIGN_URL,
    },
  };
}
