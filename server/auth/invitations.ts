import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/open";
import { groups, invitations, tenants, user_groups } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { linkWithToken } from "./redirect-links";
import { hashToken, newToken } from "./tokens";

// Joining a tenant is by invitation only: one email, one tenant, the groups to
// join, single use, 7 days. Register and single sign-on accept it.

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

export type Invitation = typeof invitations.$inferSelect;

export interface NewInvitation {
  tenantId: number;
  email: string;
  groupIds: number[];
  invitedBy?: number;
  /** The app's register page; the mailed link is registerUrl?token=… */
  registerUrl: string;
}

export async function createInvitation(
  db: Database,
  mailer: Mailer,
  input: NewInvitation,
): Promise<{ id: number; token: string; link: string }> {
  const token = newToken();
  const email = input.email.trim().toLowerCase();
  const [row] = await db
    .insert(invitations)
    .values({
      tenant_id: input.tenantId,
      email,
      group_ids: input.groupIds,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + INVITATION_TTL_MS),
      invited_by: input.invitedBy,
    })
    .returning({ id: invitations.id });
  const [tenant] = await db
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, input.tenantId));
  const link = linkWithToken(input.registerUrl, token);
  await mailer.send({
    to: email,
    subject: `You are invited to ${tenant?.name ?? "Pressroom"}`,
    text: `You have been invited to join ${tenant?.name ?? "Pressroom"} on Pressroom.\n\nCreate your account here (the link works once, for 7 days):\n${link}\n`,
    link,
    tenantId: input.tenantId,
  });
  return { id: row.id, token, link };
}

/** The invitation of a token when it is unused, unexpired and for this tenant. */
export async function findUsableInvitation(
  db: Database,
  token: string,
  tenantId: number,
): Promise<Invitation | null> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.token_hash, hashToken(token)),
        eq(invitations.tenant_id, tenantId),
        isNull(invitations.used_at),
        gt(invitations.expires_at, new Date()),
      ),
    );
  return row ?? null;
}

/**
 * Marks the invitation used (false when someone used it meanwhile) and puts the
 * user into its groups that still exist in its tenant. Run it in the
 * transaction that creates or signs in the user.
 */
export async function acceptInvitation(
  db: Database,
  invitation: Invitation,
  userId: number,
): Promise<boolean> {
  const now = new Date();
  const used = await db
    .update(invitations)
    .set({ used_at: now, updated_at: now, version: sql`${invitations.version} + 1` })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.used_at)))
    .returning({ id: invitations.id });
  if (used.length === 0) return false;
  if (invitation.group_ids.length > 0) {
    const valid = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(inArray(groups.id, invitation.group_ids), eq(groups.tenant_id, invitation.tenant_id)));
    if (valid.length > 0) {
      await db
        .insert(user_groups)
        .values(valid.map((g) => ({ tenant_id: invitation.tenant_id, user_id: userId, group_id: g.id })))
        .onConflictDoNothing();
    }
  }
  return true;
}
