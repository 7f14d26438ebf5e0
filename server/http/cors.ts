import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { isAppOrigin } from "./app-origins";
import { isApiPath } from "./spa";

// The app may call the API at an absolute address on another origin (a Vite dev
// server pointing VITE_API_BASE_URL at this port). Credentials travel in the
// Authorization header, never cookies, so allowing the app's origins is enough.

export function registerCors(app: FastifyInstance, config: Config): void {
  app.addHook("onRequest", async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !isApiPath(request.url) || !isAppOrigin(config, origin)) return;
    reply.header("access-control-allow-origin", origin);
    reply.header("vary", "Origin");
    // x-total-count: the stock @refinedev/simple-rest provider reads a list's total from it.
    reply.header("access-control-expose-headers", "Retry-After, x-total-count");
    if (request.method === "OPTIONS" && request.headers["access-control-request-method"]) {
      return reply
        .code(204)
        .header("access-control-allow-methods", "GET, POST, PUT, PATCH, DELETE")
        .header("access-control-allow-headers", "Authorization, Content-Type")
        .header("access-control-max-age", "600")
        .send();
    }
  });
}
