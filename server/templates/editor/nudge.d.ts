// The types of nudge.js (a plain script module the editor page loads as it is).
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export function nudge(
  box: Box,
  key: string,
  shift: boolean,
  step: number,
  safe: Box,
): { x: number; y: number } | null;
