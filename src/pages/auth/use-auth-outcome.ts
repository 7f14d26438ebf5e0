// Shared result handling for the auth pages' Refine mutations. Passing our own onSuccess/onError
// replaces Refine's (it spreads mutationOptions last), which (1) keeps the error only under the
// form instead of also raising a notification, and (2) ignores Refine's unchecked `?to=` redirect.
import { type AuthActionResponse, useInvalidateAuthStore } from "@refinedev/core";
import { useState } from "react";
import { useNavigate } from "react-router";

export function useAuthOutcome() {
  const navigate = useNavigate();
  const invalidateAuthStore = useInvalidateAuthStore();
  const [error, setError] = useState<string | null>(null);

  const mutationOptions = {
    onMutate: () => setError(null),
    onSuccess: async (result: AuthActionResponse) => {
      if (!result.success) {
        setError(result.error?.message ?? null);
        return;
      }
      // Refresh the cached check first so the next route sees the new session at once.
      await invalidateAuthStore();
      if (result.redirectTo) navigate(result.redirectTo, { replace: true });
    },
    // The provider never rejects; this only guards against a bug there.
    onError: (failure: { message?: string }) => setError(failure.message || "Something went wrong"),
  };

  return { error, mutationOptions };
}
