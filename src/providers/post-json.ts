// POST to the API with the browser's fetch: the sign-in calls (auth-actions.ts) are part of the /login first
// load, where axios alone would be some 14 KB (gzip) of a 200 KB budget. Same rules as the http client for
// what they need (spec §7): the configured base address, JSON in and out, Bearer token from the session cookie.
import { getConfig } from "../config/config";
import { getSessionToken } from "./session";

/** A call the API answered with an error status; `body` is the parsed answer, if it was JSON. */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Request failed with status code ${status}`);
  }
}

/** "/api/v1" + "auth/login" → "/api/v1/auth/login", as axios joins its base URL. */
export function apiUrl(resource: string): string {
  return `${getConfig().apiBaseUrl.replace(/\/+$/, "")}/${resource.replace(/^\/+/, "")}`;
}

function parse(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Resolves with the answer's body; rejects with an ApiError (error status) or fetch's own error (no answer). */
export async function postJson<T>(resource: string, data: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "Content-Type": "application/json" };
  const token = getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(apiUrl(resource), { method: "POST", headers, body: JSON.stringify(data) });
  const body = parse(await response.text());
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}
