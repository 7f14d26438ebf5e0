import type { onRequestHookHandler } from "fastify";
import type { Kind } from "../../src/access/kinds";
import { requireAuth, requirePermission } from "../auth/authenticate";

// Every administration endpoint maps to one kind and its action(s). Both checks run in
// onRequest, before the body is read or validated: a caller without the permission gets 403
// whatever they send, and only then do 400 (bad payload) and 404 (not in the caller's tenant)
// come into play.

export function guard(kind: Kind, ...actions: string[]): onRequestHookHandler[] {
  return [requireAuth, requirePermission(kind, ...actions) as onRequestHookHandler];
}
