import type { FastifyPluginAsync, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { adminKindRoutes } from "./admin-kind";
import { GROUPS } from "./groups";
import { invitationRoutes } from "./invitations";
import { duplicateRoute, ROLES } from "./roles";
import { tenantRoutes } from "./tenant";
import { USERS } from "./users";

// The administration part of the v1 API: roles, user-groups and users on the engine's routes
// (admin-kind.ts), a role's duplicate, invitations and the tenant of the settings page.
// Registered under the API prefix by server/app.ts.

/**
 * Bodies are checked by the kinds' zod schemas (a 400 naming each bad field); queries and path ids
 * are the shared steps' to read (query-language.ts, record-routes.ts), as for the declared kinds.
 */
const bodiesOnly: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === "body"
    ? validatorCompiler(route as Parameters<typeof validatorCompiler>[0])
    : (data: unknown) => ({ value: data });

export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(async (kinds) => {
    kinds.setValidatorCompiler(bodiesOnly);
    await adminKindRoutes(kinds, ROLES, duplicateRoute);
    await adminKindRoutes(kinds, GROUPS);
    await adminKindRoutes(kinds, USERS);
  });
  await app.register(invitationRoutes);
  await app.register(tenantRoutes);
};
