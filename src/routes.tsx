// Every route of the app (spec §2). Each page is its own chunk (lazyPage), loaded on first visit.
//
// Where things go:
// - a page without a session (sign-in pages): inside <RedirectIfAuthenticated> in the guest layout;
// - a print ticket (/orders/:order_id/job-ticket, /packing-slips/:id/print-ticket,
//   /runs/:id/job-jacket, /runs/:id/run-spread): the guest layout, inside its own
//   <RequireSession name="print"> group;
// - every other page: inside <RequireSession name="protected"> → <DefaultLayout>. A permission guard
//   wraps the routes it governs as one more layout route;
// - /unauthorized and the not-found catch-all: reachable without a session (<SessionAwareLayout>).
import { Outlet, Route, Routes } from "react-router";
import { RedirectIfAuthenticated } from "./auth/redirect-if-authenticated";
import { GuestLayout } from "./layouts/guest-layout";
import { lazyPage } from "./routing/lazy-page";
import { RequireSession } from "./routing/require-session";
import { SessionAwareLayout } from "./routing/session-aware-layout";

const DefaultLayout = lazyPage(() => import("./layouts/default-layout"));
const HomePage = lazyPage(() => import("./pages/home-page"));
const ProfilePage = lazyPage(() => import("./pages/profile-page"));
const UnauthorizedPage = lazyPage(() => import("./pages/unauthorized-page"));
const NotFoundPage = lazyPage(() => import("./pages/not-found-page"));
const LoginPage = lazyPage(() => import("./pages/auth/login-page"));
const RegisterPage = lazyPage(() => import("./pages/auth/register-page"));
const ForgotPasswordPage = lazyPage(() => import("./pages/auth/forgot-password-page"));
const ResetPasswordPage = lazyPage(() => import("./pages/auth/reset-password-page"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<GuestLayout />}>
        <Route
          element={
            <RedirectIfAuthenticated>
              <Outlet />
            </RedirectIfAuthenticated>
          }
        >
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Route>
      </Route>
      <Route element={<RequireSession name="protected" />}>
        <Route element={<DefaultLayout />}>
          <Route index element={<HomePage />} />
          <Route path="/profile" element={<ProfilePage />} />
        </Route>
      </Route>
      <Route element={<SessionAwareLayout />}>
        <Route path="/unauthorized" element={<UnauthorizedPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
