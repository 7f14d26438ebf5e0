import { HttpError, validationFailed } from "../http/errors";
import { isCaseInsensitiveCode } from "./code-normalise";
import type { ResourceModel } from "./model";
import { identifier } from "./tables";

// The engine's 409s, worded so a person knows what happened and what to do, and the mapping of
// database refusals (a race lost between our checks and the write) to the same answers.

/** PATCH with a version that is no longer the stored one (version-check.ts): any kind's, by its words. */
export function staleVersion(words: { singular: string }): HttpError {
  return new HttpError(
    409,
    `This ${words.singular} was changed by someone else since you opened it. Reload it to see their changes.`,
  );
}

/**
 * DELETE of a record others still point at: "This vendor category is still used by 3 vendors.",
 * "This product is still used by 2 order items." (the users' words, singular and plural).
 */
export function stillReferenced(
  model: ResourceModel,
  users: { singular: string; plural: string; count: number }[],
): HttpError {
  const parts = users.map((u) => `${u.count} ${u.count === 1 ? u.singular : u.plural}`);
  const list =
    parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0];
  return new HttpError(409, `This ${model.singular} is still used by ${list}.`);
}

const quoteValue = (value: unknown) => (typeof value === "string" ? `"${value}"` : String(value));

/** A duplicate of a unique field: names the field and the value (and that case does not count). */
export function duplicateValue(model: ResourceModel, field: string, value: unknown): HttpError {
  const declared = model.fields[field];
  const label = declared?.label ?? field;
  const words = /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
  const anyCase = declared && isCaseInsensitiveCode(declared) ? " (in any case)" : "";
  const message = `Another ${model.singular} already has the ${words} ${quoteValue(value)}${anyCase}. Use a different ${words}.`;
  return new HttpError(409, message, [{ field, message }]);
}

/**
 * The field of a unique index made before its codes were case-insensitive: a database from then
 * keeps it beside the lower(column) one (schema-sync.ts never drops), and either may refuse.
 */
function exactCaseIndexField(model: ResourceModel, constraint: string | undefined): string | undefined {
  return Object.keys(model.fields).find(
    (name) =>
      model.fields[name].unique && identifier(`${model.table.name}_tenant_id_${name}_key`) === constraint,
  );
}

interface DatabaseError {
  code?: string;
  constraint?: string;
  column?: string;
}

/** The driver's error inside Drizzle's wrapper (both pg and PGlite carry the SQLSTATE as `code`). */
export function databaseError(error: unknown): DatabaseError | undefined {
  let e = error as (DatabaseError & { cause?: unknown }) | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * A database refusal of a write → the answer our own checks would have given had they seen the
 * row that a concurrent request wrote meanwhile. Anything else is rethrown (a 500).
 */
export function mapWriteError(
  model: ResourceModel,
  error: unknown,
  values: Record<string, unknown>,
  action: "create" | "update" | "delete" = "update",
): never {
  if (error instanceof HttpError) throw error;
  const db = databaseError(error);
  switch (db?.code) {
    case "23505": {
      const index = model.table.indexes.find((i) => i.unique && i.name === db.constraint);
      const field =
        index?.columns.find((c) => c !== "tenant_id") ?? exactCaseIndexField(model, db.constraint);
      if (field) throw duplicateValue(model, field, values[field]);
      const own = model.hooks.uniqueMessages?.[db.constraint ?? ""];
      if (own) throw new HttpError(409, own(values));
      throw new HttpError(
        409,
        `Another ${model.singular} already has one of these values. Change it and try again.`,
      );
    }
    case "23503":
      if (action === "delete") {
        throw new HttpError(
          409,
          `This ${model.singular} is still used by other records. Remove those uses first.`,
        );
      }
      throw new HttpError(
        409,
        `A record this ${model.singular} points at was changed or deleted meanwhile. Reload and try again.`,
      );
    case "23502":
      throw validationFailed([{ field: db.column ?? "", message: "This field is required" }]);
    case "40001":
    case "40P01":
      throw new HttpError(
        409,
        `This ${model.singular} was changed by someone else at the same moment. Try again.`,
      );
  }
  throw error;
}
