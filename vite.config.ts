import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Rolldown } from "vite";
import { prerenderGuestPages } from "./scripts/prerender-guest-pages.mjs";

// The API server the dev server proxies to (npm run dev starts both).
const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

// The guest app (src/guest/, the /login first load) shares React and antd with the full app. Left to Rolldown's
// defaults, what it shares is cut by which of the full app's lazy pages also use each module: some twenty small
// chunks, which compress worse and cost a request each. Instead every module the guest app reaches through static
// imports, outside its own folder, goes into one "guest-shared" chunk; its pages stay in a chunk of their own,
// which the full app never loads. The full app loads guest-shared too: antd's core and the providers it shares,
// which its own pages need anyway.
//
// "Reaches" is read from the import graph, before tree-shaking, so a barrel would count every module behind it:
// guest code imports antd components by path (antd/es/button), and the build stops, naming the importer, when
// the guest graph meets antd's index.
const guestFolder = fileURLToPath(new URL("src/guest/", import.meta.url));
const guestEntry = `${guestFolder}guest-app.tsx`;
const BARREL = /[\\/]node_modules[\\/]antd[\\/](es|lib)[\\/]index\.js$/;

type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const reachedByGraph = new WeakMap<Graph, Set<string>>();

function reachedFromGuest(graph: Graph): Set<string> {
  const known = reachedByGraph.get(graph);
  if (known) return known;
  const reached = new Set([guestEntry]);
  for (const id of reached) {
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (BARREL.test(next))
        throw new Error(
          `${id} imports antd's index, which would put all of antd into the /login first load: ` +
            'import the component by path instead (import Button from "antd/es/button").',
        );
      reached.add(next);
    }
  }
  reachedByGraph.set(graph, reached);
  return reached;
}

// Libraries that must stay out of the /login first load carry their name in their chunks' file names, so the
// budget test (tests/e2e/first-load-budget.spec.ts) can tell from the URLs the browser fetched.
const TAGGED_LIBRARIES: [string, RegExp][] = [
  ["firebase", /[\\/]node_modules[\\/](@firebase|firebase)[\\/]/],
  ["quill", /[\\/]node_modules[\\/](quill|parchment)[\\/]/],
];

function chunkFileName(chunk: Rolldown.PreRenderedChunk): string {
  const tag = TAGGED_LIBRARIES.find(([, test]) => chunk.moduleIds.some((id) => test.test(id)))?.[0];
  return tag ? `assets/${tag}-[name]-[hash].js` : "assets/[name]-[hash].js";
}

export default defineConfig({
  plugins: [react(), prerenderGuestPages()],
  server: { proxy: { "/api": apiTarget } },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        codeSplitting: {
          groups: [
            {
              debugName: "guest-shared",
              name: (id, graph) =>
                !id.startsWith(guestFolder) && reachedFromGuest(graph).has(id) ? "guest-shared" : null,
            },
          ],
        },
      },
    },
  },
});
