import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES } from "./errors";

// The built app is served from the same port as the API. Vite puts content-hashed
// files under assets/, so those may be cached forever; index.html names them and
// must be revalidated on every visit, or a deploy would not reach open browsers.

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

export const isApiPath = (url: string) =>
  url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/** Registers the static files when the folder holds a built app; answers whether it did. */
export function registerSpa(app: FastifyInstance, staticDir: string | undefined): boolean {
  if (!staticDir || !existsSync(path.join(staticDir, "index.html"))) return false;
  app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const relative = path.relative(staticDir, filePath).split(path.sep);
      res.header("cache-control", relative[0] === "assets" ? IMMUTABLE : REVALIDATE);
    },
  });
  return true;
}

/**
 * Unknown paths: JSON 404 for the API and for missing hashed assets (a stale page
 * asking for a removed chunk should fail loudly, not receive HTML); the app's
 * index.html for every other GET, so client-side routes survive a reload.
 */
export function notFoundHandler(spaEnabled: boolean) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (spaEnabled && wantsPage && !isApiPath(url) && !url.startsWith("/assets/")) {
      return reply
        .header("cache-control", REVALIDATE)
        .type("text/html; charset=utf-8")
        .sendFile("index.html");
    }
    return reply.code(404).send({ message: MESSAGES.notFound });
  };
}
