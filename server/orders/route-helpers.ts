import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeFor, type Verb } from "../../src/access/permissions";
import { getAuth, requestGrants } from "../auth/authenticate";
import { can } from "../auth/permissions";
import { forbidden, notFound, validationFailed } from "../http/errors";
import { mapWriteError } from "../resources/errors";
import type { ResourceRegistry } from "../resources/model";
import type { EngineContext } from "../resources/record-writes";
import { modelIn } from "./order-state";

// What the order desk's, refunds' and shipping routes share: path ids, zod bodies as the contract's
// 400s, the permission checks of the shared merge, and one transaction per action whose database
// refusals answer as the engine's do (errors.ts mapWriteError).

export const version = z
  .number({ error: "Send the version of the record you read (a positive whole number)" })
  .int()
  .min(1)
  .max(2_147_483_647);
export const words = (max: number) =>
  z.string().trim().min(1, "Enter some words").max(max, `Use at most ${max} characters`);
export const money = z
  .number({ error: "Enter an amount in dollars" })
  .positive("Enter an amount above $0.00")
  .max(99_999_999.99, "At most $99,999,999.99")
  .multipleOf(0.01, "Whole cents only");

/** A path id: digits within the id range, anything else is no record (404). */
export function pathId(raw: unknown): number {
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
    throw notFound();
  }
  return Number(raw);
}

export function parseBody<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  throw validationFailed(
    parsed.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message })),
  );
}

/** 403 unless the caller holds every action on the kind. */
export async function requireCan(request: FastifyRequest, kind: string, ...actions: string[]): Promise<void> {
  if (!can(await requestGrants(request), kind, ...actions)) throw forbidden();
}

/**
 * The caller may `verb` this order: Any (or the plain verb) for every order, Own for their own
 * only; an order of theirs they may not see is a 404, one they see but may not change a 403.
 * `null`: the order need only be the tenant's (the floor's reprint, gated by Run Tasks).
 */
export async function requireOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  registry: ResourceRegistry,
  verb: Verb | null,
  orderId: number,
): Promise<void> {
  const grants = await requestGrants(request);
  const scope = verb === null ? "all" : scopeFor(grants, "Order", verb);
  if (scope === "none") throw forbidden();
  const auth = getAuth(request);
  const t = modelIn(registry, "Order").table.table;
  const [row] = await app.db
    .select({ owner: t.owner_id })
    .from(t)
    .where(and(eq(t.tenant_id, auth.tenantId), eq(t.id, orderId)));
  if (!row) throw notFound();
  if (scope === "own" && row.owner !== auth.user.id) {
    if (scopeFor(grants, "Order", "Read") === "all") throw forbidden();
    throw notFound();
  }
}

/** Runs an action in one transaction as the caller; a database refusal answers as the engine's. */
export async function inTransaction<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  registry: ResourceRegistry,
  kind: string,
  action: (ctx: EngineContext) => Promise<T>,
): Promise<T> {
  const auth = getAuth(request);
  try {
    return await app.db.transaction((tx) =>
      action({ tx, registry, tenantId: auth.tenantId, userId: auth.user.id, config: app.config }),
    );
  } catch (error) {
    mapWriteError(modelIn(registry, kind), error, {});
  }
}
