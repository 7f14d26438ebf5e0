// The data behind the role editor's permission matrix: one row per resource kind, grouped by
// menu area like the navigation drawer, with the kind's own actions (src/access/catalogue.ts),
// and the pure edits the checkboxes make to a role's `permissions` ({ "<Kind>": [actions] }).
import { actionsOf, WILDCARD } from "../../access/catalogue";
import { KINDS, type Kind } from "../../access/kinds";
import type { MenuGroup } from "../../resource-engine/define";
import { MENU_GROUPS } from "../../resource-engine/menu-groups";
import { resourceOf } from "../../resource-engine/registry";

export type Permissions = Record<string, string[]>;

/** The columns every kind has, in this order; a kind's other actions are its "extras". */
export const CRUD_ACTIONS = ["Create", "Read", "Update", "Delete"] as const;

export const OTHER_GROUP = "Other";

// Kinds without a declaration in src/resources/ yet (hand-built screens) still belong to a
// menu area; a declaration's own group wins once it exists.
const UNDECLARED_GROUPS: Partial<Record<Kind, MenuGroup>> = {
  Order: "Orders",
  PackingSlip: "Orders",
  Run: "Production",
  ProductionStation: "Production",
  MailOrder: "Direct mail",
  List: "Direct mail",
  Map: "Direct mail",
  SmsTemplate: "Direct mail",
  Product: "Catalogue",
  ProductAction: "Catalogue",
  Template: "Catalogue",
  TemplateAction: "Catalogue",
  Agent: "Customers",
  PurchaseOrder: "Purchasing",
  Route: "Master data",
  UserPayment: "Finance",
  RefundApproval: "Finance",
  Role: "Administration",
  Group: "Administration",
  User: "Administration",
  ApiKey: "Administration",
  Integration: "Administration",
  Site: "Administration",
};

// Labels of the administration kinds this module's own screens show.
const LABELS: Partial<Record<Kind, string>> = { Group: "User groups", Role: "Roles", User: "Users" };

/** "InventoryPaperBrand" → "Inventory paper brand". */
export function humanizeKind(kind: string): string {
  const words = kind.replace(/([a-z])([A-Z])/g, "$1 $2").split(" ");
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(" ");
}

/**
 * An action in words, for people: "ReadAny" → "Read any", "UpdateEndStatus" → "Update end
 * status", "Create Design" → "Create design", "*" → "All actions". The code stays the hint.
 */
export function actionLabel(action: string): string {
  if (action === WILDCARD) return "All actions";
  const words = action
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/\s+/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w.toLowerCase())).join(" ");
}

export interface MatrixRow {
  kind: Kind;
  /** The menu's label of the kind ("Vendors"), or the kind in words. */
  label: string;
  group: string;
  /** The kind's actions besides Create/Read/Update/Delete and '*' (e.g. ReadAny, Import). */
  extras: string[];
}

export function groupOf(kind: Kind): string {
  return resourceOf(kind)?.group ?? UNDECLARED_GROUPS[kind] ?? OTHER_GROUP;
}

export function rowOf(kind: Kind): MatrixRow {
  const crud = new Set<string>([...CRUD_ACTIONS, WILDCARD]);
  return {
    kind,
    label: resourceOf(kind)?.label ?? LABELS[kind] ?? humanizeKind(kind),
    group: groupOf(kind),
    extras: actionsOf(kind).filter((a) => !crud.has(a)),
  };
}

const GROUP_ORDER: string[] = [...MENU_GROUPS, OTHER_GROUP];

export interface MatrixSection {
  group: string;
  rows: MatrixRow[];
}

/** Every kind, in menu order, then by label. */
export const MATRIX_ROWS: MatrixRow[] = KINDS.map(rowOf).sort(
  (a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) || a.label.localeCompare(b.label),
);

/**
 * The rows a search leaves, in sections per menu area. The search matches the label, the kind,
 * the menu area or an action, without regard to case; an empty search leaves every row.
 */
export function matrixSections(search = "", rows: readonly MatrixRow[] = MATRIX_ROWS): MatrixSection[] {
  const needle = search.trim().toLowerCase();
  const matches = (row: MatrixRow) =>
    needle === "" ||
    [row.label, row.kind, row.group, ...row.extras, ...row.extras.map(actionLabel)].some((text) =>
      text.toLowerCase().includes(needle),
    );
  const sections: MatrixSection[] = [];
  for (const row of rows) {
    if (!matches(row)) continue;
    const last = sections.at(-1);
    if (last?.group === row.group) last.rows.push(row);
    else sections.push({ group: row.group, rows: [row] });
  }
  return sections;
}

/** Whether a kind's action is granted, '*' granting every action of the kind. */
export function isGranted(permissions: Permissions, kind: Kind, action: string): boolean {
  const held = permissions[kind] ?? [];
  return held.includes(WILDCARD) || held.includes(action);
}

/**
 * The permissions after one checkbox: '*' on grants the whole kind as ['*']; '*' off clears
 * the kind; an action adds or removes itself (in the catalogue's order; off on a '*' kind
 * leaves all its other actions). A kind left with no action is dropped, so the saved object
 * lists only kinds that grant something.
 */
export function toggle(permissions: Permissions, kind: Kind, action: string, on: boolean): Permissions {
  const next: Permissions = { ...permissions };
  if (action === WILDCARD) {
    if (on) next[kind] = [WILDCARD];
    else delete next[kind];
    return next;
  }
  const current = permissions[kind] ?? [];
  // Unticking one action of a '*' kind keeps every other action of it.
  const expanded = current.includes(WILDCARD) ? actionsOf(kind) : current;
  const held = new Set(expanded.filter((a) => a !== WILDCARD));
  if (on) held.add(action);
  else held.delete(action);
  const ordered = actionsOf(kind).filter((a) => held.has(a));
  if (ordered.length > 0) next[kind] = ordered;
  else delete next[kind];
  return next;
}

/** How many kinds of a section grant anything (shown next to the section's title). */
export function grantedCount(permissions: Permissions, rows: readonly MatrixRow[]): number {
  return rows.filter((row) => (permissions[row.kind] ?? []).length > 0).length;
}

/** "Copy of <name>", or with " (2)", " (3)" … while that name is taken (as the server names copies). */
export function copyName(name: string, taken: Iterable<string> = []): string {
  const names = new Set([...taken].map((n) => n.toLowerCase()));
  const base = `Copy of ${name}`;
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/** One line per kind of a permissions object, for summaries: "Vendors: Read, Update" / "Orders: all". */
export function describePermissions(
  permissions: Permissions,
): { kind: string; label: string; actions: string }[] {
  return MATRIX_ROWS.filter((row) => (permissions[row.kind] ?? []).length > 0).map((row) => ({
    kind: row.kind,
    label: row.label,
    actions: permissions[row.kind].includes(WILDCARD)
      ? "All actions"
      : permissions[row.kind].map(actionLabel).join(", "),
  }));
}
