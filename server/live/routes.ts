import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { bearerToken, getAuth, requireAuth } from "../auth/authenticate";
import { loadGrants } from "../auth/permissions";
import { errorAnswers } from "../auth/schemas";
import { liveSession } from "../auth/sessions";
import type { DatabaseHandle } from "../db/open";
import type { ResourceRegistry } from "../resources/model";
import { LiveHub } from "./hub";
import { LiveStream, type StreamAccess } from "./stream";

// GET /api/v1/events: the caller's live updates as Server-Sent Events (hub.ts, stream.ts).
// The token comes in the Authorization header like every other route (a fetch-based client),
// never in the URL. A comment every HEARTBEAT_MS keeps proxies from closing a quiet stream.

export const HEARTBEAT_MS = 20_000;
/** Client reconnect delay the stream asks for (the SSE `retry:` field). */
const RETRY_MS = 3_000;

export interface LiveRoutesOptions {
  database: DatabaseHandle;
  registry: ResourceRegistry;
  heartbeatMs?: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** This process's live-updates hub (server/live/hub.ts). */
    live: LiveHub;
  }
}

const changeSchema = z.object({
  path: z.string().describe("The kind's path, as in its routes (orders)"),
  id: z.number().int(),
  action: z.enum(["created", "updated", "deleted"]),
  version: z.number().int().nullable().describe("The version after the write; null once deleted"),
  fields: z
    .array(z.string())
    .nullable()
    .describe("The changed fields (a child collection by its name); null: many"),
});

const DESCRIPTION = [
  "Server-Sent Events of the record changes the caller may read: their tenant, kinds they hold",
  "Read of (ReadOwn: their own records only). Each `event: change` has an `id` and as data",
  "`{ path, id, action, version, fields }`. Send `Last-Event-ID` to resume after a reconnect:",
  "the events since are replayed, or, when that id is no longer known, one `event: reset`",
  "tells the client to refetch what it shows. Comment lines are heartbeats.",
  `Example data: ${JSON.stringify({ path: "orders", id: 12, action: "updated", version: 4, fields: ["status_id"] })}`,
].join(" ");

export async function liveRoutes(app: FastifyInstance, options: LiveRoutesOptions): Promise<void> {
  const hub = new LiveHub(options.database, options.registry, app.log);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<LiveStream>();
  app.decorate("live", hub);
  // Open streams would hold close() up: end them first.
  app.addHook("preClose", async () => {
    for (const stream of open) stream.close();
  });
  app.addHook("onClose", async () => hub.close());

  app.get(
    "/events",
    {
      onRequest: requireAuth,
      // Compression would hold events back until a block fills.
      compress: false,
      schema: {
        summary: "Live updates of records (Server-Sent Events)",
        description: DESCRIPTION,
        tags: ["live updates"],
        security: [{ bearer: [] }],
        response: {
          200: {
            description: "An event stream (text/event-stream); each change event's data is a LiveChange",
            content: { "text/event-stream": { schema: changeSchema } },
          },
          ...errorAnswers(401),
        },
      },
    },
    async (request, reply) => {
      const auth = getAuth(request);
      const token = bearerToken(request) as string;
      const { db, config } = request.server;
      // Asked for every event: the session and grants caches answer it (exact on both stores,
      // generation-cache.ts), so a logout or a withdrawn Read stops the stream at its next event.
      const access = async (): Promise<StreamAccess | null> => {
        const session = await liveSession(db, token, config.sessionTtlHours);
        const current =
          session && session.sessionId === auth.sessionId
            ? { userId: session.user.id, grants: await loadGrants(db, session.user.id, session.tenantId) }
            : null;
        return current;
      };
      await hub.start();

      const body = new PassThrough();
      const stream = new LiveStream(
        auth.tenantId,
        options.registry,
        {
          write: (text) => body.write(text),
          pending: () => body.writableLength,
          end: () => body.end(),
        },
        access,
      );
      open.add(stream);
      const unsubscribe = hub.subscribe(stream);
      const heartbeat = setInterval(() => stream.heartbeat(), heartbeatMs);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        stream.close();
      };
      request.raw.on("close", stop);
      body.on("close", stop);

      stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const header = request.headers["last-event-id"];
      if (header !== undefined) {
        const lastId = lastEventId(header);
        const missed = lastId === undefined ? null : hub.since(auth.tenantId, lastId);
        if (missed) stream.replay(missed);
        else stream.reset("unknown-last-event-id", hub.latest(auth.tenantId));
      }

      reply
        .type("text/event-stream; charset=utf-8")
        .header("cache-control", "no-store")
        // nginx and similar proxies: pass each event on at once.
        .header("x-accel-buffering", "no");
      return reply.send(body);
    },
  );
}

function lastEventId(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (!text || !/^\d{1,15}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
