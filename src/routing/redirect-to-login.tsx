// Spec §2: an unauthenticated visit goes to /login?redirect=<the wanted path with its query>.
// Refine's CatchAllNavigate names that parameter `to`; ours is `redirect`.
import { Navigate, useLocation } from "react-router";
import { loginPathFor } from "../auth/redirect";

export function RedirectToLogin() {
  const { pathname, search } = useLocation();
  return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
}
