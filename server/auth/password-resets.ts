import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/open";
import { password_resets, tenants, users } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { hashPassword } from "./passwords";
import { isTenantMember } from "./profile";
import { linkWithToken } from "./redirect-links";
import { revokeUserSessions } from "./sessions";
import { clearFailures } from "./throttle";
import { hashToken, newToken } from "./tokens";
import { findUserByEmail, touched } from "./users";

// Forgot password → a mailed single-use link valid for an hour → a new password.

export const RESET_TTL_MS = 3_600_000;
// More requests than this within the TTL send nothing more (mail-bombing guard).
const MAX_OPEN_RESETS = 3;

/** Mails a reset link when the email belongs to an active member of the tenant; silent otherwise. */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  input: { email: string; tenantId: number; redirectLink: string },
): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user?.active || !(await isTenantMember(db, user.id, input.tenantId))) return;
  const now = new Date();
  const [{ open }] = await db
    .select({ open: count() })
    .from(password_resets)
    .where(
      and(
        eq(password_resets.user_id, user.id),
        isNull(password_resets.used_at),
        gt(password_resets.expires_at, now),
      ),
    );
  if (open >= MAX_OPEN_RESETS) return;

  const token = newToken();
  await db.insert(password_resets).values({
    tenant_id: input.tenantId,
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + RESET_TTL_MS),
  });
  const [tenant] = await db
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, input.tenantId));
  const link = linkWithToken(input.redirectLink, token);
  await mailer.send({
    to: user.email,
    subject: "Reset your Pressroom password",
    text:
      `Someone asked to reset the password of your ${tenant?.name ?? "Pressroom"} account.\n\n` +
      `Choose a new password here (the link works once, for one hour):\n${link}\n\n` +
      "If it was not you, ignore this mail; your password stays as it is.\n",
    link,
    tenantId: input.tenantId,
  });
}

/** Sets the password of the token's user; false when the token is unknown, used, expired or for another tenant. */
export async function resetPassword(
  db: Database,
  input: { token: string; tenantId: number; password: string },
): Promise<boolean> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [reset] = await tx
      .update(password_resets)
      .set({ used_at: now, updated_at: now })
      .where(
        and(
          eq(password_resets.token_hash, hashToken(input.token)),
          eq(password_resets.tenant_id, input.tenantId),
          isNull(password_resets.used_at),
          gt(password_resets.expires_at, now),
        ),
      )
      .returning({ user_id: password_resets.user_id });
    if (!reset) return false;
    const [user] = await tx
      .update(users)
      .set({ password_hash: passwordHash, ...touched() })
      .where(eq(users.id, reset.user_id))
      .returning({ email: users.email });
    // Whoever knew the old password is signed out everywhere, and the lockout ends.
    await revokeUserSessions(tx, reset.user_id);
    await clearFailures(tx, user.email);
    return true;
  });
}
