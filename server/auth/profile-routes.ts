import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../db/schema";
import { fieldError, forbidden } from "../http/errors";
import { getAuth, requireAuth } from "./authenticate";
import { hashPassword, newPasswordSchema, PASSWORD_MAX_LENGTH, verifyPassword } from "./passwords";
import { loadProfile, type ProfileUser, profileUserSchema } from "./profile";
import { errorAnswers, tenantIdSchema } from "./schemas";
import { revokeUserSessions } from "./sessions";
import { customTokenFor } from "./sign-in";
import { touched } from "./users";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profileOf = async (userId: number, tenantId: number): Promise<ProfileUser> => {
    const profile = await loadProfile(app.db, userId, tenantId);
    if (!profile) throw new Error(`user ${userId} of a live session is missing`);
    return profile;
  };

  app.post(
    "/profile",
    {
      onRequest: requireAuth,
      schema: {
        summary: "The signed-in user with the memberships of the session's tenant",
        tags: ["auth"],
        security: [{ bearer: [] }],
        body: z.strictObject({ tenantId: tenantIdSchema }),
        response: {
          200: z.object({ data: z.object({ user: profileUserSchema, customToken: z.string().optional() }) }),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      // A session belongs to one tenant; asking about another is refused, not answered.
      if (request.body.tenantId !== auth.tenantId) throw forbidden();
      const user = await profileOf(auth.user.id, auth.tenantId);
      const customToken = await customTokenFor(request, auth.user.id, auth.tenantId);
      return { data: customToken ? { user, customToken } : { user } };
    },
  );

  app.put(
    "/profile",
    {
      onRequest: requireAuth,
      schema: {
        summary: "Change your name, phone or password",
        description: "A new password needs current_password; other sessions of the account end.",
        tags: ["auth"],
        security: [{ bearer: [] }],
        body: z.strictObject({
          name: z
            .string()
            .trim()
            .min(1, "This field is required")
            .max(120, "Use at most 120 characters")
            .optional(),
          phone: z
            .string()
            .trim()
            .max(40, "Use at most 40 characters")
            .regex(/^[0-9+().\-\s/x]*$/i, "Use digits, spaces and + ( ) - . / x only")
            .nullable()
            .optional(),
          password: newPasswordSchema.optional(),
          current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
          tenantId: tenantIdSchema.optional().describe("Ignored when it is the session's tenant"),
        }),
        response: {
          200: z.object({ data: z.object({ user: profileUserSchema }) }),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      const { name, phone, password, current_password, tenantId } = request.body;
      if (tenantId !== undefined && tenantId !== auth.tenantId) throw forbidden();

      const changes: Partial<typeof users.$inferInsert> = {};
      if (name !== undefined) changes.name = name;
      if (phone !== undefined) changes.phone = phone || null;
      if (password !== undefined) {
        if (!current_password) throw fieldError("current_password", "Enter your current password");
        const [row] = await app.db
          .select({ hash: users.password_hash })
          .from(users)
          .where(eq(users.id, auth.user.id));
        if (!(await verifyPassword(row?.hash, current_password))) {
          throw fieldError("current_password", "Current password is incorrect");
        }
        changes.password_hash = await hashPassword(password);
      }
      if (Object.keys(changes).length > 0) {
        await app.db
          .update(users)
          .set({ ...changes, ...touched() })
          .where(eq(users.id, auth.user.id));
        // A new password signs out every other device that knew the old one.
        if (changes.password_hash) await revokeUserSessions(app.db, auth.user.id, auth.sessionId);
      }
      return { data: { user: await profileOf(auth.user.id, auth.tenantId) } };
    },
  );
};
