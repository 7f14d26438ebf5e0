import type { FastifyRequest } from "fastify";
import { can } from "../../src/access/permissions";
import type { Field } from "../../src/resource-engine/fields";
import { requestGrants } from "../auth/authenticate";
import { HttpError } from "../http/errors";
import { diffFields } from "./change-logs";
import type { ImportCheck } from "./csv-import";
import type { ChildRows, Row } from "./hooks";
import type { ResourceModel } from "./model";

// Fields that need an extra action of their kind to be set or changed (`requires`, fields.ts):
// a product's prices and Product UpdatePrice. Checked on the stored rows after the write, inside
// its transaction, so the values compare as stored (money as text, JSON as the database keeps
// it); the 403 rolls the write back.

type Guarded = Record<string, Record<string, Field>>;

const pick = (fields: Record<string, Field>, action: string): Record<string, Field> =>
  Object.fromEntries(Object.entries(fields).filter(([, f]) => f.requires === action));

/** The actions the kind's fields require, each with its fields ("" keys the record's own, else a collection's name). */
export function guardedFields(model: ResourceModel): Map<string, Guarded> {
  const actions = new Set(
    [model.fields, ...model.children.map((c) => c.fields)].flatMap((fields) =>
      Object.values(fields).flatMap((f) => (f.requires ? [f.requires] : [])),
    ),
  );
  return new Map(
    [...actions].map((action) => [
      action,
      Object.fromEntries([
        ["", pick(model.fields, action)],
        ...model.children.map((c) => [c.name, pick(c.fields, action)]),
      ]),
    ]),
  );
}

/** The paths of the guarded fields a write set or changed: "setup_fee", "variants.3.price" (row index). */
export function guardedChanges(
  fields: Guarded,
  before: Row | null,
  after: Row,
  storedChildren: ChildRows,
  children: ChildRows | undefined,
): string[] {
  const paths = Object.keys(diffFields(fields[""] ?? {}, before, after));
  for (const [name, rows] of Object.entries(children ?? {})) {
    const own = fields[name];
    if (!own || Object.keys(own).length === 0) continue;
    const stored = new Map((storedChildren[name] ?? []).map((r) => [r.id, r]));
    rows.forEach((row, i) => {
      for (const field of Object.keys(diffFields(own, stored.get(row.id) ?? null, row)))
        paths.push(`${name}.${i}.${field}`);
    });
  }
  return paths;
}

/** 403 naming the fields when the caller lacks the action a set or changed field requires. */
export async function checkGuardedFields(
  request: FastifyRequest,
  model: ResourceModel,
  write: { before: Row | null; after: Row; storedChildren?: ChildRows; children?: ChildRows },
): Promise<void> {
  const guarded = guardedFields(model);
  if (guarded.size === 0) return;
  const grants = await requestGrants(request);
  for (const [action, fields] of guarded) {
    if (can(grants, model.kind, action)) continue;
    const paths = guardedChanges(
      fields,
      write.before,
      write.after,
      write.storedChildren ?? {},
      write.children,
    );
    if (paths.length > 0) throw guardRefusal(model, action, paths);
  }
}

/** What a field error says of a guarded field the caller may not set. */
export const guardMessage = (model: ResourceModel, action: string) =>
  `Setting or changing this field needs ${model.kind} ${action}, which your role does not have`;

/** The first few paths, then how many more. */
const named = (paths: string[]) =>
  paths.length <= 5 ? paths.join(", ") : `${paths.slice(0, 5).join(", ")} and ${paths.length - 5} more`;

/** The 403 of a write that sets fields of `action` the caller may not; `paths` in the contract's field form. */
export function guardRefusal(model: ResourceModel, action: string, paths: string[]): HttpError {
  const message = guardMessage(model, action);
  return new HttpError(
    403,
    `Your role may not set or change ${named(paths)} of a ${model.singular} (it needs ${model.kind} ${action}): leave them as they are`,
    paths.slice(0, 1000).map((field) => ({ field, message })),
  );
}

/**
 * The rows of an import (created or updated records and their child rows, at their spreadsheet rows)
 * that set or change guarded fields the caller may not: per-row errors for the preview (`record`: the row of the record
 * it makes invalid); a commit with any is a 403.
 */
export async function guardedImportErrors(
  request: FastifyRequest,
  model: ResourceModel,
  check: Pick<ImportCheck, "values" | "rowOf" | "childRowsOf" | "children"> &
    Partial<Pick<ImportCheck, "previous">>,
): Promise<{ action: string; row: number; record: number; field: string; message: string }[]> {
  const guarded = guardedFields(model);
  if (guarded.size === 0) return [];
  const grants = await requestGrants(request);
  return [...guarded].flatMap(([action, fields]) =>
    can(grants, model.kind, action)
      ? []
      : check.values.flatMap((values, i) =>
          // An updated record's rows compare with what is stored: an unchanged price needs nothing.
          guardedChanges(
            fields,
            check.previous?.[i]?.row ?? null,
            values,
            check.previous?.[i]?.children ?? {},
            check.children[i]?.rows,
          ).map((path) => {
            const record = check.rowOf[i];
            const [name, index, field] = path.split(".");
            const row =
              field === undefined ? record : (check.childRowsOf[i]?.[name]?.[Number(index)] ?? record);
            return {
              action,
              row,
              record,
              field: field === undefined ? path : `${name}.${field}`,
              message: guardMessage(model, action),
            };
          }),
        ),
  );
}
