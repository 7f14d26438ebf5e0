// Error banners belong to the page that raised them: moving to another page (another pathname)
// removes them, persistent ones too. Not on the first render: what was pushed before the layout
// mounted (a failed chunk load at start) is about the page being shown.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { clearErrors } from "../providers/feedback-store";

export function useClearErrorsOnNavigate(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    clearErrors();
  }, [pathname]);
}
