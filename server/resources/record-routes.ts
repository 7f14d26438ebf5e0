import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { z } from "zod";
import { errorAnswers } from "../auth/schemas";
import { notFound } from "../http/errors";
import type { ChangeLogAnswer } from "./change-logs";
import { changeLogSchema, idParamsSchema, metaSchema, pagingQuerySchema } from "./openapi";
import { type Paging, pagingOnly } from "./query-language";
import { INT_MAX } from "./validators";

// The routes every kind of records has under /api/v1/{path} (api-contract.md, "Resources"),
// registered here for the engine's declared kinds (routes.ts) and the administration's (roles,
// user groups, users: server/admin/admin-kinds.ts) alike:
//   GET {path}                   list → { data, meta }, and the total in x-total-count
//   GET {path}/{id}              one record
//   POST {path}                  create → 201
//   PATCH {path}/{id}            update with the version read → 200, a stale one → 409
//   DELETE {path}/{id}           → { data: { id } }
//   GET {path}/{id}/change-logs  the record's history, newest first
// What a kind does in each step is its RecordKind's. The session and the permission are checked
// in onRequest, before the body is read: a caller without the permission gets a 403 whatever they
// send. A path id that is not a record id (digits in the id range) is no record: 404.

export type RecordVerb = "Read" | "Create" | "Update" | "Delete";

/** An answer of the read routes as the JSON text to send (the engine keeps it: answer-cache.ts). */
export interface ListText {
  body: string;
  total: number;
}

export interface RecordKind {
  /** "vendor category" / "vendor categories": the words of the OpenAPI summaries. */
  singular: string;
  plural: string;
  /** The OpenAPI tag. */
  tag: string;
  /** onRequest of a verb's routes: the session, then the permission. */
  allow(verb: RecordVerb): onRequestHookHandler[];
  schemas: { record: z.ZodType; listQuery: z.ZodType; create?: z.ZodType; update?: z.ZodType };
  /** What refuses a write, for the OpenAPI document. */
  notes?: { update?: string; delete?: string; changeLogs?: string };
  /** One page of the list: { data, meta } as JSON text, and the total. */
  list(request: FastifyRequest): Promise<ListText>;
  /** One record: { data } as JSON text; 404 when the caller cannot see it. */
  read(request: FastifyRequest, id: number): Promise<string>;
  /** The created record (no route without it: users are invited, server/admin/invitations.ts). */
  create?(request: FastifyRequest): Promise<unknown>;
  update(request: FastifyRequest, id: number): Promise<unknown>;
  remove(request: FastifyRequest, id: number): Promise<void>;
  changeLogs(
    request: FastifyRequest,
    id: number,
    paging: Paging,
  ): Promise<{ rows: ChangeLogAnswer[]; total: number }>;
}

/** A path id: digits within the id range, anything else is no record (404). */
export function recordId(raw: unknown): number {
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id < 1 || id > INT_MAX) throw notFound();
  return id;
}

const idOf = (request: FastifyRequest) => recordId((request.params as { id?: unknown }).id);

/** The read routes send JSON text they built (or kept) themselves. */
export const JSON_TYPE = "application/json; charset=utf-8";
const sendJson = (reply: FastifyReply, body: string) => reply.type(JSON_TYPE).send(body);

/** The security of every route behind the session (OpenAPI). */
export const BEARER = [{ bearer: [] }];

export function recordRoutes(app: FastifyInstance, kind: RecordKind): void {
  const { singular, plural } = kind;
  const tags = [kind.tag];
  const security = BEARER;
  const one = z.object({ data: kind.schemas.record });

  // "" rather than "/": the contract's path is /api/v1/{path}, without a trailing slash.
  app.get(
    "",
    {
      onRequest: kind.allow("Read"),
      schema: {
        summary: `List ${plural}`,
        tags,
        security,
        querystring: kind.schemas.listQuery,
        response: {
          200: z.object({ data: z.array(kind.schemas.record), meta: metaSchema }),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { body, total } = await kind.list(request);
      // The stock @refinedev/simple-rest provider reads the total from this header (api-contract.md).
      return sendJson(reply.header("x-total-count", String(total)), body);
    },
  );

  app.get(
    "/:id",
    {
      onRequest: kind.allow("Read"),
      schema: {
        summary: `One ${singular}`,
        tags,
        security,
        params: idParamsSchema,
        response: { 200: one, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => sendJson(reply, await kind.read(request, idOf(request))),
  );

  const create = kind.create;
  if (create) {
    app.post(
      "",
      {
        onRequest: kind.allow("Create"),
        schema: {
          summary: `Create a ${singular}`,
          tags,
          security,
          body: kind.schemas.create,
          response: { 201: one, ...errorAnswers(400, 401, 403, 409) },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await create(request) }),
    );
  }

  app.patch(
    "/:id",
    {
      onRequest: kind.allow("Update"),
      schema: {
        summary: `Change a ${singular}`,
        description: [
          "Send the changed fields and the version you read; a stale version is a 409.",
          kind.notes?.update,
        ]
          .filter(Boolean)
          .join(" "),
        tags,
        security,
        params: idParamsSchema,
        body: kind.schemas.update,
        response: { 200: one, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await kind.update(request, idOf(request)) }),
  );

  app.delete(
    "/:id",
    {
      onRequest: kind.allow("Delete"),
      schema: {
        summary: `Delete a ${singular}`,
        description: kind.notes?.delete,
        tags,
        security,
        params: idParamsSchema,
        response: {
          200: z.object({ data: z.object({ id: z.number().int() }) }),
          ...errorAnswers(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const id = idOf(request);
      await kind.remove(request, id);
      return { data: { id } };
    },
  );

  app.get(
    "/:id/change-logs",
    {
      onRequest: kind.allow("Read"),
      schema: {
        summary: `The change history of a ${singular}`,
        description: ["Newest first.", kind.notes?.changeLogs].filter(Boolean).join(" "),
        tags,
        security,
        params: idParamsSchema,
        querystring: pagingQuerySchema,
        response: {
          200: z.object({ data: z.array(changeLogSchema), meta: metaSchema }),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = idOf(request);
      const paging = pagingOnly(request.query);
      const { rows, total } = await kind.changeLogs(request, id, paging);
      return { data: rows, meta: { ...paging, total } };
    },
  );
}
