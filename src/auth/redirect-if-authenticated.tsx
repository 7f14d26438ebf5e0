// Wraps the public routes (/login, /register, /forgot-password, /reset-password):
// a signed-in visitor goes to the `redirect` query value if it is safe, else "/" (spec §2).
import { useIsAuthenticated } from "@refinedev/core";
import type { ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router";
import { getSessionToken } from "../providers/session";
import { afterPublicVisit } from "./redirect";

export function RedirectIfAuthenticated({ children }: { children?: ReactNode }) {
  const [searchParams] = useSearchParams();
  const { data, isLoading } = useIsAuthenticated();
  if (data?.authenticated) return <Navigate to={afterPublicVisit(searchParams)} replace />;
  // Without a cookie the answer is "no" anyway: show the form at once instead of a blank frame.
  // With one, wait for the profile check rather than flash a form that is about to go away.
  if (isLoading && getSessionToken()) return null;
  return <>{children}</>;
}
