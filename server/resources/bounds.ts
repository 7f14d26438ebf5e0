import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { getAuth, requireAuth } from "../auth/authenticate";
import { errorAnswers } from "../auth/schemas";
import { type FieldError, validationFailed } from "../http/errors";
import { mayWrite } from "./create-defaults";
import type { Row } from "./hooks";
import type { ResourceModel } from "./model";
import { INT_MAX } from "./validators";

// POST {path}/bounds with { values, id }: the most (and least) the form's fields may hold given
// other records (a payment's amount: what its order has due), each with the rule in words, so the
// pages offer only what the write will accept. The kind's `bounds` hook answers (hooks.ts); its
// fields are declared `bounded` so the app knows to ask. Whoever may create or update the kind
// may ask; the hook reads the caller's tenant only. The write itself is still checked.

const boundSchema = z.object({
  max: z.number().optional(),
  min: z.number().optional(),
  locked: z.boolean().optional(),
  message: z.string(),
});

const bodySchema = z.object({
  values: z.record(z.string(), z.unknown()),
  id: z.number().int().min(1).max(INT_MAX).nullable().optional(),
});

/** The body as the hook takes it, or the 400's field errors. */
export function checkBoundsBody(body: unknown): { values: Row; id: number | null } | FieldError[] {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return [{ message: "The body must be a JSON object: { values, id }" }];
  }
  const parsed = bodySchema.strict().safeParse(body);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      field: issue.path.join(".") || undefined,
      message:
        issue.path[0] === "id"
          ? "The id of the record being edited, or null for a new one"
          : issue.path[0] === "values"
            ? "The form's values, as an object"
            : issue.message,
    }));
  }
  return { values: parsed.data.values, id: parsed.data.id ?? null };
}

export function boundsRoute(app: FastifyInstance, model: ResourceModel): void {
  const bounds = model.hooks.bounds;
  if (!bounds) return;
  app.post(
    "/bounds",
    {
      onRequest: [requireAuth, mayWrite(model)],
      schema: {
        summary: `What other records allow in a ${model.singular}'s fields`,
        description:
          "For a form: each bounded field's max/min (or that it is locked) given the form's values (children as arrays; " +
          'keys are field paths, "drops.2.quantity" for a child row) and the rule in words.',
        tags: [model.resource.label],
        security: [{ bearer: [] }],
        body: bodySchema,
        response: {
          200: z.object({ data: z.record(z.string(), boundSchema) }),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const body = checkBoundsBody(request.body);
      if (Array.isArray(body)) throw validationFailed(body);
      const auth = getAuth(request);
      const data = await bounds({
        tx: app.db,
        model,
        tenantId: auth.tenantId,
        userId: auth.user.id,
        config: app.config,
        values: body.values,
        id: body.id,
      });
      return { data };
    },
  );
}
