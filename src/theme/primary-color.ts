// Spec §1: each environment mode has its own primary colour, so nobody mistakes staging for production.

export const PRIMARY_COLORS = {
  develop: "#5A8547",
  staging: "#2892A0",
  production: "#c90000",
} as const;

export const BACKGROUND_COLOR = "#FAFAFA";

/** Unknown modes get production's colour: the safest look is the real one. */
export function primaryColorFor(mode: string): string {
  if (mode === "develop") return PRIMARY_COLORS.develop;
  if (mode === "staging") return PRIMARY_COLORS.staging;
  return PRIMARY_COLORS.production;
}
