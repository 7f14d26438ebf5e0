import type { FirebaseConfig } from "../config";

// The outside identity provider (Firebase Authentication). The app signs in to
// it with the customToken we issue, and single sign-on sends us its ID token.
// firebase-admin is loaded on first use only, so a server without Firebase
// starts without paying for it.

export interface VerifiedIdentity {
  uid: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface IdentityProvider {
  readonly configured: boolean;
  /** A custom token for uid "pressroom-<id>", or null without a provider. */
  createCustomToken(userId: number, claims?: Record<string, unknown>): Promise<string | null>;
  /** Throws InvalidIdTokenError when the token is not genuine or has expired. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
}

export class InvalidIdTokenError extends Error {}
/** The provider could not be asked (network, credentials): not the token's fault. */
export class IdentityProviderUnavailableError extends Error {}
export class IdentityProviderNotConfiguredError extends Error {}

export const providerUid = (userId: number) => `pressroom-${userId}`;

export const noIdentityProvider: IdentityProvider = {
  configured: false,
  createCustomToken: async () => null,
  verifyIdToken: async () => {
    throw new IdentityProviderNotConfiguredError();
  },
};

export function createIdentityProvider(config: FirebaseConfig | undefined): IdentityProvider {
  if (!config) return noIdentityProvider;
  type Auth = import("firebase-admin/auth").Auth;
  let auth: Promise<Auth> | undefined;
  const getAuth = (): Promise<Auth> => {
    auth ??= (async () => {
      // firebase-admin reads the emulator address from the environment.
      if (config.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
      const { cert, initializeApp } = await import("firebase-admin/app");
      const { getAuth: authOf } = await import("firebase-admin/auth");
      const app = initializeApp(
        {
          projectId: config.projectId,
          ...(config.serviceAccount ? { credential: cert(config.serviceAccount) } : {}),
        },
        // A named app per server instance: tests build several in one process.
        `pressroom-${Math.random().toString(36).slice(2)}`,
      );
      return authOf(app);
    })();
    return auth;
  };

  return {
    configured: true,
    async createCustomToken(userId, claims) {
      return (await getAuth()).createCustomToken(providerUid(userId), claims);
    },
    async verifyIdToken(idToken) {
      const a = await getAuth();
      try {
        const decoded = await a.verifyIdToken(idToken);
        return {
          uid: decoded.uid,
          email: decoded.email,
          emailVerified: decoded.email_verified === true,
          name: typeof decoded.name === "string" ? decoded.name : undefined,
        };
      } catch (error) {
        // auth/* codes judge the token (expired, revoked, malformed, user disabled); others are outages.
        const code = (error as { code?: unknown }).code;
        if (typeof code === "string" && code.startsWith("auth/") && code !== "auth/internal-error") {
          throw new InvalidIdTokenError(`${code}: ${(error as Error).message}`);
        }
        throw new IdentityProviderUnavailableError((error as Error).message, { cause: error });
      }
    },
  };
}
