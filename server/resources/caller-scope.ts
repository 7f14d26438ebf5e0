import { and, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { type Scope, scopeFor, type Verb } from "../../src/access/permissions";
import { kindOpenToRead } from "../../src/access/route-requirements";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import type { Database } from "../db/open";
import { forbidden, notFound } from "../http/errors";
import type { Row } from "./hooks";
import type { ResourceModel } from "./model";

// Who may do what to a declared kind's records. A route's onRequest checks the session and the
// permission (the shared merge) and leaves the caller's scope on the request: "all" of the tenant's
// records, or, for a kind with Any/Own actions under <Verb>Own, only their own. Every query of the
// request then keeps to the tenant and that scope: another tenant's record is a 404.

const scopes = new WeakMap<FastifyRequest, Scope>();

/** onRequest: the session, then 403 unless the caller may `verb` the kind at all. */
export function allow(model: ResourceModel, verb: Verb): onRequestHookHandler[] {
  const permission = async (request: FastifyRequest): Promise<void> => {
    const open = verb === "Read" && kindOpenToRead(model.resource);
    const scope = open ? "all" : scopeFor(await requestGrants(request), model.kind, verb);
    if (scope === "none") throw forbidden();
    scopes.set(request, scope);
  };
  return [requireAuth, permission as onRequestHookHandler];
}

export function scopeOf(request: FastifyRequest): Scope {
  const scope = scopes.get(request);
  if (!scope) throw new Error("resource route without its allow() hook");
  return scope;
}

/** The caller's id when they see only their own records, for the answer caches' keys. */
export function ownerOf(request: FastifyRequest): number | undefined {
  return scopeOf(request) === "own" ? getAuth(request).user.id : undefined;
}

/** The owner condition of an "own" scope; without an ownerField nothing is the caller's (fails closed). */
export function ownership(model: ResourceModel, scope: Scope, userId: number): SQL | undefined {
  if (scope !== "own") return undefined;
  if (!model.resource.ownerField) return sql`false`;
  return eq(model.table.table[model.resource.ownerField], userId);
}

/** The rows the caller may see: the tenant's, under an own scope their own; or the one with `id`. */
export function visibleRows(model: ResourceModel, request: FastifyRequest, id?: number): SQL {
  const t = model.table.table;
  const auth = getAuth(request);
  return and(
    eq(t.tenant_id, auth.tenantId),
    id === undefined ? undefined : eq(t.id, id),
    ownership(model, scopeOf(request), auth.user.id),
  ) as SQL;
}

/**
 * The stored row an update or delete changes, locked until its transaction ends (the change log's
 * diff is taken against what the write replaces). 404 when it is not the tenant's; under an own
 * scope, someone else's is a 403 to a caller who may read it and a 404 to one who may not.
 */
export async function lockWritable(
  tx: Database,
  model: ResourceModel,
  request: FastifyRequest,
  id: number,
): Promise<Row> {
  const t = model.table.table;
  const auth = getAuth(request);
  const [stored] = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, auth.tenantId), eq(t.id, id)))
    .for("update");
  if (!stored) throw notFound();
  const own = ownership(model, scopeOf(request), auth.user.id);
  if (own && stored[model.resource.ownerField as string] !== auth.user.id) {
    if (scopeFor(await requestGrants(request), model.kind, "Read") === "all") throw forbidden();
    throw notFound();
  }
  return stored;
}
