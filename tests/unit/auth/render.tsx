// Renders a page of the full app (the profile page) inside a real <Refine> at a given URL, with a probe that
// shows where the app navigated to. The sign-in pages are the guest app's: tests/unit/guest/render.tsx.
import { type AuthProvider, Refine, type RouterProvider } from "@refinedev/core";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router";

// A minimal Refine router binding over react-router. Not @refinedev/react-router: Vitest would
// load that package through Node and give it a second react-router instance without our router
// context (it works once the package is inlined via server.deps.inline).
const routerProvider: RouterProvider = {
  go: () => {
    const navigate = useNavigate();
    return ({ to, type }) => {
      if (to !== undefined) navigate(to, { replace: type === "replace" });
    };
  },
  parse: () => {
    const location = useLocation();
    return () => ({
      pathname: location.pathname,
      params: Object.fromEntries(new URLSearchParams(location.search)),
    });
  },
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderAt(path: string, page: ReactElement, authProvider: AuthProvider) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        authProvider={authProvider}
        routerProvider={routerProvider}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          <Route
            path="*"
            element={
              <>
                {page}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

/** An auth provider whose every method is a spy; override what the test needs. */
export function fakeAuthProvider(overrides: Partial<AuthProvider> = {}): AuthProvider {
  return {
    login: async () => ({ success: true, redirectTo: "/" }),
    logout: async () => ({ success: true, redirectTo: "/login" }),
    check: async () => ({ authenticated: false }),
    onError: async () => ({}),
    ...overrides,
  };
}
