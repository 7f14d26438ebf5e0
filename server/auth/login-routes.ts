import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../db/schema";
import { fieldError, HttpError, unauthenticated } from "../http/errors";
import { getAuth, requireAuth } from "./authenticate";
import { IdentityProviderUnavailableError, InvalidIdTokenError } from "./identity-provider";
import { acceptInvitation, findUsableInvitation } from "./invitations";
import { PASSWORD_MAX_LENGTH, verifyPassword } from "./passwords";
import { isTenantMember } from "./profile";
import {
  emailSchema,
  errorAnswers,
  nullAnswerSchema,
  sessionAnswerSchema,
  tenantIdSchema,
  tokenSchema,
} from "./schemas";
import { revokeSession } from "./sessions";
import { startSession } from "./sign-in";
import { clearFailures, recordFailure, throttleDelay } from "./throttle";
import { findUserByEmail } from "./users";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const SSO_NOT_CONFIGURED = "Single sign-on is not configured on this server";
export const SSO_NO_ACCOUNT =
  "There is no Pressroom account for this sign-in in this shop; ask an administrator for an invitation";

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/login",
    {
      schema: {
        summary: "Sign in with email and password",
        tags: ["auth"],
        body: z.strictObject({
          email: emailSchema,
          password: z.string().min(1, "This field is required").max(PASSWORD_MAX_LENGTH),
          tenantId: tenantIdSchema,
        }),
        response: { 200: sessionAnswerSchema, ...errorAnswers(400, 401, 429) },
      },
    },
    async (request) => {
      const { email, password, tenantId } = request.body;
      const { db } = app;
      const wait = await throttleDelay(db, email, request.ip);
      if (wait > 0) {
        throw new HttpError(429, `Too many attempts; try again in ${wait} seconds`, undefined, {
          "retry-after": String(wait),
        });
      }
      const user = await findUserByEmail(db, email);
      // One answer for every failure, and a password check even without an account,
      // so neither the body nor the timing tells whether the email exists.
      const passwordOk = await verifyPassword(user?.password_hash, password);
      if (!user || !passwordOk || !user.active || !(await isTenantMember(db, user.id, tenantId))) {
        await recordFailure(db, email, request.ip, tenantId);
        throw unauthenticated(INVALID_CREDENTIALS);
      }
      await clearFailures(db, email);
      return { data: await startSession(request, user.id, tenantId) };
    },
  );

  // The sign-in pages ask before offering Google: without a provider the token could not be checked.
  app.get(
    "/sso",
    {
      schema: {
        summary: "Whether single sign-on (Google, through the identity provider) is configured",
        tags: ["auth"],
        response: { 200: z.object({ data: z.object({ configured: z.boolean() }) }) },
      },
    },
    async () => ({ data: { configured: app.identity.configured } }),
  );

  app.post(
    "/sso-login",
    {
      schema: {
        summary: "Sign in with the identity provider's ID token (single sign-on)",
        tags: ["auth"],
        body: z.strictObject({
          idToken: z.string().min(1, "This field is required").max(8192),
          tenantId: tenantIdSchema,
          token: tokenSchema.nullish().describe("An invitation token, to join the tenant"),
        }),
        response: { 200: sessionAnswerSchema, ...errorAnswers(400, 401, 503) },
      },
    },
    async (request) => {
      const { idToken, tenantId, token } = request.body;
      const { db, identity } = app;
      if (!identity.configured) throw new HttpError(400, SSO_NOT_CONFIGURED);

      let verified: Awaited<ReturnType<typeof identity.verifyIdToken>>;
      try {
        verified = await identity.verifyIdToken(idToken);
      } catch (error) {
        if (error instanceof InvalidIdTokenError) {
          request.log.info({ reason: error.message }, "Refused an ID token");
          throw unauthenticated("Single sign-on failed; please sign in again");
        }
        if (error instanceof IdentityProviderUnavailableError) {
          request.log.error({ err: error }, "Identity provider unavailable");
          throw new HttpError(503, "Single sign-on is unavailable right now; try again in a moment");
        }
        throw error;
      }
      // Only a provider-confirmed address may stand for an account.
      if (!verified.email || !verified.emailVerified) {
        throw unauthenticated("Your sign-in provider did not confirm an email address");
      }
      const email = verified.email.toLowerCase();
      let user = await findUserByEmail(db, email);

      if (token) {
        const invitation = await findUsableInvitation(db, token, tenantId);
        if (!invitation) throw fieldError("token", "This invitation is invalid, used or expired");
        if (invitation.email !== email) {
          throw fieldError("token", "This invitation was sent to a different email address");
        }
        if (user && !user.active) throw unauthenticated(SSO_NO_ACCOUNT);
        const accepted = await db.transaction(async (tx) => {
          if (!user) {
            [user] = await tx
              .insert(users)
              .values({ email, name: verified.name?.trim() || email.split("@")[0] })
              .returning();
          }
          return acceptInvitation(tx, invitation, user.id);
        });
        if (!accepted || !user) throw fieldError("token", "This invitation is invalid, used or expired");
        return { data: await startSession(request, user.id, tenantId) };
      }

      if (!user?.active || !(await isTenantMember(db, user.id, tenantId)))
        throw unauthenticated(SSO_NO_ACCOUNT);
      return { data: await startSession(request, user.id, tenantId) };
    },
  );

  app.post(
    "/logout",
    {
      onRequest: requireAuth,
      schema: {
        summary: "End the session",
        tags: ["auth"],
        security: [{ bearer: [] }],
        body: z.strictObject({}).nullish(),
        response: { 200: nullAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      await revokeSession(app.db, getAuth(request).sessionId);
      return { data: null };
    },
  );
};
