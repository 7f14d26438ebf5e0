import type { FastifyRequest } from "fastify";
import { requestGrants } from "../auth/authenticate";
import { forbidden } from "../http/errors";

/** 403 unless the caller is a product admin of the tenant (an is_admin membership, spec §6). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!(await requestGrants(request)).isAdmin) throw forbidden();
}
