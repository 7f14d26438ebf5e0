import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { errorAnswers } from "../auth/schemas";
import { tenants } from "../db/schema";
import { forbidden } from "../http/errors";
import { BEARER } from "../resources/record-routes";

// GET tenant: the session's tenant, for the settings page. Product admins only (an is_admin
// membership of the tenant, spec §6), like the /settings route it serves.

export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/tenant",
    {
      onRequest: [
        requireAuth,
        async (request) => {
          if (!(await requestGrants(request)).isAdmin) throw forbidden();
        },
      ],
      schema: {
        summary: "The session's tenant (product admins only)",
        tags: ["settings"],
        security: BEARER,
        response: {
          200: z.object({ data: z.object({ id: z.number().int(), name: z.string() }) }),
          ...errorAnswers(401, 403),
        },
      },
    },
    async (request) => {
      const { tenantId } = getAuth(request);
      const [tenant] = await app.db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
      return { data: tenant };
    },
  );
};
