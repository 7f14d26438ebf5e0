// For the pages every visitor may reach (the not-found page, /unauthorized): inside the app's chrome when
// there is a session, in the guest layout when there is none, so a signed-out visitor is not sent to /login.
import { lazy } from "react";
import { GuestLayout } from "../layouts/guest-layout";
import { getSessionToken } from "../providers/session";
import { RequireSession } from "./require-session";

const DefaultLayout = lazy(() => import("../layouts/default-layout"));

export function SessionAwareLayout() {
  if (!getSessionToken()) return <GuestLayout />;
  return <RequireSession name="open" layout={<DefaultLayout />} />;
}
