import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyReply } from "fastify";

// The reference design editor (issue 21), served by this server at /design-editor/ (the default
// VITE_DESIGN_EDITOR_BASE_URL; any subfolder under it is the same page): a static page and its
// script (server/templates/editor/), with Konva's browser build from node_modules. It is no part
// of the app's bundle: only this page loads Konva. A shop points the configuration at its real editor.

// From import.meta.url, which the server bundle rewrites to this file's own (scripts/build-server.mjs).
const EDITOR_DIR = fileURLToPath(new URL("editor", import.meta.url));
const ASSETS: Record<string, { file: () => string; type: string }> = {
  "editor.js": { file: () => path.join(EDITOR_DIR, "editor.js"), type: "text/javascript; charset=utf-8" },
  "nudge.js": { file: () => path.join(EDITOR_DIR, "nudge.js"), type: "text/javascript; charset=utf-8" },
  "konva.js": {
    // Its browser build (a UMD script setting window.Konva), beside the package.json it exports.
    file: () =>
      path.join(path.dirname(createRequire(import.meta.url).resolve("konva/package.json")), "konva.min.js"),
    type: "text/javascript; charset=utf-8",
  },
};

export async function designEditorRoutes(app: FastifyInstance) {
  const hidden = { schema: { hide: true } };
  app.get("/design-editor/_assets/:name", hidden, async (request, reply) => {
    const asset = ASSETS[(request.params as { name: string }).name];
    if (!asset) return reply.code(404).type("text/plain").send("Not found\n");
    return reply
      .type(asset.type)
      .header("cache-control", "public, max-age=300")
      .send(await readFile(asset.file()));
  });
  const page = async (_request: unknown, reply: FastifyReply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(await readFile(path.join(EDITOR_DIR, "index.html")));
  app.get("/design-editor", hidden, page);
  app.get("/design-editor/*", hidden, page);
}
