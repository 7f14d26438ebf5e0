// Renders the real routes and providers at a URL, with fake auth and access control,
// plus a probe showing where the router is.
import type { AccessControlProvider, AuthProvider } from "@refinedev/core";
import { render } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { AppProviders } from "../../src/app-providers";
import { createQueryClient } from "../../src/providers/query-client";
import { AppRoutes } from "../../src/routes";
import { testRouterBindings } from "./test-router-bindings";

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export interface RenderAppOptions {
  signedIn?: boolean;
  name?: string;
  mode?: string;
  can?: AccessControlProvider["can"];
  auth?: Partial<AuthProvider>;
}

export function fakeAuth({
  signedIn = true,
  name = "Ada Lovelace",
  auth = {},
}: RenderAppOptions): AuthProvider {
  return {
    login: async () => ({ success: true, redirectTo: "/" }),
    logout: async () => ({ success: true, redirectTo: "/login" }),
    check: async () => (signedIn ? { authenticated: true } : { authenticated: false, redirectTo: "/login" }),
    onError: async () => ({}),
    getIdentity: async () => (signedIn ? { id: 1, name } : null),
    ...auth,
  };
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const auth = fakeAuth(options);
  const accessControl: AccessControlProvider = { can: options.can ?? (async () => ({ can: true })) };
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders
        auth={auth}
        accessControl={accessControl}
        mode={options.mode ?? "develop"}
        queryClient={createQueryClient()}
        routerProvider={testRouterBindings}
      >
        <Suspense fallback={<p>loading</p>}>
          <AppRoutes />
        </Suspense>
      </AppProviders>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, auth };
}
