// The app root: providers, the browser's router, and the routes, behind one error boundary
// so a failure (even of the default layout's code) never leaves a blank page.
import { Suspense } from "react";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app-providers";
import { PageSpinner } from "./components/page-spinner";
import { getSessionToken } from "./providers/session";
import { AppRoutes } from "./routes";
import { RouteErrorBoundary } from "./routing/route-error-boundary";
import { preloadStart } from "./routing/start-preload";

// Signed in: fetch the page's code beside the profile instead of after it.
if (typeof window !== "undefined" && getSessionToken() !== undefined) preloadStart(window.location.pathname);

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
