// The global loader (spec §3, §4): one overlay with a message, started and stopped from anywhere
// (e.g. "Logging in... Please wait" during SSO login).
import { useSyncExternalStore } from "react";

export const DEFAULT_LOADER_MESSAGE = "Loading... Please wait";

export interface LoaderState {
  isLoading: boolean;
  message: string;
}

type Listener = () => void;

let state: LoaderState = { isLoading: false, message: DEFAULT_LOADER_MESSAGE };
const listeners = new Set<Listener>();

function emit(next: LoaderState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function start(message: string = DEFAULT_LOADER_MESSAGE): void {
  emit({ isLoading: true, message });
}

export function stop(): void {
  emit({ isLoading: false, message: DEFAULT_LOADER_MESSAGE });
}

export function getLoaderState(): LoaderState {
  return state;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLoader(): LoaderState {
  return useSyncExternalStore(subscribe, getLoaderState, getLoaderState);
}
