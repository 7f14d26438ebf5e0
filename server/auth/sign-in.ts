import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { users } from "../db/schema";
import { createSession } from "./sessions";

/** What login, single sign-on and register answer: a new session, and a provider token when there is a provider. */
export async function startSession(
  request: FastifyRequest,
  userId: number,
  tenantId: number,
): Promise<{ customToken: string | null; sessionCookie: string }> {
  const { db, config } = request.server;
  const sessionCookie = await createSession(db, {
    userId,
    tenantId,
    ttlHours: config.sessionTtlHours,
    ip: request.ip,
    userAgent: request.headers["user-agent"],
  });
  // Bookkeeping, not an edit: version stays.
  await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, userId));
  return { customToken: await customTokenFor(request, userId, tenantId), sessionCookie };
}

/**
 * The identity provider's token for the user, or null without a provider. A
 * provider outage must not lock people out of Pressroom itself: log and go on.
 */
export async function customTokenFor(request: FastifyRequest, userId: number, tenantId: number) {
  try {
    return await request.server.identity.createCustomToken(userId, { tenantId });
  } catch (error) {
    request.log.error({ err: error }, "Could not create the identity provider's custom token");
    return null;
  }
}
