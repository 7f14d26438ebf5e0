import { z } from "zod";
import { errorBodySchema } from "../http/errors";

// Request and answer shapes shared by the auth routes; they also feed the OpenAPI document.

const MAX_ID = 2_147_483_647; // the integer columns' range

/** The app sends its configured tenant id; accept it as a number or as digits. */
export const tenantIdSchema = z.union(
  [
    z.number().int().positive().max(MAX_ID),
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number)
      .pipe(z.number().max(MAX_ID)),
  ],
  {
    error: (issue) =>
      issue.input === undefined ? "This field is required" : "Expected a tenant id (a positive integer)",
  },
);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Use at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const tokenSchema = z.string().min(1, "This field is required").max(512);

export const sessionAnswerSchema = z.object({
  data: z.object({
    customToken: z.string().nullable().describe("Token for the identity provider; null without one"),
    sessionCookie: z.string().describe("The session token; send it as Authorization: Bearer <token>"),
  }),
});

export const messageAnswerSchema = z.object({ message: z.string() });
export const nullAnswerSchema = z.object({ data: z.null() });

/** Error answers as documented responses (their bodies come from the error handler). */
export const errorAnswers = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
