import type { FastifyInstance, FastifyRequest } from "fastify";
import { getAuth } from "../auth/authenticate";
import type { Database } from "../db/open";
import type { WriteContext } from "./hooks";
import type { ResourceModel, ResourceRegistry } from "./model";

// What every step of a declared kind's routes works with: the server (its database and settings),
// every kind's model (references point across kinds) and the kind's own.

export interface KindContext {
  app: FastifyInstance;
  registry: ResourceRegistry;
  model: ResourceModel;
}

/** The hooks' context of a write in `tx` by the request's caller. */
export function writeContext(
  { app, model }: KindContext,
  tx: Database,
  request: FastifyRequest,
): WriteContext {
  const auth = getAuth(request);
  return { tx, model, tenantId: auth.tenantId, userId: auth.user.id, config: app.config };
}
