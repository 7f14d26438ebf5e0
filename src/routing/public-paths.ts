// Spec §2: the routes usable without a session. Kept apart from routes.tsx so the http client
// can ask "is this page public?" without importing any page.

export const PUBLIC_PATHS = ["/login", "/register", "/forgot-password", "/reset-password"] as const;

export function isPublicPath(pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, "") || "/";
  return (PUBLIC_PATHS as readonly string[]).includes(clean);
}
