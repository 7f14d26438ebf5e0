// The guest app: the four sign-in pages (spec §2) for a visitor without a session, started by main.tsx instead
// of the full app. React and antd only (no Refine, TanStack Query, react-router or resource declarations), so
// the /login first load stays small. Signing in ends with a page load into the full app (use-auth-call.ts).
import ConfigProvider from "antd/es/config-provider";
import { type ReactNode, useEffect, useState } from "react";
import { getConfig } from "../config/config";
import { GuestFrame } from "../layouts/guest-frame";
import { replacePage } from "../routing/page-load";
import { createTheme } from "../theme/theme";
import { ForgotPasswordPage } from "./forgot-password-page";
import { type GuestAuth, GuestAuthContext, guestAuth } from "./guest-auth";
import { GuestErrorBoundary } from "./guest-error-boundary";
import { HydratedContext, ServerUrlContext, useHydrationState } from "./guest-hydration";
import { GuestLocationProvider, useGuestLocation } from "./guest-location";
import { LoginPage } from "./login-page";
import { RegisterPage } from "./register-page";
import { ResetPasswordPage } from "./reset-password-page";

const PAGES = {
  "/login": LoginPage,
  "/register": RegisterPage,
  "/forgot-password": ForgotPasswordPage,
  "/reset-password": ResetPasswordPage,
} as const;

function pageFor(pathname: string) {
  const clean = pathname.replace(/\/+$/, "") || "/";
  return clean in PAGES ? PAGES[clean as keyof typeof PAGES] : undefined;
}

/** Any other path is the full app's: a page load lets main.tsx start it. */
function LeaveGuestApp() {
  useEffect(() => replacePage(`${window.location.pathname}${window.location.search}`), []);
  return null;
}

function GuestPage() {
  const { pathname } = useGuestLocation();
  const Page = pageFor(pathname);
  if (!Page) return <LeaveGuestApp />;
  return (
    <GuestErrorBoundary key={pathname}>
      <Page />
    </GuestErrorBoundary>
  );
}

/**
 * The hydration state, in a component of its own: when it turns true, only the consumers of the context render
 * again (the fields' fieldset, the location), not the page this provider was given, all antd components of
 * which would otherwise render again right after the hydration.
 */
function HydrationProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const hydrated = useHydrationState(hydrating);
  return (
    <HydratedContext.Provider value={hydrated}>
      <GuestLocationProvider>{children}</GuestLocationProvider>
    </HydratedContext.Provider>
  );
}

/** `serverUrl`: the URL a pre-rendered page was rendered at, given when rendering it and when hydrating it. */
export function GuestApp({
  auth = guestAuth,
  mode,
  serverUrl,
}: {
  auth?: GuestAuth;
  mode?: string;
  serverUrl?: string;
}) {
  const [theme] = useState(() => createTheme(mode ?? getConfig().mode));
  return (
    <ConfigProvider theme={theme}>
      <GuestAuthContext.Provider value={auth}>
        <ServerUrlContext.Provider value={serverUrl}>
          <HydrationProvider hydrating={serverUrl !== undefined}>
            <GuestFrame>
              <GuestPage />
            </GuestFrame>
          </HydrationProvider>
        </ServerUrlContext.Provider>
      </GuestAuthContext.Provider>
    </ConfigProvider>
  );
}
