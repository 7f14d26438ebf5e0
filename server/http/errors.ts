import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from "fastify";
import { z } from "zod";

// Every error answer has the contract's body: { message, errors?: [{ message, field? }] }.
// Handlers throw HttpError; everything else is mapped here, and anything
// unexpected becomes a bare 500 whose details stay in the server log.

export const fieldErrorSchema = z.object({ message: z.string(), field: z.string().optional() });
export const errorBodySchema = z
  .object({ message: z.string(), errors: z.array(fieldErrorSchema).optional() })
  .describe("Every error answer of the v1 API");
// One component (#/components/schemas/ErrorAnswer) that every route's error responses refer to,
// rather than a copy in each: the copies were about 40% of the OpenAPI document.
z.globalRegistry.add(errorBodySchema, { id: "ErrorAnswer", description: "Every error answer of the v1 API" });

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get body(): ErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const MESSAGES = {
  validation: "Validation failed",
  unauthenticated: "Unauthenticated",
  forbidden: "Forbidden",
  notFound: "Not found",
  payloadTooLarge: "Payload too large",
  internal: "Internal Server Error",
} as const;

export const validationFailed = (errors: FieldError[]) => new HttpError(400, MESSAGES.validation, errors);
/** A 400 about one field, e.g. fieldError("current_password", "Current password is incorrect"). */
export const fieldError = (field: string, message: string) => validationFailed([{ field, message }]);
export const unauthenticated = (message: string = MESSAGES.unauthenticated) => new HttpError(401, message);
export const forbidden = () => new HttpError(403, MESSAGES.forbidden);
export const notFound = () => new HttpError(404, MESSAGES.notFound);

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    reply.code(error.statusCode).send(error.body);
    return;
  }
  if (error.validation) {
    reply.code(400).send({ message: MESSAGES.validation, errors: validationErrors(error.validation) });
    return;
  }
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    // An uploaded file (@fastify/multipart) over its route's size limit.
    case "FST_REQ_FILE_TOO_LARGE":
      reply.code(413).send({ message: MESSAGES.payloadTooLarge });
      return;
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      reply
        .code(400)
        .send({ message: MESSAGES.validation, errors: [{ message: "The body is not valid JSON" }] });
      return;
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      reply.code(415).send({ message: "Unsupported media type; send application/json" });
      return;
  }
  if (databaseErrorCode(error) === "23505") {
    reply.code(409).send({ message: "This duplicates a value that must be unique; change it and try again" });
    return;
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Framework and plugin 4xx (bad headers, ranges): the status text is enough.
    reply
      .code(status)
      .send({ message: status === 404 ? MESSAGES.notFound : (STATUS_CODES[status] ?? "Bad request") });
    return;
  }
  request.log.error({ err: error }, "Unexpected error");
  reply.code(500).send({ message: MESSAGES.internal });
}

// Drizzle wraps the driver's error; both pg and PGlite carry the SQLSTATE as `code`.
function databaseErrorCode(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** One entry per bad field; zod reports unknown keys on the parent, so split them out. */
export function validationErrors(issues: FastifySchemaValidationError[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, "").split("/").filter(Boolean).join(".");
    const params = issue.params as { keys?: unknown } | undefined;
    if (issue.keyword === "unrecognized_keys" && Array.isArray(params?.keys)) {
      for (const key of params.keys) {
        errors.push({ field: path ? `${path}.${key}` : String(key), message: "Unknown field" });
      }
      continue;
    }
    const message = humanize(issue.message ?? "Invalid value");
    errors.push(path ? { field: path, message } : { message });
  }
  return errors;
}

function humanize(message: string): string {
  if (/received undefined$/.test(message)) return "This field is required";
  return message;
}
