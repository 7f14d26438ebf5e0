// The action set of each kind, declared once. The server validates roles with it, the app
// checks its shorthands against it.
//
// Reading of spec §6 "Action sets" (the spec names the kinds only by their traits):
// - every kind has Create, Read, Update, Delete and the wildcard '*';
// - the two Any/Own kinds are Order and Template (the route table names "Order ReadAny", and
//   "Create Design" only makes sense on Template). They keep plain Create/Read/Update/Delete
//   too, because the route table also requires "Order Read";
// - Tasks and UpdateEndStatus belong to Run (a run has tasks and an end status);
// - UpdatePrice and Import belong to Product (the route table names "Product Import");
//   the other UpdatePrice kind is Service (billable work with a rate);
// - the per-dashboard read actions and RunExecutive belong to ProductionStation (the route
//   table says "ProductionStation with one read action per dashboard type"; the spec's word
//   "equipment" is read as the production equipment of a station);
// - Preview and Send belong to SmsTemplate.

import { isKind, KINDS, type Kind, permissionKindOf, type ResourceKind } from "./kinds";

export const WILDCARD = "*";

const CRUD = ["Create", "Read", "Update", "Delete", WILDCARD] as const;

const ANY_OWN = [
  "CreateAny",
  "CreateOwn",
  "ReadAny",
  "ReadOwn",
  "UpdateAny",
  "UpdateOwn",
  "DeleteAny",
  "DeleteOwn",
] as const;

/** The kinds whose records have an owner: their Any/Own actions scope what a caller sees. */
export const ANY_OWN_KINDS: readonly Kind[] = ["Order", "Template"];

const EXTRAS: Partial<Record<Kind, readonly string[]>> = {
  Order: ANY_OWN,
  Template: [...ANY_OWN, "Create Design"],
  Run: ["Tasks", "UpdateEndStatus"],
  Product: ["UpdatePrice", "Import"],
  Service: ["UpdatePrice"],
  ProductionStation: [
    "ReadPress",
    "ReadSpecialtyPress",
    "ReadLetterPress",
    "ReadCutting",
    "ReadCoating",
    "ReadLargeFormat",
    "ReadBindery",
    "RunExecutive",
  ],
  SmsTemplate: ["Preview", "Send"],
};

export const CATALOGUE: Readonly<Record<Kind, readonly string[]>> = Object.fromEntries(
  KINDS.map((kind) => [kind, Object.freeze([...CRUD, ...(EXTRAS[kind] ?? [])])]),
) as Record<Kind, readonly string[]>;

export function actionsOf(kind: Kind): readonly string[] {
  return CATALOGUE[kind];
}

/** Accepts any string kind so the server can ask about untrusted input. */
export function isKnownAction(kind: string, action: string): boolean {
  return isKind(kind) && CATALOGUE[kind].includes(action);
}

/** Whether `kind` (or, for an extension kind, the contract kind governing it) has Any/Own actions. */
export function hasAnyOwn(kind: ResourceKind): boolean {
  return ANY_OWN_KINDS.includes(permissionKindOf(kind));
}

/** One problem in a role's permissions, shaped like an `errors` entry of the contract's 400. */
export interface PermissionError {
  field: string;
  message: string;
}

/**
 * Checks a role's `permissions` object ({ "<Kind>": ["<Action>", ...] }) for the server.
 * Returns every problem found (empty when valid); `field` names the offending place, e.g.
 * "permissions.Order[1]". An empty action list is valid: the role grants nothing on that kind.
 */
export function validatePermissions(value: unknown, field = "permissions"): PermissionError[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return [{ field, message: "must be an object mapping resource kinds to lists of actions" }];
  }
  const errors: PermissionError[] = [];
  for (const [kind, actions] of Object.entries(value)) {
    const at = `${field}.${kind}`;
    if (!isKind(kind)) {
      errors.push({ field: at, message: `unknown resource kind "${kind}"` });
      continue;
    }
    if (!Array.isArray(actions)) {
      errors.push({ field: at, message: "must be an array of actions" });
      continue;
    }
    actions.forEach((action: unknown, i) => {
      if (typeof action !== "string") {
        errors.push({ field: `${at}[${i}]`, message: "must be a string" });
      } else if (!isKnownAction(kind, action)) {
        errors.push({ field: `${at}[${i}]`, message: `unknown action "${action}" for ${kind}` });
      }
    });
  }
  return errors;
}
