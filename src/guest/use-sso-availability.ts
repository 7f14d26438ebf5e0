// The Google button of a sign-in page where single sign-on is not configured: disabled, with the
// plain reason beside it. Asked after the page is taken over (a pre-rendered page and its first
// render agree: "not known yet", the button as usual); a click before the answer waits for it.
import { useCallback, useEffect, useState } from "react";
import type { AuthOutcome } from "../providers/auth-actions";
import { SSO_NOT_CONFIGURED_MESSAGE } from "../providers/sso-availability";
import { useGuestAuth } from "./guest-auth";
import { useHydrated } from "./guest-hydration";

const NOT_CONFIGURED: AuthOutcome = {
  success: false,
  error: { name: "Single sign-on", message: SSO_NOT_CONFIGURED_MESSAGE },
};

export function useSsoAvailability() {
  const auth = useGuestAuth();
  const hydrated = useHydrated();
  const [available, setAvailable] = useState<boolean | undefined>(undefined);

  useEffect(() => {
    if (!hydrated) return;
    let current = true;
    void auth.ssoAvailability().then((answer) => {
      if (current) setAvailable(answer);
    });
    return () => {
      current = false;
    };
  }, [auth, hydrated]);

  /** Starts the Google sign-in unless it is known not to be configured. */
  const guarded = useCallback(
    async (start: () => Promise<AuthOutcome>) =>
      (await auth.ssoAvailability()) === false ? NOT_CONFIGURED : start(),
    [auth],
  );

  return { unavailable: available === false, message: SSO_NOT_CONFIGURED_MESSAGE, guarded };
}
