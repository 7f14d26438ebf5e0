// Which app a page load starts (main.tsx). A visitor without a session on a sign-in page gets the lean guest app
// (React and antd, no Refine, router or declarations): that is the /login first load. Everything else gets the
// full app, which itself sends a signed-in visitor of a sign-in page on (spec §2) and hands a signed-out one back
// to the guest app with a page load (routing/guest-handoff.tsx).
import { loginPathFor } from "../auth/redirect";
import { isPublicPath } from "./public-paths";

/**
 * Routes that always need a session and are known without the route table, so a signed-out visit can go
 * straight to /login?redirect=… instead of loading the full app only to be sent there. Other paths may be
 * unknown (the not-found page is open to all) and only the full app's routes can tell.
 */
export const SESSION_ONLY_PATHS = ["/", "/profile"] as const;

export type StartChoice =
  /** `url`: where the guest app starts instead of the visited URL (replacing it in the history). */
  { app: "guest"; url?: string } | { app: "full" };

function clean(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}

export function chooseStart(pathname: string, search: string, hasSession: boolean): StartChoice {
  if (hasSession) return { app: "full" };
  if (isPublicPath(pathname)) return { app: "guest" };
  if ((SESSION_ONLY_PATHS as readonly string[]).includes(clean(pathname)))
    return { app: "guest", url: loginPathFor(`${pathname}${search}`) };
  return { app: "full" };
}
