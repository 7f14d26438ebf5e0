import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/open";
import { login_attempts } from "../db/schema";

// Slows down password guessing: after 5 failed sign-ins for one email, or 20
// from one address, within 15 minutes, sign-in answers 429 until the window
// has moved past enough of them. Blocked attempts are not counted, so waiting
// always ends the block.

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

/** Seconds until a sign-in may be tried again, or 0 when it may now. */
export async function throttleDelay(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [byEmail, byIp] = await Promise.all([
    recentFailures(db, eq(login_attempts.email, email), since, MAX_FAILURES_PER_EMAIL),
    recentFailures(db, eq(login_attempts.ip, ip), since, MAX_FAILURES_PER_IP),
  ]);
  const waits = [waitFor(byEmail, MAX_FAILURES_PER_EMAIL, now), waitFor(byIp, MAX_FAILURES_PER_IP, now)];
  return Math.max(0, ...waits);
}

async function recentFailures(db: Database, who: ReturnType<typeof eq>, since: Date, limit: number) {
  return db
    .select({ at: login_attempts.created_at })
    .from(login_attempts)
    .where(and(who, gt(login_attempts.created_at, since)))
    .orderBy(desc(login_attempts.created_at))
    .limit(limit);
}

// Blocked while `limit` failures are in the window: until the oldest of the
// latest `limit` leaves it.
function waitFor(failures: { at: Date }[], limit: number, now: Date): number {
  if (failures.length < limit) return 0;
  const oldest = failures[limit - 1].at.getTime();
  return Math.max(1, Math.ceil((oldest + THROTTLE_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordFailure(
  db: Database,
  email: string,
  ip: string,
  tenantId: number,
): Promise<void> {
  const now = new Date();
  await db
    .insert(login_attempts)
    .values({ email, ip, tenant_id: tenantId, created_at: now, updated_at: now });
  // Old rows only slow the indexes down.
  await db
    .delete(login_attempts)
    .where(lt(login_attempts.created_at, new Date(now.getTime() - 24 * 3_600_000)));
}

/**
 * A successful sign-in forgives that email's failures (the address's remain). Deleted only when there are any:
 * on PGlite a DELETE moves every table's generation (write-generations.ts: foreign keys may change other tables),
 * so a DELETE on every sign-in would drop every cached answer (lists' totals, the production manager's figures).
 */
export async function clearFailures(db: Database, email: string): Promise<void> {
  const failed = await db
    .select({ id: login_attempts.id })
    .from(login_attempts)
    .where(eq(login_attempts.email, email))
    .limit(1);
  if (failed.length > 0) await db.delete(login_attempts).where(eq(login_attempts.email, email));
}
