import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kind } from "../../src/access/kinds";
import { forbidden, unauthenticated } from "../http/errors";
import { can, type Grants, loadGrants } from "./permissions";
import { liveSession, type SessionUser } from "./sessions";

// Protected routes add `onRequest: requireAuth` (before the body is even read;
// as a preHandler it works too); the caller is then in request.auth. Only the Authorization header is read, never a cookie, so a
// browser cannot be tricked into sending credentials (no CSRF surface).

export interface AuthContext {
  user: SessionUser;
  tenantId: number;
  sessionId: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in caller on routes behind requireAuth; null elsewhere. */
    auth: AuthContext | null;
    /** Memo of requestGrants(). */
    grants: Grants | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(header);
  return match ? match[1] : null;
}

export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const { db, config } = request.server;
  const session = await liveSession(db, token, config.sessionTtlHours);
  if (!session) throw unauthenticated();
  request.auth = { user: session.user, tenantId: session.tenantId, sessionId: session.sessionId };
}

/** The caller of a route behind requireAuth. */
export function getAuth(request: FastifyRequest): AuthContext {
  // A programming error: the generic 500 hides it from the caller, the log keeps it.
  if (!request.auth) throw new Error("getAuth() on a route without the requireAuth hook");
  return request.auth;
}

/** The caller's merged permissions in the session's tenant, loaded once per request. */
export async function requestGrants(request: FastifyRequest): Promise<Grants> {
  const auth = getAuth(request);
  request.grants ??= await loadGrants(request.server.db, auth.user.id, auth.tenantId);
  return request.grants;
}

/** A hook (after requireAuth, e.g. `preHandler: requirePermission("Order", "ReadAny")`) answering 403 unless the caller holds kind.action(s). */
export function requirePermission(kind: Kind, ...actions: string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!can(await requestGrants(request), kind, ...actions)) throw forbidden();
  };
}
