import type { HttpError } from "@refinedev/core";
// The records of the administration kinds as the v1 API answers them (server/admin/schemas.ts).
import type { Permissions } from "./permission-matrix-model";

export interface RoleRecord {
  id: number;
  name: string;
  permissions: Permissions;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface GroupRecord {
  id: number;
  name: string;
  is_admin: boolean;
  site_ids: number[];
  role_ids: number[];
  member_ids: number[];
  version: number;
  created_at: string;
  updated_at: string;
}

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  IsAvanteSalesRep: boolean;
  IsAvanteCSR: boolean;
  isCustomerAgent: boolean;
  active: boolean;
  last_login_at: string | null;
  group_ids: number[];
  version: number;
  created_at: string;
  updated_at: string;
}

/** The user flags of spec §1, with the labels the screens show. */
export const USER_FLAGS = [
  { field: "IsAvanteSalesRep", label: "Sales rep" },
  { field: "IsAvanteCSR", label: "CSR" },
  { field: "isCustomerAgent", label: "Customer agent" },
] as const satisfies readonly { field: keyof UserRecord; label: string }[];

export interface SiteOption {
  id: number;
  name: string;
}

/** The answer of POST users/invite: the link is shown once, the server keeps only its hash. */
export interface CreatedInvitation {
  id: number;
  email: string;
  expires_at: string;
  link: string;
}

/** The API's error as the data provider rejects with it (src/providers/request-error.ts). */
export type ApiError = HttpError;

/** The field errors of a refused save: field → its messages. */
export function fieldErrorsOf(error: ApiError | null | undefined): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(error?.errors ?? {})) {
    if (typeof value === "string") result[field] = [value];
    else if (Array.isArray(value)) result[field] = value.map(String);
    else if (value && typeof value === "object" && "message" in value)
      result[field] = [String(value.message)];
  }
  return result;
}

/**
 * A refused save (409): a stale `version`, a name already taken, or the last administrator.
 * Each is shown with its sentence and a way to reload the record.
 */
export function isConflict(error: unknown): error is ApiError {
  return (error as ApiError | null)?.statusCode === 409;
}
