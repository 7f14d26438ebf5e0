import type { Plugin } from "vite";

export const MIN_BYTES: number;
/** Writes the .br and .gz copies of the text files under `dir`; answers how many files it compressed. */
export function precompress(dir: string): Promise<number>;
/** The build step writing those copies of the built app (precompress-assets.mjs). */
export function precompressAssets(): Plugin;
