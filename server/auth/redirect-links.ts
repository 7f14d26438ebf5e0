import type { Config } from "../config";
import { isAppOrigin } from "../http/app-origins";

// A reset link carries a live token to whatever address the request names, so
// only this server's app origins may be named.

export function isAllowedAppLink(config: Config, link: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return isAppOrigin(config, url.origin);
}

/** `base?token=…`, keeping any query the base already has. */
export function linkWithToken(base: string, token: string): string {
  const url = new URL(base);
  url.searchParams.set("token", token);
  return url.toString();
}
