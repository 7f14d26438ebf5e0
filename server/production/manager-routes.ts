import type { FastifyInstance, FastifyRequest } from "fastify";
import { ITEM_FIGURES, type ItemFigure, type ManagerAnswer } from "../../src/custom/production/manager-logic";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { can } from "../auth/permissions";
import { GenerationCache } from "../db/generation-cache";
import { forbidden, validationFailed } from "../http/errors";
import type { ResourceRegistry } from "../resources/model";
import { figureRows } from "./manager-items";
import { type KindTable, managerContext, managerFigures, managerWindow, tableNames } from "./manager-query";
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
  const context = await managerContext(app.db, registry, tenantId);
  const timeZone = tz ?? (isTimeZone(context.timeZone) ? context.timeZone : "UTC");
  return { tenantId, query, context: { ...context, timeZone }, window: managerWindow(Date.now(), timeZone) };
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

export async function managerRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const tables = tableNames(registry, READ);
  app.get("/production/manager", { onRequest: requireAuth, schema: { hide: true } }, async (request) => {
    const { tenantId, context, window } = await setup(request, app, registry);
    const key = `${tenantId}:${context.timeZone}:${window.today}`;
    const data = await answers.get(app.db, tables, key, () =>
      managerFigures(app.db, registry, tenantId, context, window),
    );
    return { data };
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
