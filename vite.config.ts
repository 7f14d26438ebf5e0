import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Rolldown } from "vite";
import { precompressAssets } from "./scripts/precompress-assets.mjs";
import { prerenderGuestPages } from "./scripts/prerender-guest-pages.mjs";

// The API server the dev server proxies to (npm run dev starts both).
const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

// The guest app (src/guest/, the /login first load) shares React and antd with the full app. Left to Rolldown's
// defaults, what it shares is cut by which of the full app's lazy pages also use each module: some twenty small
// chunks, which compress worse and cost a request each. Instead every module the guest app reaches through static
// imports, outside its own folder, goes into one "guest-shared" chunk; its pages stay in a chunk of their own,
// which the full app never loads. The full app loads guest-shared too: antd's core and the providers it shares,
// which its own pages need anyway. Modules main.tsx reaches statically stay in the entry chunk: were they in
// guest-shared, the entry would import it, and all of antd would load and run before a pre-rendered sign-in
// page's first paint (main.tsx waits for that paint to load the rest).
//
// "Reaches" is read from the import graph, before tree-shaking, so a barrel would count every module behind it:
// guest code imports antd components by path (antd/es/button), and the build stops, naming the importer, when
// the guest graph meets antd's index.
const guestFolder = fileURLToPath(new URL("src/guest/", import.meta.url));
const guestEntry = `${guestFolder}guest-app.tsx`;
const mainEntry = fileURLToPath(new URL("src/main.tsx", import.meta.url));
const BARREL = /[\\/]node_modules[\\/]antd[\\/](es|lib)[\\/]index\.js$/;
// React's DOM renderer and JSX runtime (render-root.tsx uses both); React itself stays with main.tsx.
const REACT_DOM = /[\\/]node_modules[\\/]((react-dom|scheduler)[\\/]|react[\\/](cjs[\\/]react-)?jsx-runtime)/;

type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const reachedByGraph = new WeakMap<Graph, Map<string, Set<string>>>();

/** The modules `entry` reaches through static imports; `onImport` sees each import first. */
function reachedFrom(graph: Graph, entry: string, onImport?: (importer: string, id: string) => void) {
  const known = reachedByGraph.get(graph) ?? new Map<string, Set<string>>();
  reachedByGraph.set(graph, known);
  const cached = known.get(entry);
  if (cached) return cached;
  const reached = new Set([entry]);
  for (const id of reached) {
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
      onImport?.(id, next);
      reached.add(next);
    }
  }
  known.set(entry, reached);
  return reached;
}

function refuseBarrel(importer: string, id: string): void {
  if (BARREL.test(id))
    throw new Error(
      `${importer} imports antd's index, which would put all of antd into the /login first load: ` +
        'import the component by path instead (import Button from "antd/es/button").',
    );
}

function isGuestShared(id: string, graph: Graph): boolean {
  return (
    !id.startsWith(guestFolder) &&
    reachedFrom(graph, guestEntry, refuseBarrel).has(id) &&
    !reachedFrom(graph, mainEntry).has(id)
  );
}

// Libraries that must stay out of the /login first load (and some out of /orders') carry their name in their chunks' file names, so the
// budget test (tests/e2e/first-load-budget.spec.ts) can tell from the URLs the browser fetched.
const TAGGED_LIBRARIES: [string, RegExp][] = [
  ["firebase", /[\\/]node_modules[\\/](@firebase|firebase)[\\/]/],
  ["quill", /[\\/]node_modules[\\/](quill|parchment)[\\/]/],
  ["markdown", /[\\/]node_modules[\\/](react-markdown|micromark[\w-]*)[\\/]/],
];

// Packages that declare no "sideEffects" in their package.json, so the bundler keeps their module-level code even
// when nothing they export is used. @refinedev/antd's one-file build imports react-markdown and remark-gfm (for its
// MarkdownField, which no page uses) and @refinedev/core's imports papaparse (for useImport and useExport, which no
// page uses): without this, 46 KB gzip of Markdown and CSV parsing joined every page's first load. Declared
// here as free of side effects, they are kept only where something of theirs is used.
const PURE_PACKAGES =
  /[\\/]node_modules[\\/](react-markdown|remark-[\w-]+|micromark[\w-]*|mdast-util-[\w-]+|hast-util-[\w-]+|unist-util-[\w-]+|property-information|vfile[\w-]*|unified|papaparse)[\\/]/;

function chunkFileName(chunk: Rolldown.PreRenderedChunk): string {
  const tag = TAGGED_LIBRARIES.find(([, test]) => chunk.moduleIds.some((id) => test.test(id)))?.[0];
  return tag ? `assets/${tag}-[name]-[hash].js` : "assets/[name]-[hash].js";
}

export default defineConfig({
  plugins: [react(), prerenderGuestPages(), precompressAssets()],
  server: { proxy: { "/api": apiTarget } },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: PURE_PACKAGES, sideEffects: false }] },
      output: {
        chunkFileNames: chunkFileName,
        codeSplitting: {
          groups: [
            // React's DOM renderer in a chunk of its own, ahead of guest-shared: main.tsx loads the two side by
            // side, and the browser runs each as it arrives, in two tasks rather than one long one.
            { name: "react-dom", test: REACT_DOM, priority: 1, includeDependenciesRecursively: false },
            {
              debugName: "guest-shared",
              name: (id, graph) => (isGuestShared(id, graph) ? "guest-shared" : null),
              // By default a group takes its modules' imports along, main.tsx's among them. Left out, those stay
              // in the entry chunk, which runs first on every page: guest-shared imports them from there.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
