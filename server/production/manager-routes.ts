import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { ITEM_FIGURES, type ItemFigure, type ManagerAnswer } from "../../src/custom/production/manager-logic";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { can } from "../auth/permissions";
import { GenerationCache } from "../db/generation-cache";
import { type Database, selectRows } from "../db/open";
import { forbidden, validationFailed } from "../http/errors";
import type { ResourceRegistry } from "../resources/model";
import { figureRows } from "./manager-items";
import {
  type KindTable,
  type ManagerContext,
  type ManagerWindow,
  managerContext,
  managerFigures,
  managerWindow,
  tableNames,
} from "./manager-query";
import { isTimeZone } from "./zoned-day";

// The production manager's server (issue 18), ProductionStation RunExecutive (spec §6):
//   GET /production/manager?tz=                  every figure, in one answer (manager-query.ts)
//   GET /production/manager/items?figure=&page=  the order items or drops behind an item figure
// `tz` (an IANA zone) overrides the day's time zone, else the tenant's first facility's.

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string")
    throw validationFailed([{ field: name, message: "Give this parameter once" }]);
  return value;
}

async function setup(request: FastifyRequest, app: FastifyInstance, registry: ResourceRegistry) {
  if (!can(await requestGrants(request), "ProductionStation", "RunExecutive")) throw forbidden();
  const query = (request.query ?? {}) as Record<string, unknown>;
  const tz = single(query, "tz");
  if (tz !== undefined && !isTimeZone(tz)) {
    throw validationFailed([
      { field: "tz", message: `"${tz.slice(0, 64)}" is not a time zone (e.g. America/Chicago)` },
    ]);
  }
  const { tenantId } = getAuth(request);
  return { tenantId, query, ...(await dayOf(app.db, registry, tenantId, tz)) };
}

/** The tenant's statuses and day: in `tz`, else its first facility's time zone. */
async function dayOf(db: Database, registry: ResourceRegistry, tenantId: number, tz?: string) {
  const context = await managerContext(db, registry, tenantId);
  const timeZone = tz ?? (isTimeZone(context.timeZone) ? context.timeZone : "UTC");
  return { context: { ...context, timeZone }, window: managerWindow(Date.now(), timeZone) };
}

// The answer is kept until a table it reads is written (generation-cache.ts: exact, and only on PGlite, whose
// writes one process sees), per tenant, time zone and day: the page asks again on every change of those kinds.
const answers = new GenerationCache<ManagerAnswer>(100);
const READ: KindTable[] = [
  ["Status"],
  ["Location"],
  ["ProductionStation"],
  ["Run"],
  ["Run", "items"],
  ["Order"],
  ["Order", "items"],
  ["Product"],
  ["MailOrder"],
  ["MailOrder", "drops"],
  ["PackingSlip"],
  ["Equipment"],
  ["EquipmentType"],
];

function managerAnswer(
  db: Database,
  registry: ResourceRegistry,
  tables: string[],
  tenantId: number,
  context: ManagerContext,
  window: ManagerWindow,
): Promise<ManagerAnswer> {
  const key = `${tenantId}:${context.timeZone}:${window.today}`;
  return answers.get(db, tables, key, () => managerFigures(db, registry, tenantId, context, window));
}

/**
 * Each tenant's answer of today in its own time zone, read once at the start (serve.ts, before it listens): the
 * first request after a start would otherwise pay every figure cold (~0.6-1 s at 100,000 orders: the past days'
 * on-time figure joins ~45,000 packing slips to their orders, and nothing of the tables is in memory yet). On
 * PGlite the answers are then kept (generation-cache.ts); on PostgreSQL the reads leave the pages in its buffers.
 * A failure is only logged: the requests read the figures again.
 */
export async function warmManagerAnswers(
  db: Database,
  registry: ResourceRegistry,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!registry.byKind.has("Run")) return;
  const started = Date.now();
  try {
    const tables = tableNames(registry, READ);
    const rows = await selectRows<{ id: number }>(db, sql`select id from tenants order by id`);
    for (const { id } of rows) {
      const tenantId = Number(id);
      const { context, window } = await dayOf(db, registry, tenantId);
      await managerAnswer(db, registry, tables, tenantId, context, window);
    }
    log.info({ tenants: rows.length, ms: Date.now() - started }, "Production manager's figures read");
  } catch (error) {
    log.warn({ err: error }, "The production manager's figures could not be read at the start");
  }
}

export async function managerRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const tables = tableNames(registry, READ);
  app.get("/production/manager", { onRequest: requireAuth, schema: { hide: true } }, async (request) => {
    const { tenantId, context, window } = await setup(request, app, registry);
    return { data: await managerAnswer(app.db, registry, tables, tenantId, context, window) };
  });

  app.get(
    "/production/manager/items",
    { onRequest: requireAuth, schema: { hide: true } },
    async (request) => {
      const { tenantId, query, context, window } = await setup(request, app, registry);
      const figure = single(query, "figure");
      if (!figure || !(ITEM_FIGURES as readonly string[]).includes(figure)) {
        throw validationFailed([{ field: "figure", message: `Expected one of: ${ITEM_FIGURES.join(", ")}` }]);
      }
      const pageText = single(query, "page") ?? "1";
      if (!/^\d{1,5}$/.test(pageText) || Number(pageText) < 1) {
        throw validationFailed([{ field: "page", message: "Expected a page number from 1" }]);
      }
      const rows = await figureRows(
        app.db,
        registry,
        tenantId,
        context,
        window,
        figure as ItemFigure,
        Number(pageText),
      );
      return { data: rows };
    },
  );
}
