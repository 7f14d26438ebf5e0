// The one HTTP client of the app (spec §7, §8): Bearer token from the session cookie,
// answers reduced to their body, and the error catalogue applied once for every caller.
import axios, { type AxiosProgressEvent, isAxiosError } from "axios";
import { loginPathFor } from "../auth/redirect";
import { getConfig } from "../config/config";
import { isPublicPath } from "../routing/public-paths";
import { errorMessageFrom, FORBIDDEN_MESSAGE } from "./error-message";
import { push } from "./feedback-store";
import { RequestError } from "./request-error";
import { clearSession, getSessionToken } from "./session";

// The providers build their messages with the same helper.
export { errorMessageFrom } from "./error-message";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface RequestOptions {
  method: HttpMethod;
  /** Path relative to the API base, e.g. "vendors" or "auth/login". */
  resource: string;
  id?: string | number;
  /** Appended after the id, e.g. "change-logs". */
  additionalRouteParams?: string;
  data?: unknown;
  params?: Record<string, unknown>;
  /** E.g. the Content-Type of a body that is not JSON (a CSV file). */
  headers?: Record<string, string>;
  /** Upload progress of a large body (the product import). */
  onUploadProgress?: (event: AxiosProgressEvent) => void;
}

/**
 * Query strings as the contract reads them: arrays become one comma-separated value,
 * empty values are left out, and the order is the caller's.
 */
export function serializeParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    search.append(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return search.toString();
}

export const httpClient = axios.create({
  headers: { Accept: "application/json" },
  paramsSerializer: { serialize: serializeParams },
});

httpClient.interceptors.request.use((config) => {
  // Read on each call, not at import: main.tsx must be able to import the app before the config check.
  config.baseURL ??= getConfig().apiBaseUrl;
  const token = getSessionToken();
  if (token) config.headers.set("Authorization", `Bearer ${token}`);
  return config;
});

type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

/** The app registers react-router's navigate so a 401 does not reload the page. */
export function setNavigate(fn: Navigate): void {
  navigate = fn;
}

export function buildUrl({ resource, id, additionalRouteParams }: RequestOptions): string {
  let url = resource;
  if (id !== undefined && id !== "") url += `/${encodeURIComponent(String(id))}`;
  if (additionalRouteParams) url += `/${additionalRouteParams}`;
  return url;
}

function onUnauthenticated(): void {
  clearSession();
  const { pathname, search } = window.location;
  // On a public page (a failed login) the user is where they need to be already.
  if (isPublicPath(pathname)) return;
  // Keep the page in the redirect query so signing in again brings the user back.
  navigate(loginPathFor(`${pathname}${search}`));
}

/**
 * One call to the API. Resolves with the answer's body; on 403 resolves with undefined after an
 * error message (spec §8); on any other failure shows the message and rejects with a RequestError.
 */
export async function request<T>(options: RequestOptions): Promise<T | undefined> {
  try {
    const response = await httpClient.request<T>({
      method: options.method,
      url: buildUrl(options),
      data: options.data,
      params: options.params,
      headers: options.headers,
      onUploadProgress: options.onUploadProgress,
    });
    return response.data;
  } catch (error) {
    return failedCall(error);
  }
}

/**
 * The error catalogue of spec §8 for a failed call on httpClient (also the data provider's calls made
 * by @refinedev/simple-rest): returns undefined for a 403 after its message, otherwise shows the
 * message and throws a RequestError (a 401 also ends the session).
 */
export function failedCall(error: unknown): undefined {
  if (!isAxiosError(error)) throw error;
  const status = error.response?.status;
  if (status === 401) {
    onUnauthenticated();
    throw new RequestError(errorMessageFrom(error), error);
  }
  if (status === 403) {
    push({ text: FORBIDDEN_MESSAGE, type: "error" });
    return undefined;
  }
  const message = errorMessageFrom(error);
  push({ text: message, type: "error" });
  throw new RequestError(message, error);
}
