import { and, eq, isNull, ne } from "drizzle-orm";
import { GenerationCache } from "../db/generation-cache";
import type { Database } from "../db/open";
import { sessions, users } from "../db/schema";
import { hashToken, newToken } from "./tokens";

// Sessions are rows keyed by the token's hash, bound to one user and one
// tenant, sliding: each use pushes expires_at to now + TTL.

export type UserRow = typeof users.$inferSelect;
export type SessionUser = Omit<UserRow, "password_hash">;

const hours = (h: number) => h * 3_600_000;

export async function createSession(
  db: Database,
  input: { userId: number; tenantId: number; ttlHours: number; ip?: string; userAgent?: string },
): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: input.userId,
    tenant_id: input.tenantId,
    expires_at: new Date(now.getTime() + hours(input.ttlHours)),
    last_seen_at: now,
    ip: input.ip,
    user_agent: input.userAgent?.slice(0, 500),
  });
  return token;
}

export interface ActiveSession {
  sessionId: number;
  tenantId: number;
  user: SessionUser;
}

type SessionRow = { session: typeof sessions.$inferSelect; user: UserRow };

// Every authenticated request reads its session: the row is reused until the sessions or users table
// is written (a sign-in, a revocation, a slide, a user's change), which is exact (generation-cache.ts).
const sessionRows = new GenerationCache<SessionRow | null>(10_000);
const SESSION_TABLES = ["sessions", "users"] as const;

/** The live session of a token: not revoked, not expired, its user still active. Slides its expiry. */
export async function liveSession(
  db: Database,
  token: string,
  ttlHours: number,
): Promise<ActiveSession | null> {
  const tokenHash = hashToken(token);
  const found = await sessionRows.get(db, SESSION_TABLES, tokenHash, async () => {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at), eq(users.active, true)));
    return row ?? null;
  });
  // Unknown tokens are not kept: anyone can send many.
  if (!found) sessionRows.forget(db, tokenHash);
  // Expiry is a matter of the clock, so it is checked on every use, cached or not.
  const now = new Date();
  const row = found && found.session.expires_at > now ? found : null;
  if (!row) return null;
  // Slide at most about once a minute (sooner for tiny test TTLs) to spare a write per request.
  const slideEvery = Math.min(60_000, hours(ttlHours) / 10);
  if (now.getTime() - row.session.last_seen_at.getTime() >= slideEvery) {
    await db
      .update(sessions)
      .set({ last_seen_at: now, expires_at: new Date(now.getTime() + hours(ttlHours)), updated_at: now })
      .where(eq(sessions.id, row.session.id));
  }
  const { password_hash: _, ...user } = row.user;
  return { sessionId: row.session.id, tenantId: row.session.tenant_id, user };
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  const now = new Date();
  await db
    .update(sessions)
    .set({ revoked_at: now, updated_at: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Ends every session of a user (a password reset), or all but one (a password change). */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  const now = new Date();
  const conditions = [eq(sessions.user_id, userId), isNull(sessions.revoked_at)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revoked_at: now, updated_at: now })
    .where(and(...conditions));
}
