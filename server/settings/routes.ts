import type { FastifyInstance } from "fastify";
import { getAuth, requireAuth } from "../auth/authenticate";
import type { Database } from "../db/open";
import { parseBody } from "../orders/route-helpers";
import { listChangeLogs } from "../resources/change-logs";
import type { ResourceRegistry } from "../resources/model";
import { logoRoutes } from "./logo";
import { requireAdmin } from "./require-admin";
import { SETTINGS_LOG_KIND, saveSettings } from "./save-settings";
import { settingsBody } from "./settings-schema";
import { readSettings, settingsRow } from "./tenant-settings";

// The tenant's settings (issue 21, /settings):
//   GET tenant/settings            any signed-in user of the tenant (the app needs its hours, tax …)
//   PUT tenant/settings            product admins (an is_admin membership, spec §6); whole set + version
//   GET tenant/settings/changes    product admins: the change log, newest first (?page=&limit=)
//   PUT/DELETE/GET tenant/settings/logo   the logo (logo.ts)

const pageOf = (raw: unknown, fallback: number, max: number) => {
  const n = typeof raw === "string" && /^\d{1,4}$/.test(raw) ? Number(raw) : fallback;
  return Math.min(Math.max(n, 1), max);
};

export async function settingsRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const read = (tenantId: number, db: Database = app.db) =>
    readSettings(db, registry, tenantId, app.config.defaultAgentId);

  app.get("/tenant/settings", { onRequest: requireAuth, schema: { hide: true } }, async (request) => {
    return { data: await read(getAuth(request).tenantId) };
  });

  app.put(
    "/tenant/settings",
    { onRequest: [requireAuth, requireAdmin], schema: { hide: true } },
    async (request) => {
      const body = parseBody(settingsBody, request.body);
      const { tenantId, user } = getAuth(request);
      await app.db.transaction((tx) =>
        saveSettings(
          { tx, registry, tenantId, userId: user.id, defaultAgentId: app.config.defaultAgentId },
          body,
        ),
      );
      return { data: await read(tenantId) };
    },
  );

  // The logo's routes read their own body types: registered in a scope of their own.
  await app.register(logoRoutes, { read });

  app.get(
    "/tenant/settings/changes",
    { onRequest: [requireAuth, requireAdmin], schema: { hide: true } },
    async (request) => {
      const { tenantId } = getAuth(request);
      const query = request.query as Record<string, unknown>;
      const page = pageOf(query.page, 1, 10_000);
      const limit = pageOf(query.limit, 20, 100);
      const row = await settingsRow(app.db, tenantId);
      if (!row) return { data: [], meta: { page, limit, total: 0 } };
      const { rows, total } = await listChangeLogs(app.db, SETTINGS_LOG_KIND, tenantId, row.id, page, limit);
      return { data: rows, meta: { page, limit, total } };
    },
  );
}
