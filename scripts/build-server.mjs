// Bundles the reference server (server/main.ts and what it imports from server/ and src/) into two JavaScript files,
// build/server/main.mjs (the entry: one server process or a cluster primary) and serve.mjs (the server), that plain
// Node runs: `npm start` and the benchmark serve from it. Through tsx, Node also
// holds esbuild's loader and every transformed module: about 75 MB more resident memory at start (issue #7).
// Packages stay in node_modules. The declarations, hooks and seeds the server finds by listing its folders are
// bundled through their glob imports (server/resources/declarations.ts etc.); those listings, the migrations and
// anything else located from `import.meta.url` still read this checkout's folders, so each source file's own URL
// is written in its place. The bundle belongs to this checkout: it is rebuilt at each start (~1 s).
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
export const SERVER_BUNDLE = `${root}build/server/main.mjs`;
// Node's flags for the server: V8's young generation kept to 2 MB semi-spaces (16 MB by default). A request's
// garbage is short-lived and small; the larger spaces only held ~40 MB more resident memory (issue #7).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=2"];

const ownUrl = {
  name: "source-import-meta-url",
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      if (path.includes("/node_modules/")) return undefined;
      const source = await readFile(path, "utf8");
      const contents = source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(path).href));
      return { contents, loader: path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};

// main.ts imports the server (serve.ts) only once it knows it is not a cluster primary: it stays a file of its
// own, build/server/serve.mjs, so that a primary loads neither the app nor its packages.
const serveApart = {
  name: "serve-apart",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\/serve$/ }, ({ importer }) =>
      importer.endsWith("/server/main.ts") ? { path: "./serve.mjs", external: true } : undefined,
    );
  },
};

/** Resolves with 0 when built, 1 otherwise (esbuild has printed why). */
export async function buildServer() {
  const started = Date.now();
  try {
    await build({
      entryPoints: [`${root}server/main.ts`, `${root}server/serve.ts`],
      outdir: `${root}build/server`,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      plugins: [ownUrl, serveApart],
      logLevel: "warning",
    });
  } catch {
    return 1;
  }
  console.log(`Server bundled in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await buildServer());
