// The error a failed call rejects with: the human message of spec §8 plus what Refine's
// HttpError needs (statusCode, field errors), so providers can pass it on unchanged.
import type { AxiosError } from "axios";

/** Field name → messages, the shape Refine's forms show next to each field. */
export type FieldErrors = Record<string, string[]>;

export class RequestError extends Error {
  override readonly name = "RequestError";
  /** The HTTP status, 0 when no answer arrived (network failure, timeout). */
  readonly statusCode: number;
  /** The contract's `errors` entries that name a field, grouped per field. */
  readonly errors?: FieldErrors;

  constructor(message: string, cause: AxiosError) {
    super(message, { cause });
    this.statusCode = cause.response?.status ?? 0;
    const errors = fieldErrorsOf(cause.response?.data);
    if (errors) this.errors = errors;
  }
}

function fieldErrorsOf(body: unknown): FieldErrors | undefined {
  if (!body || typeof body !== "object" || !("errors" in body) || !Array.isArray(body.errors))
    return undefined;
  const result: FieldErrors = {};
  for (const entry of body.errors as unknown[]) {
    if (!entry || typeof entry !== "object") continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (typeof field !== "string" || typeof message !== "string") continue;
    result[field] = [...(result[field] ?? []), message];
  }
  return Object.keys(result).length > 0 ? result : undefined;
}
