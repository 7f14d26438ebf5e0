import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getAuth, requestGrants } from "../auth/authenticate";
import { linkWithToken } from "../auth/redirect-links";
import { emailSchema } from "../auth/schemas";
import { hashToken, newToken } from "../auth/tokens";
import type { Config } from "../config";
import type { Database } from "../db/open";
import { invitations, tenants, users } from "../db/schema";
import { isAppOrigin } from "../http/app-origins";
import { HttpError } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import { BEARER } from "../resources/record-routes";
import { assertManageableGroups } from "./escalation";
import { guard } from "./guard";
import { checkReferences, inTenant } from "./memberships";
import { idListSchema, writeErrors } from "./schemas";
import { lockedWrite } from "./writes";

// "Invite user": an invitation for one email to this tenant's chosen groups, valid 1 to 30
// days (7 by default), single use. The mail carries <origin>/register?token=…, and the answer
// carries the same link once, for the inviter to pass on. The token itself is kept only as its
// hash (server/auth/invitations.ts reads it back at registration and single sign-on).
//
// The link's origin is the app the inviter uses: the request's Origin when it is one of this
// server's app origins (the rule reset links follow, http/app-origins.ts), else PUBLIC_URL.

export const DEFAULT_INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

/** The app origin an invitation link points at. */
export function appOriginOf(config: Config, origin: string | undefined): string {
  if (origin && isAppOrigin(config, origin)) return origin;
  return new URL(config.publicUrl).origin;
}

export interface InvitationInput {
  tenantId: number;
  email: string;
  groupIds: number[];
  days: number;
  invitedBy: number;
  appOrigin: string;
}

export interface CreatedInvitation {
  id: number;
  email: string;
  expires_at: string;
  link: string;
}

/** Stores the invitation (inside the caller's transaction) and answers its link. */
async function storeInvitation(db: Database, input: InvitationInput) {
  const token = newToken();
  const [row] = await db
    .insert(invitations)
    .values({
      tenant_id: input.tenantId,
      email: input.email,
      group_ids: input.groupIds,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + input.days * DAY_MS),
      invited_by: input.invitedBy,
    })
    .returning();
  return { row, link: linkWithToken(`${input.appOrigin}/register`, token) };
}

async function mailInvitation(db: Database, mailer: Mailer, input: InvitationInput, link: string) {
  const [tenant] = await db
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, input.tenantId));
  const name = tenant?.name ?? "Pressroom";
  const days = input.days === 1 ? "1 day" : `${input.days} days`;
  await mailer.send({
    to: input.email,
    subject: `You are invited to ${name}`,
    text: `You have been invited to join ${name} on Pressroom.\n\nCreate your account here (the link works once, for ${days}):\n${link}\n`,
    link,
    tenantId: input.tenantId,
  });
}

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/users/invite",
    {
      onRequest: guard("User", "Create"),
      schema: {
        summary: "Invite someone to this tenant",
        description:
          "Mails <app origin>/register?token=… and answers the same link, once. " +
          "The invitation is single use and expires after expires_in_days (1–30, default 7).",
        tags: ["users"],
        security: BEARER,
        body: z.strictObject({
          email: emailSchema,
          group_ids: idListSchema.refine((ids) => ids.length > 0, "Choose at least one group"),
          expires_in_days: z
            .number()
            .int("Expected a whole number of days")
            .min(1, "Use 1 to 30 days")
            .max(30, "Use 1 to 30 days")
            .default(DEFAULT_INVITATION_DAYS),
        }),
        response: {
          201: z.object({
            data: z.object({
              id: z.number().int(),
              email: z.string(),
              expires_at: z.string(),
              link: z.string().describe("Shown once: only the token's hash is kept"),
            }),
          }),
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const { tenantId, user } = getAuth(request);
      const { email, group_ids, expires_in_days } = request.body;
      const input: InvitationInput = {
        tenantId,
        email,
        groupIds: group_ids,
        days: expires_in_days,
        invitedBy: user.id,
        appOrigin: appOriginOf(app.config, originHeader(request)),
      };
      const { row, link } = await lockedWrite(app.db, tenantId, async (tx) => {
        await checkReferences(tx, tenantId, { group_ids });
        await assertManageableGroups(tx, await requestGrants(request), tenantId, group_ids);
        const [member] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(sql`lower(${users.email})`, email), inTenant(tenantId)))
          .limit(1);
        if (member) throw new HttpError(409, `${email} is already a user of this tenant.`);
        return storeInvitation(tx, input);
      });
      // After the commit: the mail must never point at an invitation that was rolled back.
      await mailInvitation(app.db, app.mailer, input, link);
      reply.code(201);
      const answer: CreatedInvitation = {
        id: row.id,
        email: row.email,
        expires_at: row.expires_at.toISOString(),
        link,
      };
      return { data: answer };
    },
  );
};

function originHeader(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  return typeof origin === "string" ? origin : undefined;
}
