// Server errors a generic form places beyond what Refine's useForm does. useForm already puts
// each `errors[].field` on the input of that name path ("items.2.quantity" → ['items', 2,
// 'quantity'], Refine's propertyPathToArray), which is the cell of that row; these are the rest.
import type { HttpError } from "@refinedev/core";
import { messagesOf } from "../../components/form-field-errors";
import type { Resource } from "../../resource-engine/define";
import { childInputNames } from "./child-rows-input";

type FieldErrors = NonNullable<HttpError["errors"]>;

/**
 * Errors about a child row that name no cell of it (`items.2` for the whole row, or a field the
 * table has no input for): shown under the collection as "Item 3: …", since no input would show
 * them. Answered per collection name, after the collection's own errors (`items`).
 */
export function childErrorsOffCell(
  resource: Resource,
  errors: FieldErrors | undefined,
): Record<string, string[]> {
  const placed: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors ?? {})) {
    const [name, index, field, ...rest] = key.split(".");
    const child = resource.children[name];
    if (!child || index === undefined || !/^\d+$/.test(index)) continue;
    if (field !== undefined && rest.length === 0 && childInputNames(child).includes(field)) continue;
    const row = `${child.singular} ${Number(index) + 1}`;
    const where = field === undefined ? row : `${row}, ${child.fields[field]?.label ?? field}`;
    placed[name] = [...(placed[name] ?? []), ...messagesOf(value).map((message) => `${where}: ${message}`)];
  }
  return placed;
}

/** A refused workflow move (409): "A refund approval cannot go from Requested to Processed". */
export function isTransitionRefusal(error: HttpError): boolean {
  return error.statusCode === 409 && !error.errors && /\bcannot go from\b/i.test(error.message);
}

/** The sent fields a transition refusal may be about: enums with transitions, status references. */
export function workflowFields(resource: Resource, sent: Record<string, unknown>): string[] {
  return Object.keys(sent).filter((name) => {
    const field = resource.fields[name];
    return (field?.type === "enum" && field.transitions) || (field?.type === "reference" && field.statusOf);
  });
}
