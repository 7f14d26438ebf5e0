// How wide a record drawer is: enough for its widest row (form or show layout), so a row of three
// fields keeps a phone number or an email on one line; 720 to 960 px, never wider than the screen.
// Phones get the whole width (the callers decide that from the breakpoint).
import type { Resource } from "../../resource-engine/define";

export const DRAWER_MIN_WIDTH = 720;
export const DRAWER_MAX_WIDTH = 960;
/** Room per field of a row, label and value, in a drawer's 24 px padding. */
const FIELD_WIDTH = 300;

export function drawerWidthPx(resource: Resource): number {
  const widest = Math.max(
    1,
    ...resource.form.map((row) => row.length),
    ...resource.show.map((row) => row.length),
  );
  return Math.min(DRAWER_MAX_WIDTH, Math.max(DRAWER_MIN_WIDTH, 48 + FIELD_WIDTH * Math.min(widest, 3)));
}

/** The drawer's `width`: the whole screen on a phone, else the layout's width up to the screen's. */
export function drawerWidth(resource: Resource, phone: boolean): string {
  return phone ? "100%" : `min(${drawerWidthPx(resource)}px, 100vw)`;
}
