// Everything around the routes: theme, antd's App context, Refine and its providers.
// Rendered inside a router (BrowserRouter in the app, MemoryRouter in tests).
import {
  type AccessControlProvider,
  type AuthProvider,
  type DataProvider,
  type LiveProvider,
  Refine,
  type RouterProvider,
} from "@refinedev/core";
import type { QueryClient } from "@tanstack/react-query";
import { App as AntdApp, ConfigProvider } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { getConfig } from "./config/config";
import { ADMIN_REFINE_RESOURCES } from "./custom/admin/admin-resources";
import { APP_TITLE } from "./layouts/app-title";
import { ACCESS_QUERY_KEY, accessControlProvider, onPermissionsChange } from "./providers/access-control";
import { authProvider, setQueryClient } from "./providers/auth-provider";
import { dataProvider as apiDataProvider } from "./providers/data-provider";
import { liveProvider as apiLiveProvider } from "./providers/live-provider";
import { notificationProvider } from "./providers/notification-provider";
import { createQueryClient } from "./providers/query-client";
import { REFINE_RESOURCES } from "./resource-engine/refine-resources";
import { NavigationBridge } from "./routing/navigation-bridge";
import { routerProvider as appRouterProvider } from "./routing/router-provider";
import { ModeContext } from "./theme/mode-context";
import { createTheme } from "./theme/theme";

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own; the app uses the real providers. */
  auth?: AuthProvider;
  accessControl?: AccessControlProvider;
  dataProvider?: DataProvider;
  /** Live updates; by default the server's stream, but only over the real data provider. */
  liveProvider?: LiveProvider;
  queryClient?: QueryClient;
  /** Vitest loads @refinedev/react-router through Node with a react-router of its own; tests pass a binding. */
  routerProvider?: RouterProvider;
  mode?: string;
}

export function AppProviders({
  children,
  auth = authProvider,
  accessControl = accessControlProvider,
  dataProvider = apiDataProvider,
  liveProvider = dataProvider === apiDataProvider ? apiLiveProvider : undefined,
  queryClient: givenClient,
  routerProvider = appRouterProvider,
  mode = getConfig().mode,
}: AppProvidersProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [theme] = useState(() => createTheme(mode));

  // Logout empties every cached query of this client.
  useEffect(() => {
    setQueryClient(queryClient);
    return () => setQueryClient(null);
  }, [queryClient]);

  // Refine caches `can` answers; drop them when the permissions change (profile load, logout).
  useEffect(
    () => onPermissionsChange(() => void queryClient.invalidateQueries({ queryKey: ACCESS_QUERY_KEY })),
    [queryClient],
  );

  return (
    <ModeContext.Provider value={mode}>
      <ConfigProvider theme={theme}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            authProvider={auth}
            dataProvider={dataProvider}
            liveProvider={liveProvider}
            accessControlProvider={accessControl}
            // One entry per declared kind, route strings only; the pages are in routes.tsx.
            resources={[...REFINE_RESOURCES, ...ADMIN_REFINE_RESOURCES]}
            notificationProvider={notificationProvider}
            options={{
              reactQuery: { clientConfig: queryClient },
              disableTelemetry: true,
              // Lists and record pages refetch when the server tells of a change (edit forms: "manual").
              liveMode: "auto",
              title: { text: APP_TITLE },
            }}
          >
            <NavigationBridge />
            {children}
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </ModeContext.Provider>
  );
}
