import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { prerenderedPathOf } from "../../src/prerender/prerendered-pages";
import { MESSAGES } from "./errors";
import { pageFileFor } from "./page-file";

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
    // The build's .br and .gz copies (scripts/precompress-assets.mjs), sent as they are: nothing compressed per
    // request. A file without them is sent plain; @fastify/compress leaves an encoded answer alone.
    preCompressed: true,
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
 * index.html for every other GET, so client-side routes survive a reload, or the
 * pre-rendered copy of a sign-in page (page-file.ts).
 */
export function notFoundHandler(spaEnabled: boolean, staticDir?: string) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (spaEnabled && wantsPage && !isApiPath(url) && !url.startsWith("/assets/")) {
      const file = staticDir ? pageFileFor(staticDir, url, request.headers.cookie) : "index.html";
      // A sign-in page's answer depends on the session cookie.
      if (staticDir && prerenderedPathOf(url)) reply.header("vary", "cookie");
      return reply.header("cache-control", REVALIDATE).type("text/html; charset=utf-8").sendFile(file);
    }
    return reply.code(404).send({ message: MESSAGES.notFound });
  };
}
