// Fields that need an extra action of their kind to be set or changed (`requires`, fields.ts: a
// product's prices and Product UpdatePrice): for a caller without it the form shows them locked,
// with the reason, through the same bounds the form already honours (field-bounds.ts). A child
// collection's field is keyed "{collection}.*.{field}": every row's. The server refuses the
// change anyway (403).
import { useCan } from "@refinedev/core";
import { useMemo } from "react";
import { actionLabel } from "../../custom/admin/permission-matrix-model";
import type { Resource } from "../../resource-engine/define";
import type { Field } from "../../resource-engine/fields";
import type { FieldBounds } from "./field-bounds";

const required = (fields: Record<string, Field>) =>
  Object.entries(fields).flatMap(([name, f]) => (f.requires ? [[name, f.requires] as const] : []));

/** The extra actions the kind's fields (and its rows' fields) require, in declaration order. */
export function requiredActions(resource: Resource): string[] {
  const all = [resource.fields, ...Object.values(resource.children).map((c) => c.fields)];
  return [...new Set(all.flatMap((fields) => required(fields).map(([, action]) => action)))];
}

/** Locks for the fields whose required action `held` says the caller lacks. */
export function guardedLocks(resource: Resource, held: (action: string) => boolean): FieldBounds {
  const lock = (action: string) => ({
    locked: true,
    message: `Read-only: changing it needs ${resource.kind} ${actionLabel(action)}`,
  });
  const locks: FieldBounds = {};
  for (const [name, action] of required(resource.fields)) if (!held(action)) locks[name] = lock(action);
  for (const [child, { fields }] of Object.entries(resource.children))
    for (const [name, action] of required(fields))
      if (!held(action)) locks[`${child}.*.${name}`] = lock(action);
  return locks;
}

/**
 * The form's locks for the caller: locked until the answer comes (a moment), then by it. A kind
 * declares one extra action on its fields today (Product UpdatePrice); a second would be locked.
 */
export function useGuardedLocks(resource: Resource): FieldBounds {
  const [action] = requiredActions(resource);
  const { data } = useCan({
    resource: resource.kind,
    action: action ?? "",
    queryOptions: { enabled: action !== undefined },
  });
  const granted = data?.can === true;
  return useMemo(
    () => (action === undefined ? {} : guardedLocks(resource, (a) => a === action && granted)),
    [resource, action, granted],
  );
}
