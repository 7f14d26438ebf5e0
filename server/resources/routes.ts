import type { FastifyInstance } from "fastify";
import { boundsRoute } from "./bounds";
import { allow } from "./caller-scope";
import { childChangeLogRoute } from "./child-change-log-route";
import { createDefaultsRoute } from "./create-defaults";
import { createRecord } from "./create-record";
import { deleteRecord } from "./delete-record";
import { exportRoute } from "./export-route";
import { fillSourcesRoute } from "./fill-sources";
import type { KindContext } from "./kind-context";
import { lookupRoute } from "./lookups";
import type { ResourceRegistry } from "./model";
import { resourceSchemas } from "./openapi";
import { readChangeLogs, readList, readRecord } from "./read-records";
import { recordRoutes } from "./record-routes";
import { toRecord } from "./records";
import { updateRecord } from "./update-record";
import { checkWriteReferences, validateCreate, validateUpdate } from "./write-input";

// The routes of every declared kind, under /api/v1/{path}: the contract's six (record-routes.ts,
// which the administration's kinds share), the CSV export, a collection's rows' own change logs,
// and the form helpers (defaults, fills, bounds, look-ups). Each route reads as its steps, in order:
//   read      read-records.ts (a list page, one record, a record's history)
//   validate  write-input.ts (the body against the declaration, the owner rule)
//   check references  write-input.ts (the tenant's records, the right statuses, dependent references)
//   write     create-record.ts, update-record.ts, delete-record.ts (the row, its child rows, its
//             change log and the kind's hooks, in one transaction)
//   answer    records.ts (the contract's record, child collections nested in single-record answers)
// Who may do what, and which of the tenant's records they see, is caller-scope.ts's. Routes a kind
// adds of its own are its hooks file's (hooks.ts: `routes`).

export interface ResourceRoutesOptions {
  registry: ResourceRegistry;
}

/** The per-route compilers: bodies and queries are checked by the steps (one error per field). */
const passThrough = () => (data: unknown) => ({ value: data });
const stringify = () => (data: unknown) => JSON.stringify(data);

export async function resourceRoutes(
  app: FastifyInstance,
  { registry }: ResourceRoutesOptions,
): Promise<void> {
  for (const model of registry.models) {
    await app.register(
      async (scope) => {
        scope.setValidatorCompiler(passThrough);
        scope.setSerializerCompiler(stringify);
        if (model.hooks.routes) await model.hooks.routes(scope, model);
        createDefaultsRoute(scope, registry, model);
        fillSourcesRoute(scope, registry, model);
        boundsRoute(scope, model);
        kindRoutes({ app: scope, registry, model });
        lookupRoute(scope, registry, model);
      },
      { prefix: `/${model.resource.path}` },
    );
  }
}

function kindRoutes(ctx: KindContext): void {
  const { model } = ctx;
  recordRoutes(ctx.app, {
    singular: model.singular,
    plural: model.plural,
    tag: model.resource.label,
    allow: (verb) => allow(model, verb),
    schemas: resourceSchemas(model),
    notes: {
      delete: "Refused (409) while other records still reference it.",
      changeLogs: "Kept after the record is deleted.",
    },
    list: (request) => readList(ctx, request),
    read: (request, id) => readRecord(ctx, request, id),
    async create(request) {
      const input = validateCreate(model, request);
      await checkWriteReferences(ctx, request, input, "create");
      const { row, children, secrets } = await createRecord(ctx, request, input);
      return toRecord(model, row, { children, secrets });
    },
    async update(request, id) {
      const input = validateUpdate(model, request);
      await checkWriteReferences(ctx, request, input, "update");
      const { row, children } = await updateRecord(ctx, request, id, input);
      return toRecord(model, row, { children });
    },
    remove: (request, id) => deleteRecord(ctx, request, id),
    changeLogs: (request, id, paging) => readChangeLogs(ctx, request, id, paging),
  });
  exportRoute(ctx);
  for (const child of model.children.filter((c) => c.collection.ownChangeLog)) {
    childChangeLogRoute(ctx, child);
  }
}
