import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type FieldError, validationFailed } from "./errors";

// Two shapes a JSON body can take that no field check should ever see, refused (400) before
// any route's validation runs:
// - nesting deeper than any record holds: the recursive checks (zod's JSON schema, the NUL
//   scan) and PostgreSQL's jsonb overflow their stacks on a few thousand levels, which was a 500;
// - text that is not Unicode (a lone surrogate, "\ud800" in the JSON): UTF-8 cannot hold it, so
//   the driver stored U+FFFD instead and the record silently differed from what was sent.
// The walk is iterative, so the guard itself cannot overflow.

/** Deeper than any declared JSON field needs (options, artwork, settings are 2-4 levels). */
export const MAX_BODY_DEPTH = 64;

const NOT_UNICODE = "Contains text that is not valid Unicode (a lone surrogate)";
// With the u flag, a paired surrogate is one code point: only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** The first problem of a parsed JSON body, or undefined when it has none. */
export function bodyProblem(body: unknown): FieldError | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) return { ...(path ? { field: path } : {}), message: NOT_UNICODE };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_BODY_DEPTH) {
      return { ...(path ? { field: path } : {}), message: `Nested more than ${MAX_BODY_DEPTH} levels deep` };
    }
    for (const [key, child] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) return { message: NOT_UNICODE };
      stack.push({ value: child, path: at, depth: depth + 1 });
    }
  }
  return undefined;
}

export function registerBodyGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    if (request.body === undefined || request.body === null) return;
    // A body a route reads as it streams in (a mailing list's CSV) is not parsed JSON.
    if (request.body instanceof Readable) return;
    const problem = bodyProblem(request.body);
    if (problem) throw validationFailed([problem]);
  });
}
