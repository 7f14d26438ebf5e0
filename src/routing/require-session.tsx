// Guard for every non-public route (spec §2, §5): without a session, off to the login page.
import { Authenticated } from "@refinedev/core";
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../components/page-spinner";
import { RedirectToLogin } from "./redirect-to-login";

/** `name` keeps each use distinct: Refine's <Authenticated> needs its own key per use. */
export function RequireSession({ name, layout }: { name: string; layout?: ReactNode }) {
  return (
    <Authenticated key={name} fallback={<RedirectToLogin />} loading={<PageSpinner />}>
      {layout ?? <Outlet />}
    </Authenticated>
  );
}
