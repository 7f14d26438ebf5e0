import { and, asc, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createInvitation } from "../auth/invitations";
import { emailSchema, tenantIdSchema } from "../auth/schemas";
import { groups, outbox } from "../db/schema";
import { notFound } from "./errors";

// Helpers for the end-to-end tests, registered only with PRESSROOM_TEST_OUTBOX=1
// (set by the e2e runner alone): they hand out what a real user would find in
// their mailbox. Hidden from the OpenAPI document.

export const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/test/outbox",
    {
      schema: {
        hide: true,
        querystring: z.strictObject({ to: emailSchema }),
        response: {
          200: z.object({
            data: z.object({ to: z.string(), subject: z.string(), link: z.string().nullable() }),
          }),
        },
      },
    },
    async (request) => {
      const [mail] = await app.db
        .select({ to: outbox.to, subject: outbox.subject, link: outbox.link })
        .from(outbox)
        .where(eq(outbox.to, request.query.to))
        .orderBy(desc(outbox.id))
        .limit(1);
      if (!mail) throw notFound();
      return { data: mail };
    },
  );

  // The admin screens that invite people are not built yet; e2e tests need invitations now.
  app.post(
    "/test/invitations",
    {
      schema: {
        hide: true,
        body: z.strictObject({
          email: emailSchema,
          tenantId: tenantIdSchema,
          groupIds: z.array(z.number().int().positive()).optional(),
          registerUrl: z.url({ protocol: /^https?$/ }).optional(),
        }),
        response: { 201: z.object({ data: z.object({ token: z.string(), link: z.string() }) }) },
      },
    },
    async (request, reply) => {
      const { email, tenantId, registerUrl } = request.body;
      // Without groups, the tenant's first non-admin group, so the new account can sign in again.
      const groupIds =
        request.body.groupIds ??
        (
          await app.db
            .select({ id: groups.id })
            .from(groups)
            .where(and(eq(groups.tenant_id, tenantId), eq(groups.is_admin, false)))
            .orderBy(asc(groups.id))
            .limit(1)
        ).map((g) => g.id);
      const { token, link } = await createInvitation(app.db, app.mailer, {
        tenantId,
        email,
        groupIds,
        registerUrl: registerUrl ?? `${app.config.publicUrl}/register`,
      });
      reply.code(201);
      return { data: { token, link } };
    },
  );
};
