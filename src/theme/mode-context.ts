// The running environment mode (spec §1), provided once at the app root so the theme and the
// app bar's environment tag always agree.
import { createContext, useContext } from "react";

export const ModeContext = createContext<string>("production");

export function useMode(): string {
  return useContext(ModeContext);
}
