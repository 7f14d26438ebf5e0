import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { boardOfType, type OperatorAction } from "../../src/custom/production/boards";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { can } from "../auth/permissions";
import { forbidden, notFound, validationFailed } from "../http/errors";
import type { ResourceRegistry } from "../resources/model";
import { toRecord } from "../resources/records";
import { boardCards, boardContext, stationTypeOf } from "./board-query";
import { runAction } from "./run-actions";

// The station boards' server (issue 18):
//   POST /runs/{id}/actions/{claim|start|pause|complete|hold|release|move}   an operator's action
//   GET  /production/boards/{type}?station_id=&facility_id=                  a board's cards
//   GET  /runs/{id}/floor                                                    one run as its card (run page)
// Run Tasks gates every action, UpdateEndStatus completing too (spec §6); a board needs what its
// declaration names (boards.ts guard: ProductionStation's read action of its type, ReadPress …;
// the digital queues of /prepress, Order ReadAny). Tenant-scoped throughout.

const ACTIONS = ["claim", "start", "pause", "complete", "hold", "release", "move"] as const;

const quantity = z.number().int().min(0).max(10_000_000);
const bodySchema = z
  .object({
    version: z.number().int().min(1).optional(),
    reason: z.string().trim().max(500).optional(),
    good_quantity: quantity.optional(),
    waste: quantity.optional(),
  })
  .strict();

function parseBody(action: OperatorAction, raw: unknown) {
  const parsed = bodySchema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw validationFailed(
      parsed.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message })),
    );
  }
  const body = parsed.data;
  if ((action === "pause" || action === "hold") && !body.reason) {
    throw validationFailed([
      { field: "reason", message: `Say why the run is put on ${action === "hold" ? "hold" : "pause"}` },
    ]);
  }
  if (action === "complete" && body.good_quantity === undefined) {
    throw validationFailed([{ field: "good_quantity", message: "Enter the good quantity produced" }]);
  }
  return body;
}

function idOf(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
}

const optionalId = (raw: unknown, field: string): number | undefined => {
  if (raw === undefined || raw === "") return undefined;
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw)) {
    throw validationFailed([{ field, message: "Must be a record id" }]);
  }
  return Number(raw);
};

export async function productionRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  app.post(
    "/runs/:id/actions/:action",
    { onRequest: requireAuth, schema: { hide: true } },
    async (request: FastifyRequest) => {
      const { id, action } = request.params as { id: string; action: string };
      if (!(ACTIONS as readonly string[]).includes(action)) throw notFound();
      const act = action as OperatorAction;
      const grants = await requestGrants(request);
      const needs = act === "complete" ? ["Tasks", "UpdateEndStatus"] : ["Tasks"];
      if (!can(grants, "Run", ...needs)) throw forbidden();
      const body = parseBody(act, request.body);
      const auth = getAuth(request);
      const runId = idOf(id);
      const { model, row } = await app.db.transaction((tx) =>
        runAction(tx, registry, { tenantId: auth.tenantId, userId: auth.user.id }, runId, act, body),
      );
      return { data: toRecord(model, row) };
    },
  );

  app.get("/production/boards/:type", { onRequest: requireAuth, schema: { hide: true } }, async (request) => {
    const { type } = request.params as { type: string };
    const board = boardOfType(type);
    if (!board) throw notFound();
    if (!can(await requestGrants(request), board.guard.kind, board.guard.action)) throw forbidden();
    const query = request.query as Record<string, unknown>;
    const filters = {
      stationId: optionalId(query.station_id, "station_id"),
      facilityId: optionalId(query.facility_id, "facility_id"),
    };
    const auth = getAuth(request);
    const [cards, context] = await Promise.all([
      boardCards(app.db, registry, auth.tenantId, board.type, filters),
      boardContext(app.db, registry, auth.tenantId, board.type),
    ]);
    // One object under data: Refine's custom() hands the page `data` alone.
    return { data: { cards, ...context } };
  });

  // The run page's card and its board's context (the actions it offers), for Run Read: the run
  // page is the run's, whichever board it stands on.
  app.get("/runs/:id/floor", { onRequest: requireAuth, schema: { hide: true } }, async (request) => {
    if (!can(await requestGrants(request), "Run", "Read")) throw forbidden();
    const runId = idOf((request.params as { id: string }).id);
    const auth = getAuth(request);
    const [card] = await boardCards(app.db, registry, auth.tenantId, null, { runId });
    const type = card ? await stationTypeOf(app.db, registry, auth.tenantId, card.station_id) : null;
    const board = type ? boardOfType(type) : undefined;
    const context = await boardContext(app.db, registry, auth.tenantId, board?.type ?? null);
    return { data: { card: card ?? null, board: board?.type ?? null, ...context } };
  });
}
