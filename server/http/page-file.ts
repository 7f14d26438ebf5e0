import { existsSync } from "node:fs";
import path from "node:path";
import { prerenderedFile, prerenderedPathOf } from "../../src/prerender/prerendered-pages";
import { SESSION_COOKIE } from "../../src/providers/session";

// Which file of the built app answers a page request. The sign-in pages have pre-rendered copies (written by the
// build, scripts/prerender-guest-pages.mjs) that paint before the JavaScript arrives. A visitor holding a session
// gets index.html instead: the full app starts and sends them on, and pre-rendered markup would only show a
// sign-in form they do not need for that moment. (The cookie is SameSite=Strict, so a link followed from another
// site arrives without it; the app then replaces the pre-rendered markup, see main.tsx.)

function hasSession(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => {
    const [name, ...value] = part.split("=");
    return name.trim() === SESSION_COOKIE && value.join("=").trim() !== "";
  });
}

/** The file (relative to the build folder) that answers a page GET of `url`. */
export function pageFileFor(staticDir: string, url: string, cookieHeader: string | undefined): string {
  const page = prerenderedPathOf(url);
  if (!page || hasSession(cookieHeader)) return "index.html";
  const file = prerenderedFile(page);
  // Read at each request, not at start: a build may run while the server does (npm start rebuilds first, but
  // a build without a configuration has no pre-rendered pages at all).
  return existsSync(path.join(staticDir, file)) ? file : "index.html";
}
