import type { Database } from "../db/open";
import { loadProfile, type ProfileUser } from "./profile";

// The server's side of spec §6: the roles of the tenant's memberships merged
// per kind; a check passes when every asked action is granted or '*' is.

export interface Grants {
  /** Some membership of the tenant has is_admin. */
  isAdmin: boolean;
  permissions: Record<string, string[]>;
}

export function grantsOf(profile: ProfileUser): Grants {
  const merged = new Map<string, Set<string>>();
  let isAdmin = false;
  for (const { Groups: group } of profile.UserGroups) {
    isAdmin ||= group.is_admin;
    for (const { Roles: role } of group.GroupRoles) {
      for (const [kind, actions] of Object.entries(role.permissions)) {
        const set = merged.get(kind) ?? new Set<string>();
        for (const action of actions) set.add(action);
        merged.set(kind, set);
      }
    }
  }
  return { isAdmin, permissions: Object.fromEntries([...merged].map(([k, v]) => [k, [...v]])) };
}

export function can(grants: Grants, kind: string, ...actions: string[]): boolean {
  const granted = grants.permissions[kind];
  if (!granted) return false;
  return granted.includes("*") || actions.every((a) => granted.includes(a));
}

export async function loadGrants(db: Database, userId: number, tenantId: number): Promise<Grants> {
  const profile = await loadProfile(db, userId, tenantId);
  return profile ? grantsOf(profile) : { isAdmin: false, permissions: {} };
}
