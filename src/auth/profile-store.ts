// The signed-in user's profile (POST auth/profile), kept in memory so check(),
// getIdentity(), getPermissions() and the access-control provider answer without the network.
import type { UserGroups } from "../access/permissions";
import { getConfig } from "../config/config";
import { setPermissionsFromProfile } from "../providers/access-control";
import { trySignInWithCustomToken } from "../providers/firebase";
import { request } from "../providers/http-client";

export interface ProfileUser {
  id: number;
  name: string;
  email: string;
  phone?: string | null;
  IsAvanteSalesRep?: boolean;
  IsAvanteCSR?: boolean;
  isCustomerAgent?: boolean;
  UserGroups: UserGroups;
  [field: string]: unknown;
}

type ProfileResponse = { data?: { user?: ProfileUser; customToken?: string | null } };

let profile: ProfileUser | null = null;
let inFlight: Promise<ProfileUser> | null = null;
// Bumped on every clear/reload so a late answer from an older request is dropped.
let generation = 0;
const listeners = new Set<() => void>();

export function getProfile(): ProfileUser | null {
  return profile;
}

export function setProfile(next: ProfileUser | null): void {
  profile = next;
  // The access-control provider answers `can` from memory: keep it in step with the profile.
  setPermissionsFromProfile(next?.UserGroups ?? null, getConfig().tenantId);
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Forget the profile (logout, failed fetch); an in-flight fetch will not repopulate it. */
export function clearProfile(): void {
  generation += 1;
  inFlight = null;
  setProfile(null);
}

async function fetchProfile(signInToIdentityProvider: boolean): Promise<ProfileUser> {
  const mine = ++generation;
  const body = await request<ProfileResponse>({
    method: "POST",
    resource: "auth/profile",
    data: { tenantId: getConfig().tenantId },
  });
  const user = body?.data?.user;
  // The client resolves undefined on 403: for the profile that is a failure too.
  if (!user) throw new Error("Profile could not be loaded");
  if (mine === generation) {
    setProfile(user);
    const customToken = body?.data?.customToken;
    // Not awaited: the identity provider is optional for the session (failures are only logged).
    if (signInToIdentityProvider && customToken) void trySignInWithCustomToken(customToken);
  }
  return user;
}

function track(promise: Promise<ProfileUser>): Promise<ProfileUser> {
  inFlight = promise;
  const done = () => {
    if (inFlight === promise) inFlight = null;
  };
  promise.then(done, done);
  return promise;
}

/** The cached profile, or one shared fetch for all concurrent callers. */
export function loadProfile(): Promise<ProfileUser> {
  if (profile) return Promise.resolve(profile);
  return inFlight ?? track(fetchProfile(true));
}

/** Fetch again even when cached (after a profile update, spec §4). */
export function reloadProfile(): Promise<ProfileUser> {
  return track(fetchProfile(false));
}
