// Refine router bindings over the test's own react-router. @refinedev/react-router cannot be
// used in Vitest here: it is loaded through Node with a second react-router instance that
// does not see the test's <MemoryRouter>.
import type { RouterProvider } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router";

export const testRouterBindings: RouterProvider = {
  go: () => {
    const navigate = useNavigate();
    const { pathname } = useLocation();
    return ({ to, query, type }) => {
      const search = query ? `?${new URLSearchParams(query as Record<string, string>)}` : "";
      const target = `${to ?? pathname}${search}`;
      if (type === "path") return target;
      navigate(target, { replace: type === "replace" });
    };
  },
  parse: () => {
    const { pathname, search } = useLocation();
    return () => ({ pathname, params: Object.fromEntries(new URLSearchParams(search)) });
  },
};
