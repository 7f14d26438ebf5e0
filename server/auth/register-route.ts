import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../db/schema";
import { fieldError, HttpError } from "../http/errors";
import { acceptInvitation, findUsableInvitation } from "./invitations";
import { hashPassword, newPasswordSchema, verifyPassword } from "./passwords";
import { emailSchema, errorAnswers, sessionAnswerSchema, tenantIdSchema, tokenSchema } from "./schemas";
import { startSession } from "./sign-in";
import { findUserByEmail } from "./users";

const INVITATION_UNUSABLE = "This invitation is invalid, used or expired";

export const registerRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/register",
    {
      schema: {
        summary: "Create an account with an invitation, and sign in",
        description:
          "An invitation is for one email and one tenant, single use, valid 7 days. " +
          "Someone who already has an account accepts it with that account's password.",
        tags: ["auth"],
        body: z.strictObject({
          name: z.string().trim().min(1, "This field is required").max(120, "Use at most 120 characters"),
          email: emailSchema,
          password: newPasswordSchema,
          tenantId: tenantIdSchema,
          token: tokenSchema,
        }),
        response: { 201: sessionAnswerSchema, ...errorAnswers(400, 409) },
      },
    },
    async (request, reply) => {
      const { name, email, password, tenantId, token } = request.body;
      const { db } = app;
      const invitation = await findUsableInvitation(db, token, tenantId);
      if (!invitation) throw fieldError("token", INVITATION_UNUSABLE);
      if (invitation.email !== email)
        throw fieldError("email", "This invitation was sent to a different email address");

      const existing = await findUserByEmail(db, email);
      if (existing && !(existing.active && (await verifyPassword(existing.password_hash, password)))) {
        throw new HttpError(
          409,
          "An account with this email already exists; sign in with its password to accept the invitation",
        );
      }
      const passwordHash = existing ? null : await hashPassword(password);

      const userId = await db.transaction(async (tx) => {
        const id =
          existing?.id ??
          (
            await tx
              .insert(users)
              .values({ email, name, password_hash: passwordHash })
              .returning({ id: users.id })
          )[0].id;
        // Single use even under a race: only one transaction marks it used.
        if (!(await acceptInvitation(tx, invitation, id))) throw fieldError("token", INVITATION_UNUSABLE);
        return id;
      });
      reply.code(201);
      return { data: await startSession(request, userId, tenantId) };
    },
  );
};
