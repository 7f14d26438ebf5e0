// The app root: providers, the browser's router, and the routes, behind one error boundary
// so a failure (even of the default layout's code) never leaves a blank page.
import { Suspense } from "react";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app-providers";
import { loadProfile } from "./auth/profile-store";
import { PageSpinner } from "./components/page-spinner";
import { getSessionToken } from "./providers/session";
import { AppRoutes } from "./routes";
import { RouteErrorBoundary } from "./routing/route-error-boundary";
import { preloadStart } from "./routing/start-preload";

// Signed in: ask for the profile and the page's code at once, before the first render (the session
// check and the permission guard then find the profile's request already under way: loadProfile
// shares it). A refused session is handled by that check, as before.
if (typeof window !== "undefined" && getSessionToken() !== undefined) {
  void loadProfile().catch(() => undefined);
  preloadStart(window.location.pathname);
}

export function App() {
  return (
    <BrowserRouter>
      <AppProviders>
        <RouteErrorBoundary>
          <Suspense fallback={<PageSpinner />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </AppProviders>
    </BrowserRouter>
  );
}
