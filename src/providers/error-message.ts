// Spec §8: the human message for a failed call, shared by the http client and the providers.
import { isAxiosError } from "axios";

export const FORBIDDEN_MESSAGE = "You do not have permissions to access this resource.";
export const SERVER_ERROR_MESSAGE = "Something went wrong! Please try again.";

/** The contract's error body: { message, errors?: [{ message, field? }] }. */
export interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

function firstEntryMessage(errors: unknown): unknown {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const first: unknown = errors[0];
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && "message" in first) return first.message;
  return undefined;
}

/**
 * First entry of the answer's `errors`, else its `message`; when that is not a string and the
 * status is 500, a generic sentence; otherwise the client's own error text.
 */
export function errorMessageFrom(error: unknown): string {
  if (isAxiosError(error)) {
    const status = error.response?.status;
    if (status === 403) return FORBIDDEN_MESSAGE;
    const body = (error.response?.data ?? undefined) as ErrorBody | undefined;
    const message = firstEntryMessage(body?.errors) ?? body?.message;
    if (typeof message === "string" && message !== "") return message;
    if (status === 500) return SERVER_ERROR_MESSAGE;
    return error.message;
  }
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return SERVER_ERROR_MESSAGE;
}
