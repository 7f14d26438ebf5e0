// An edit form's view of live updates ("manual": its own subscription to the open record, whose
// query is never refetched under the user's input, record-form.tsx). A change event of the open record whose version is newer than what
// the form holds (or than this form's own save) means someone else changed it: the form says so
// and offers its reload, which keeps the user's input (record-form.tsx). Events that arrive
// while this form's own save is in flight wait for its answer: ours bears the saved version.
import type { LiveEvent } from "@refinedev/core";
import { useCallback, useRef, useState } from "react";

export type ChangedElsewhere = "updated" | "deleted" | undefined;

export const CHANGED_MESSAGE = "This record was changed by someone else; reload to see it.";
export const DELETED_MESSAGE = "This record was deleted by someone else; it can no longer be saved.";

const newerThan = (held: number | undefined, version: number) => held !== undefined && version > held;

export function useChangedElsewhere() {
  const [state, setState] = useState<ChangedElsewhere>();
  // The newest version this form knows of: loaded, reloaded or saved by it.
  const held = useRef<number>(undefined);
  const saving = useRef(false);
  const waiting = useRef<number[]>([]);
  const hold = (version: number | undefined) => {
    if (version !== undefined) held.current = Math.max(version, held.current ?? 0);
  };

  const onLiveEvent = useCallback((event: LiveEvent) => {
    if (event.type === "deleted") return setState("deleted");
    if (event.type !== "updated") return;
    const version = Number(event.payload.version);
    if (!Number.isInteger(version)) return;
    if (saving.current) waiting.current.push(version);
    else if (newerThan(held.current, version)) setState((now) => now ?? "updated");
  }, []);

  const settle = (savedVersion?: number) => {
    saving.current = false;
    hold(savedVersion);
    const seen = waiting.current.splice(0);
    if (seen.some((version) => newerThan(held.current, version))) setState((now) => now ?? "updated");
  };

  return {
    state,
    message: state === "deleted" ? DELETED_MESSAGE : state === "updated" ? CHANGED_MESSAGE : undefined,
    onLiveEvent,
    /** The version the form holds (each render: the loaded or reloaded record's). */
    hold,
    /** Before this form's save is sent. */
    saving: () => {
      saving.current = true;
    },
    /** This form's save was stored with `version`. */
    saved: (version: number | undefined) => settle(version),
    failed: () => settle(),
    /** After a reload: the form holds the latest. */
    clear: (version?: number) => {
      hold(version);
      setState(undefined);
    },
  };
}
