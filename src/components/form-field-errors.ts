// The server's field errors (`errors[].field`, grouped per field by the http client) placed on a
// form's own fields: shared by the generic forms (pages/resource/form-errors.ts) and the
// hand-built ones (profile).
import type { HttpError } from "@refinedev/core";

type FieldErrors = NonNullable<HttpError["errors"]>;

export function messagesOf(value: FieldErrors[string]): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string") return [value];
  if (value && typeof value === "object" && "message" in value) return [String(value.message)];
  return value ? ["Field is not valid."] : [];
}

/**
 * The errors of a failed call that name one of `fields`, as antd's `form.setFields` takes them;
 * errors about anything else are left out (the call's message covers them).
 */
export function fieldErrorsOn<Name extends string>(
  error: unknown,
  fields: readonly Name[],
): { name: Name; errors: string[] }[] {
  const errors = (error as HttpError | null | undefined)?.errors;
  if (!errors || typeof errors !== "object") return [];
  const isField = (name: string): name is Name => (fields as readonly string[]).includes(name);
  return Object.entries(errors)
    .filter((entry): entry is [Name, FieldErrors[string]] => isField(entry[0]))
    .map(([name, value]) => ({ name, errors: messagesOf(value) }))
    .filter((entry) => entry.errors.length > 0);
}
