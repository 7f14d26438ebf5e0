// Firebase (the identity provider) is loaded on first use only: the SDK is large and
// the /login page must not pay for it up front. Nothing here runs at import time.
import type { Auth } from "firebase/auth";
import { getConfig } from "../config/config";

type AuthModule = typeof import("firebase/auth");
type Loaded = { auth: Auth; sdk: AuthModule };

let loading: Promise<Loaded> | null = null;

function load(): Promise<Loaded> {
  if (!loading) {
    loading = (async () => {
      const [app, sdk] = await Promise.all([firebaseApp(), import("firebase/auth")]);
      const { emulatorUrl } = getConfig().firebase;
      const auth = sdk.getAuth(app);
      if (emulatorUrl) sdk.connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
      return { auth, sdk };
    })();
    // A failed load (e.g. offline chunk) must not poison later attempts.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** The app's Firebase app (firebase/app only: Storage uploads need no Auth module of their own). */
export async function firebaseApp(): Promise<import("firebase/app").FirebaseApp> {
  const appSdk = await import("firebase/app");
  const { emulatorUrl: _emulator, ...options } = getConfig().firebase;
  return appSdk.getApps()[0] ?? appSdk.initializeApp(options);
}

/**
 * The Authorization header Firebase Storage takes from a user signed in to Firebase (`Firebase {ID token}`, as
 * firebase/storage sends it), or null when Firebase sign-in was never loaded on this page.
 */
export async function firebaseAuthorization(): Promise<string | null> {
  if (!loading) return null;
  const { auth } = await load();
  const token = await auth.currentUser?.getIdToken();
  return token ? `Firebase ${token}` : null;
}

/** True once the SDK was requested; logout uses it to avoid loading Firebase just to sign out. */
export function isFirebaseLoaded(): boolean {
  return loading !== null;
}

export async function signInWithCustomToken(token: string): Promise<void> {
  const { auth, sdk } = await load();
  await sdk.signInWithCustomToken(auth, token);
}

/** Google popup sign-in; resolves with the Firebase ID token the server verifies. */
export async function signInWithGoogle(): Promise<string> {
  const { auth, sdk } = await load();
  const result = await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider());
  return result.user.getIdToken();
}

export async function signOutOfFirebase(): Promise<void> {
  if (!loading) return;
  const { auth, sdk } = await load();
  await sdk.signOut(auth);
}

/** Custom-token sign-in that never blocks the session: failures are only logged. */
export async function trySignInWithCustomToken(token: string | null | undefined): Promise<void> {
  if (!token) return;
  try {
    await signInWithCustomToken(token);
  } catch (error) {
    console.warn("Identity provider sign-in failed; continuing with the session cookie only.", error);
  }
}
