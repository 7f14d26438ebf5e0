// The full app's guest layout (spec §2): the guest frame around the active route. Used by the print tickets and,
// without a session, the not-found page and /unauthorized. The sign-in pages are the guest app's (src/guest/).
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../components/page-spinner";
import { RouteErrorBoundary } from "../routing/route-error-boundary";
import { GuestFrame } from "./guest-frame";

export function GuestLayout() {
  return (
    <GuestFrame>
      <RouteErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </GuestFrame>
  );
}
