import type { FastifyRequest } from "fastify";
import { getAuth } from "../auth/authenticate";
import { type FieldError, validationFailed } from "../http/errors";
import { scopeOf } from "./caller-scope";
import { type ChildWrite, checkChildBodies } from "./child-bodies";
import { mergeChildren } from "./children";
import { checkDependentReferences } from "./dependent-references";
import type { Row } from "./hooks";
import type { KindContext } from "./kind-context";
import type { ResourceModel } from "./model";
import { checkReferenceValues, childReferenceValues, referenceValues } from "./reference-checks";
import { checkCreateBody, checkUpdateBody } from "./validators";

// The first two steps of a write, before any transaction: the body read against the declaration
// (validate: every field, every child row, the owner rule), then every reference it names (check
// references: a record of the caller's tenant, of the right kind of status, and on create one its
// dependent references allow). One 400 lists every problem both steps found.

export interface WriteInput {
  /** Field → value to write (a create's defaults filled in). */
  values: Row;
  /** The child collections the body carries. */
  writes: ChildWrite[];
  /** What is wrong so far; checkWriteReferences adds to it and throws the 400. */
  errors: FieldError[];
}

/** A PATCH's input and the version it read. */
export interface UpdateInput extends WriteInput {
  version: number;
}

/** POST: the owner defaults to the caller; under CreateOwn it must be them. */
export function validateCreate(model: ResourceModel, request: FastifyRequest): WriteInput {
  const auth = getAuth(request);
  const { values, errors } = checkCreateBody(model, request.body);
  const writes = checkChildBodies(model, request.body, "create", errors);
  const owner = model.resource.ownerField;
  if (owner && values[owner] === null) values[owner] = auth.user.id;
  if (owner && scopeOf(request) === "own" && values[owner] !== auth.user.id) {
    errors.push({ field: owner, message: "You may only create records you own" });
  }
  return { values, writes, errors };
}

/** PATCH: the changed fields and the version read; under UpdateOwn a record goes to no one else. */
export function validateUpdate(model: ResourceModel, request: FastifyRequest): UpdateInput {
  const auth = getAuth(request);
  const { values, errors, version } = checkUpdateBody(model, request.body);
  const writes = checkChildBodies(model, request.body, "update", errors);
  const owner = model.resource.ownerField;
  if (owner && scopeOf(request) === "own" && owner in values && values[owner] !== auth.user.id) {
    errors.push({ field: owner, message: "You may only give records to yourself" });
  }
  return { values, writes, errors, version };
}

/**
 * The references of the record and of its child rows; on a create that is otherwise sound, also
 * its dependent references (an update's are checked in its transaction, against the stored record).
 * Throws the 400 of everything found wrong.
 */
export async function checkWriteReferences(
  { app, registry, model }: KindContext,
  request: FastifyRequest,
  { values, writes, errors }: WriteInput,
  action: "create" | "update",
): Promise<void> {
  const { tenantId } = getAuth(request);
  const refs = [...referenceValues(model.fields, values), ...childReferenceValues(writes)];
  await checkReferenceValues(app.db, registry, tenantId, refs, errors);
  if (action === "create" && errors.length === 0) {
    const children = writes.length > 0 ? mergeChildren(model, writes, {}) : undefined;
    const write = { record: values, previous: null, children };
    await checkDependentReferences(app.db, registry, model, tenantId, write, errors);
  }
  if (errors.length > 0) throw validationFailed(errors);
}
