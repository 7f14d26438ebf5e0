import { z } from "zod";
import { profileUserSchema } from "../auth/profile";
import { errorAnswers } from "../auth/schemas";
import { idSchema } from "../resources/validators";

// Request and answer shapes of the administration routes (they feed the OpenAPI document). Lists,
// path ids and change logs are the shared route factory's (server/resources/record-routes.ts).

export const nameSchema = z
  .string()
  .trim()
  .min(1, "This field is required")
  .max(120, "Use at most 120 characters");

export const versionSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? "This field is required" : "Expected the version you read",
  })
  .int()
  .min(1);

/** A list of ids (duplicates dropped). */
export const idListSchema = z
  .array(idSchema)
  .max(1000, "Use at most 1000 ids")
  .transform((ids) => [...new Set(ids)]);

const timestamps = { version: z.number().int(), created_at: z.string(), updated_at: z.string() };

export const roleRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.record(z.string(), z.array(z.string())),
  ...timestamps,
});

export const groupRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_admin: z.boolean(),
  site_ids: z.array(z.number().int()),
  role_ids: z.array(z.number().int()),
  member_ids: z.array(z.number().int()).describe("The ids of the users in the group"),
  ...timestamps,
});

/** The profile's user fields (auth/profile.ts) and what administration adds. */
export const userRecordSchema = profileUserSchema.omit({ UserGroups: true }).extend({
  active: z.boolean(),
  last_login_at: z.string().nullable(),
  group_ids: z.array(z.number().int()).describe("The user's groups in this tenant"),
  ...timestamps,
});

/** The error answers of an administration write. */
export const writeErrors = errorAnswers(400, 401, 403, 404, 409);

export const iso = (date: Date | null) => (date ? date.toISOString() : null);
