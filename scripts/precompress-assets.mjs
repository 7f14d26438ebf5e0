// The build step writing a Brotli and a gzip copy beside each text file of the built app (x.js.br, x.js.gz), which
// the server sends as they are (@fastify/static's preCompressed, server/http/spa.ts). Compressed per request
// instead, the ~3 MB of a cold first load cost CPU at each visit, and the compressors' buffers stayed in the
// server's resident memory (+35 MB after ten rounds of every asset, issue #7).
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const TEXT = new Set([".js", ".css", ".html", ".svg", ".json", ".txt", ".webmanifest"]);
/** Smaller files gain nothing worth a second lookup. */
export const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes the .br and .gz copies of the text files under `dir`; answers how many files it compressed. */
export async function precompress(dir) {
  const work = [];
  for await (const path of files(dir)) {
    if (!TEXT.has(extname(path)) || (await stat(path)).size < MIN_BYTES) continue;
    work.push(
      readFile(path).then((source) =>
        Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }).then((out) => writeFile(`${path}.br`, out)),
          gzipped(source, { level: 9 }).then((out) => writeFile(`${path}.gz`, out)),
        ]),
      ),
    );
  }
  await Promise.all(work);
  return work.length;
}

/** @returns {import("vite").Plugin} */
export function precompressAssets() {
  let outDir = "dist";
  let logger;
  return {
    name: "pressroom:precompress-assets",
    apply: (userConfig, { command }) => command === "build" && !userConfig.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
      logger = config.logger;
    },
    // After every writeBundle (the pre-rendered pages are written there).
    async closeBundle() {
      const started = performance.now();
      const count = await precompress(outDir);
      logger?.info(
        `Compressed ${count} files (Brotli, gzip) in ${Math.round(performance.now() - started)} ms.`,
      );
    },
  };
}
