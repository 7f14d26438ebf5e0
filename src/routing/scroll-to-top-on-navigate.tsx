// A new page starts at its top: scroll there (animated, spec §9's 300 ms) when the path changes.
// Only the path: changing a list's query (page, filters) keeps the reader's place.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { scrollToTop } from "../theme/scroll-to-top";

export function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is the reaction to a new path
  useEffect(() => {
    void scrollToTop();
  }, [pathname]);
  return null;
}
