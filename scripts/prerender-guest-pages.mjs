// Vite plugin: after the app's build, writes one HTML file per sign-in page beside index.html, holding the page's
// markup and antd styles, so the browser paints /login before the JavaScript arrives (issue #7; the pages, the
// render and the HTML are src/prerender/). The render runs in Node from a bundle of src/prerender/prerender-entry.ts
// made by a second, server-side Vite build with the app's mode and environment, so it shows what the browser
// would. Plain JavaScript like the other scripts here: Vite loads its configuration's imports as they are.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const ENTRY = fileURLToPath(new URL("../src/prerender/prerender-entry.ts", import.meta.url));
// Inside the project, so the bundle's imports of React resolve from node_modules.
const CACHE_DIR = fileURLToPath(new URL("../node_modules/.cache/prerender/", import.meta.url));
const BUNDLE = "prerender-entry.mjs";

/** @param {string | Uint8Array} source */
const text = (source) => (typeof source === "string" ? source : new TextDecoder().decode(source));

/**
 * Bundles the renderer for Node into a folder of its own and loads it; `done` removes the folder.
 * @param {import("vite").ResolvedConfig} config
 */
async function loadRenderer(config) {
  await mkdir(CACHE_DIR, { recursive: true });
  const outDir = await mkdtemp(CACHE_DIR);
  const done = () => rm(outDir, { recursive: true, force: true });
  try {
    await build({
      configFile: false,
      root: config.root,
      mode: config.mode,
      envDir: config.envDir,
      logLevel: "warn",
      plugins: [react()],
      // antd names its style classes by NODE_ENV (css-dev-only-… outside production): the app's value.
      define: { "process.env.NODE_ENV": JSON.stringify(config.isProduction ? "production" : "development") },
      // antd and its helpers ship ES modules Node cannot load as they are: bundled. React stays Node's own;
      // Firebase is only imported by a sign-in, never during a render.
      ssr: { noExternal: true, external: ["react", "react-dom", "firebase"] },
      build: {
        ssr: ENTRY,
        outDir,
        emptyOutDir: true,
        minify: false,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: BUNDLE } },
      },
    });
    /** @type {typeof import("../src/prerender/prerender-entry")} */
    const module = await import(pathToFileURL(join(outDir, BUNDLE)).href);
    return { prerenderPages: module.prerenderPages, appStylesheet: module.appStylesheet, done };
  } catch (error) {
    await done();
    throw error;
  }
}

/**
 * Writes the full app's antd stylesheet (src/prerender/app-styles.tsx) as a hashed asset and links it first in
 * the built index.html, ahead of the app's own stylesheet, which wins over it at equal specificity as it does over
 * the styles antd inserts at run time. The pre-rendered sign-in pages, made from index.html before this, carry
 * their own styles instead.
 * @param {string} outDir
 * @param {string} base
 * @param {string} css
 */
async function linkAppStyles(outDir, base, css) {
  const file = `assets/antd-${createHash("sha256").update(css).digest("base64url").slice(0, 8)}.css`;
  await writeFile(join(outDir, file), css);
  const indexFile = join(outDir, "index.html");
  const html = await readFile(indexFile, "utf8");
  const TITLE_END = "</title>";
  if (html.split(TITLE_END).length !== 2) throw new Error(`index.html must hold one ${TITLE_END}`);
  await writeFile(
    indexFile,
    html.replace(TITLE_END, `${TITLE_END}\n    <link rel="stylesheet" href="${base}${file}">`),
  );
}

/** @returns {import("vite").Plugin} */
export function prerenderGuestPages() {
  /** @type {import("vite").ResolvedConfig} */
  let config;
  return {
    name: "pressroom:prerender-guest-pages",
    apply: (userConfig, { command }) => command === "build" && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      const index = bundle["index.html"];
      const outDir = output.dir;
      if (!outDir || index?.type !== "asset") return;
      const started = performance.now();
      const { prerenderPages, appStylesheet, done } = await loadRenderer(config);
      let pages;
      let appStyles;
      try {
        appStyles = appStylesheet(config.env);
        // Asset file names in the bundle are relative to the base URL the page's links start with.
        /** @param {string} href */
        const stylesheetText = (href) => {
          const asset = href.endsWith(".css") ? bundle[href.slice(config.base.length)] : undefined;
          return asset?.type === "asset" ? text(asset.source) : undefined;
        };
        pages = prerenderPages(text(index.source), config.env, stylesheetText);
      } finally {
        await done();
      }
      if (!pages) {
        config.logger.warn("Sign-in pages not pre-rendered: the configuration is incomplete.");
        return;
      }
      await Promise.all(pages.map(({ file, html }) => writeFile(join(outDir, file), html)));
      if (appStyles) await linkAppStyles(outDir, config.base, appStyles);
      config.logger.info(
        `Pre-rendered ${pages.length} sign-in pages in ${Math.round(performance.now() - started)} ms.`,
      );
    },
  };
}
