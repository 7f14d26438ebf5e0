// The sign-in pages inside the full app (spec §2). They belong to the guest app (src/guest/), so here a
// signed-in visitor goes on to the `redirect` query value if it is safe, else "/", and anyone else (after
// logout, a 401, a stored session that turned out invalid) gets a page load of the same URL, for which
// main.tsx starts the guest app.
import { useIsAuthenticated } from "@refinedev/core";
import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { afterPublicVisit } from "../auth/redirect";
import { PageSpinner } from "../components/page-spinner";
import { clearSession, getSessionToken } from "../providers/session";
import { replacePage } from "./page-load";

export function GuestHandoff() {
  const { pathname, search } = useLocation();
  // The cookie first: right after logout the cached check may still say "signed in".
  const hasSession = getSessionToken() !== undefined;
  const { data, isLoading } = useIsAuthenticated();
  const signedIn = hasSession && data?.authenticated === true;
  const signedOut = !hasSession || (!isLoading && !signedIn);

  useEffect(() => {
    if (!signedOut) return;
    // Without the cookie main.tsx starts the guest app at this URL: the page load cannot come back here.
    clearSession();
    replacePage(`${pathname}${search}`);
  }, [signedOut, pathname, search]);

  if (signedIn) return <Navigate to={afterPublicVisit(search)} replace />;
  return <PageSpinner />;
}
