// One sign-in call of a guest page: clears the previous error, tells which call runs, shows a failure under the
// form, and follows the answer's redirect: to another guest page without a page load (so the info message in the
// alerts area stays), anywhere else with a page load, which starts the full app (main.tsx).
import { useCallback, useState } from "react";
import type { AuthOutcome } from "../providers/auth-actions";
import { assignPage } from "../routing/page-load";
import { isPublicPath } from "../routing/public-paths";
import { navigate } from "./guest-location";

/** Goes to `to` (a same-origin path, checked by the auth calls); true when the page is being left. */
function follow(to: string): boolean {
  if (isPublicPath(new URL(to, window.location.origin).pathname)) {
    navigate(to, { replace: true });
    return false;
  }
  assignPage(to);
  return true;
}

export function useAuthCall<Name extends string>() {
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState<Name | null>(null);

  const run = useCallback(async (name: Name, call: () => Promise<AuthOutcome>) => {
    setError(null);
    setRunning(name);
    // While the next page loads, the buttons stay busy rather than invite a second submit.
    let leaving = false;
    try {
      const outcome = await call();
      if (!outcome.success) setError(outcome.error?.message ?? null);
      else if (outcome.redirectTo) leaving = follow(outcome.redirectTo);
      return outcome;
    } catch (failure) {
      // The calls never reject; this only guards against a bug there.
      setError((failure as { message?: string } | null)?.message || "Something went wrong");
      return undefined;
    } finally {
      if (!leaving) setRunning(null);
    }
  }, []);

  return { error, running, run };
}
