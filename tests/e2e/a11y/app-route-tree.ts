// The app's own route tree, read in Node: src/routes.tsx's appRoutes() (every module's routes, those other
// work adds included), the resource registry and the spec's route table, bundled by esbuild into one module.
// Only the route tree is built, no page renders: packages other than React and react-router become inert
// stand-ins, lazy pages (dynamic imports) are never loaded, CSS is dropped, and Vite's eager import.meta.glob
// (the registry's one use) is written out as the files it names. About half a second.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import type { RouteObject } from "react-router";
import type { RouteRequirement } from "../../../src/access/route-requirements";
import type { Resource } from "../../../src/resource-engine/define";
import type { childRoutesOf, routesOf } from "../../../src/resource-engine/resource-routes";

const ROOT = resolve(import.meta.dirname, "../../..");

/** What the bundle exports (see ENTRY). */
export interface AppRouteData {
  appRoutes: () => RouteObject[];
  RESOURCES: Resource[];
  ROUTE_REQUIREMENTS: Readonly<Record<string, RouteRequirement | null>>;
  PUBLIC_PATHS: readonly string[];
  routesOf: typeof routesOf;
  childRoutesOf: typeof childRoutesOf;
}

const ENTRY = `
export { appRoutes } from "./src/routes";
export { RESOURCES } from "./src/resource-engine/registry";
export { ROUTE_REQUIREMENTS } from "./src/access/route-requirements";
export { PUBLIC_PATHS } from "./src/routing/public-paths";
export { routesOf, childRoutesOf } from "./src/resource-engine/resource-routes";
`;

/** Packages the route tree needs for real: the elements and createRoutesFromElements. */
const REAL = /^(react|react-router)(\/|$)/;

// A stand-in for any other package: every property, call and construction gives the stand-in again, so module
// code that configures a library (styles, themes) runs without it.
const STAND_IN = `
const target = function () {};
const standIn = new Proxy(target, {
  get: (_, key) => (key === "__esModule" ? false : key === Symbol.toPrimitive ? () => "" : standIn),
  apply: () => standIn,
  construct: () => standIn,
});
module.exports = standIn;
`;

// import.meta.glob("../dir/*.ext", { eager: true }) → an object of namespace imports, keyed as Vite keys them.
const GLOB = /import\.meta\.glob(?:<[^>]*>)?\(\s*"([^"]+)"\s*,\s*\{\s*eager:\s*true\s*\}\s*\)/g;

function globToImports(source: string, file: string): string {
  const imports: string[] = [];
  const code = source.replace(GLOB, (_, pattern: string) => {
    const match = /^(.*)\/\*(\.[a-z]+)$/.exec(pattern);
    if (!match) throw new Error(`${file}: import.meta.glob("${pattern}") is not of the form "dir/*.ext"`);
    const [, dir, ext] = match;
    const entries = readdirSync(resolve(dirname(file), dir))
      .filter((name) => name.endsWith(ext))
      .sort()
      .map((name) => {
        const id = `__glob${imports.length}`;
        imports.push(`import * as ${id} from ${JSON.stringify(`${dir}/${name}`)};`);
        return `${JSON.stringify(`${dir}/${name}`)}: ${id}`;
      });
    return `{ ${entries.join(", ")} }`;
  });
  if (code.includes("import.meta.glob"))
    throw new Error(`${file}: an import.meta.glob this reader does not know`);
  return `${imports.join("\n")}\n${code}`;
}

const routeTreeOnly: Plugin = {
  name: "route-tree-only",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "dynamic-import") return { path: args.path, external: true };
      if (args.path.startsWith(".") || args.path.startsWith("/")) return undefined;
      if (REAL.test(args.path)) return { path: args.path, external: true };
      return { path: args.path, namespace: "stand-in" };
    });
    b.onLoad({ filter: /.*/, namespace: "stand-in" }, () => ({ contents: STAND_IN, loader: "js" }));
    b.onLoad({ filter: /\.css$/ }, () => ({ contents: "", loader: "js" }));
    b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.glob")) return undefined;
      return { contents: globToImports(source, args.path), loader: args.path.endsWith("x") ? "tsx" : "ts" };
    });
  },
};

let loaded: Promise<AppRouteData> | undefined;

/** The bundle, built and imported once per worker. */
export function loadAppRouteData(): Promise<AppRouteData> {
  loaded ??= (async () => {
    const result = await build({
      stdin: { contents: ENTRY, resolveDir: ROOT, loader: "ts", sourcefile: "route-entry.ts" },
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      jsx: "automatic",
      logLevel: "error",
      define: { "import.meta.env": "{}" },
      plugins: [routeTreeOnly],
    });
    // Beside the project's node_modules, so that react and react-router resolve as the app's.
    const dir = mkdtempSync(join(ROOT, "node_modules", ".route-tree-"));
    const file = join(dir, "routes.mjs");
    try {
      writeFileSync(file, result.outputFiles[0].text);
      return (await import(pathToFileURL(file).href)) as AppRouteData;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return loaded;
}
