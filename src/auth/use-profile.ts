// React view of the profile store: re-renders when the profile is loaded, refetched or cleared.
import { useSyncExternalStore } from "react";
import { getProfile, type ProfileUser, subscribe } from "./profile-store";

export function useProfile(): ProfileUser | null {
  return useSyncExternalStore(subscribe, getProfile, getProfile);
}
