// A form's error banner (the http client's message of its failed save) goes when its cause is
// fixed: the user edits the form, or a later save succeeds.
import { useMemo, useRef } from "react";
import { dismissText } from "../providers/feedback-store";

export interface ErrorBanner {
  /** A save failed with this error: its message is the banner to take back later. */
  failed(error: unknown): void;
  /** The form was edited or saved: take the banner back. */
  resolved(): void;
}

export function useErrorBanner(): ErrorBanner {
  const text = useRef<string | undefined>(undefined);
  return useMemo(
    () => ({
      failed(error) {
        text.current = error instanceof Error ? error.message : undefined;
      },
      resolved() {
        if (text.current) dismissText(text.current);
        text.current = undefined;
      },
    }),
    [],
  );
}
