import type { FastifyPluginAsync } from "fastify";
import { groupRoutes } from "./groups";
import { invitationRoutes } from "./invitations";
import { roleRoutes } from "./roles";
import { tenantRoutes } from "./tenant";
import { userRoutes } from "./users";

// The administration part of the v1 API: roles, user-groups, users (with invitations) and the
// tenant of the settings page. Registered under the API prefix by server/app.ts.
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(roleRoutes);
  await app.register(groupRoutes);
  await app.register(userRoutes);
  await app.register(invitationRoutes);
  await app.register(tenantRoutes);
};
