import { z } from "zod";
import { errorAnswers } from "../auth/schemas";

// Request and answer shapes shared by the administration routes (they feed the OpenAPI document).

const MAX_ID = 2_147_483_647;

export const idSchema = z.number().int().positive().max(MAX_ID);

export const idParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Expected a record id (a positive integer)")
    .transform(Number)
    .pipe(z.number().max(MAX_ID, "Expected a record id (a positive integer)")),
});

/** The list query is read by parseListQuery (unknown fields are 400s there, naming them). */
export const listQuerySchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .describe(
    "page, limit (≤100), sort (e.g. name,-id), search, and field filters (field=a,b; field_gte=; field_lte=)",
  );

export const changeLogQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

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

export const metaSchema = z.object({ page: z.number(), limit: z.number(), total: z.number() });

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

export const userRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  IsAvanteSalesRep: z.boolean(),
  IsAvanteCSR: z.boolean(),
  isCustomerAgent: z.boolean(),
  active: z.boolean(),
  last_login_at: z.string().nullable(),
  group_ids: z.array(z.number().int()).describe("The user's groups in this tenant"),
  ...timestamps,
});

export const changeLogAnswerSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      changed_at: z.string(),
      user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
    }),
  ),
  meta: metaSchema,
});

export const one = <T extends z.ZodType>(record: T) => z.object({ data: record });
export const many = <T extends z.ZodType>(record: T) => z.object({ data: z.array(record), meta: metaSchema });
export const deletedAnswerSchema = z.object({ data: z.object({ id: z.number().int() }) });

/** The error answers every authenticated administration route can give. */
export const commonErrors = errorAnswers(400, 401, 403, 404);
export const writeErrors = errorAnswers(400, 401, 403, 404, 409);

export const iso = (date: Date | null) => (date ? date.toISOString() : null);
