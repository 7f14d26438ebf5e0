// The order of the drawer's menu groups. Declarations name their group; this fixes where it stands.
import type { MenuGroup } from "./define";

export const MENU_GROUPS = [
  "Orders",
  "Production",
  "Prepress",
  "Direct mail",
  "Catalogue",
  "Customers",
  "Inventory",
  "Purchasing",
  "Master data",
  "Production setup",
  "Finance",
  "Administration",
] as const satisfies readonly MenuGroup[];

// Fails to compile when define.ts gains a group this list lacks.
type Missing = Exclude<MenuGroup, (typeof MENU_GROUPS)[number]>;
const complete: Missing extends never ? true : never = true;
void complete;

export function groupRank(group: string | undefined): number {
  const index = (MENU_GROUPS as readonly string[]).indexOf(group ?? "");
  return index === -1 ? MENU_GROUPS.length : index;
}
