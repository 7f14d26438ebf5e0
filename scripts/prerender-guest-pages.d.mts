import type { Plugin } from "vite";

/** The build step writing the sign-in pages' pre-rendered HTML (prerender-guest-pages.mjs). */
export function prerenderGuestPages(): Plugin;
