// The guest pages whose HTML the build pre-renders (scripts/prerender-guest-pages.mjs), so the browser paints the
// sign-in form before the JavaScript arrives; the server answers their paths with these files (server/http/spa.ts).
import { PUBLIC_PATHS } from "../routing/public-paths";

export type PrerenderedPath = (typeof PUBLIC_PATHS)[number];

/**
 * The URL each page is rendered at. The invitation and reset pages are rendered as opened from their email, with
 * a token (the value is never shown): that is how they are visited, so the markup matches what the app shows
 * then, and only a link without a token changes the page (its warning) once the app runs.
 */
export const PRERENDER_URLS: Record<PrerenderedPath, string> = {
  "/login": "/login",
  "/register": "/register?token=prerendered",
  "/forgot-password": "/forgot-password",
  "/reset-password": "/reset-password?token=prerendered",
};

export const PRERENDERED_PATHS = PUBLIC_PATHS;

/** The file of a page in the build folder: /login → login.html. */
export function prerenderedFile(path: PrerenderedPath): string {
  return `${path.slice(1)}.html`;
}

/** The pre-rendered page of a requested path (query and trailing slashes ignored), if it is one. */
export function prerenderedPathOf(url: string): PrerenderedPath | undefined {
  const pathname = url.split(/[?#]/, 1)[0].replace(/\/+$/, "") || "/";
  return (PRERENDERED_PATHS as readonly string[]).includes(pathname)
    ? (pathname as PrerenderedPath)
    : undefined;
}
