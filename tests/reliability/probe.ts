import type { ResourceModel } from "../../server/resources/model";
import type { Field } from "../../src/resource-engine/fields";
import { type Json, ONE_MIB, type Spoil, spoiledBody, valueAt } from "./hostile-input";

// One hostile request and the judgement of its answer, shared by the fast suite (app.inject,
// with a database fingerprint around every refusal) and the long run (a real server over HTTP).
// A violation throws an Error naming the request, so fast-check reports it with the input.

export interface Answer {
  status: number;
  text: string;
  contentType: string;
}

/** Sends one request to the API as one signed-in caller; `url` is relative to /api/v1/. */
export type Send = (
  method: string,
  url: string,
  body?: { text: string; contentType: string },
) => Promise<Answer>;

/** Called around writes: `before` ahead of each, `rejected`/`accepted` after (the database checks). */
export interface WriteWatch {
  before(): Promise<void>;
  rejected(what: string): Promise<void>;
  accepted(): Promise<void>;
}

export class ProbeCounts {
  requests = 0;
  serverErrors = 0;
  accepted = 0;
  rejected = 0;
  readonly kinds = new Set<string>();
}

const BODY_LIMIT = ONE_MIB;

function parse(answer: Answer): Json | undefined {
  try {
    return JSON.parse(answer.text) as Json;
  } catch {
    return undefined;
  }
}

const short = (text: string, n = 300) => (text.length > n ? `${text.slice(0, n)}…` : text);

/** A contract error body: a message, and for a 400 a non-empty errors[] of { message, field? }. */
function checkErrorBody(answer: Answer, what: string): Json {
  const body = parse(answer);
  if (!body || typeof body.message !== "string" || body.message === "") {
    throw new Error(`${what}: ${answer.status} without a message: ${short(answer.text)}`);
  }
  if (answer.status === 400) {
    const errors = body.errors;
    if (!Array.isArray(errors) || errors.length === 0) {
      throw new Error(`${what}: 400 without errors[]: ${short(answer.text)}`);
    }
    for (const e of errors as Json[]) {
      if (typeof e?.message !== "string" || (e.field !== undefined && typeof e.field !== "string")) {
        throw new Error(`${what}: malformed errors[] entry ${JSON.stringify(e)}`);
      }
    }
  }
  return body;
}

/** How a stored value reads back: datetimes as instants, everything else as sent. */
function sameValue(field: Field | undefined, sent: unknown, read: unknown): boolean {
  if (field?.type === "datetime" && typeof sent === "string" && typeof read === "string") {
    return Date.parse(sent) === Date.parse(read);
  }
  return JSON.stringify(sent) === JSON.stringify(read);
}

function fieldAt(model: ResourceModel, path: (string | number)[]): Field | undefined {
  if (path.length === 1) return model.fields[path[0] as string];
  const child = model.children.find((c) => c.name === path[0]);
  return child?.fields[path[2] as string];
}

/**
 * Sends `base` spoiled by `spoil` (POST to `url`, or PATCH) and judges the answer. Answers the
 * record when the write was accepted.
 */
export async function probeWrite(
  send: Send,
  counts: ProbeCounts,
  model: ResourceModel,
  method: "POST" | "PATCH",
  url: string,
  base: Json,
  spoil: Spoil,
  watch?: WriteWatch,
): Promise<Json | undefined> {
  counts.kinds.add(model.kind);
  const body = spoiledBody(base, spoil);
  const what = `${method} ${url} [${spoil.note}]`;
  await watch?.before();
  counts.requests += 1;
  const answer = await send(method, url, body);
  if (answer.status >= 500) {
    counts.serverErrors += 1;
    throw new Error(`${what}: ${answer.status} ${short(answer.text)}`);
  }
  const ok = answer.status >= 200 && answer.status < 300;
  const oversize = Buffer.byteLength(body.text) > BODY_LIMIT;
  if (ok) {
    counts.accepted += 1;
    await watch?.accepted();
    if (spoil.op === "raw" || spoil.expect === "reject" || oversize) {
      throw new Error(`${what}: accepted (${answer.status}) what must be refused: ${short(answer.text)}`);
    }
    const record = (parse(answer)?.data ?? {}) as Json;
    if (spoil.expect === "accept" && spoil.op === "set") {
      const read = valueAt(record, spoil.path);
      if (!sameValue(fieldAt(model, spoil.path), spoil.value, read)) {
        throw new Error(
          `${what}: stored ${JSON.stringify(read)} for ${JSON.stringify(spoil.value)} (not as sent)`,
        );
      }
    }
    return record;
  }
  counts.rejected += 1;
  const allowed =
    spoil.op === "raw"
      ? spoil.statuses
      : oversize
        ? [413]
        : spoil.expect === "reject"
          ? [400]
          : spoil.expect === "either"
            ? [400, 409]
            : [];
  if (!allowed.includes(answer.status)) {
    throw new Error(
      `${what}: ${answer.status}, expected ${allowed.join("/") || "2xx"}: ${short(answer.text)}`,
    );
  }
  const error = checkErrorBody(answer, what);
  if (answer.status === 400 && spoil.op !== "raw" && spoil.expect === "reject" && spoil.field !== undefined) {
    const fields = (error.errors as Json[]).map((e) => e.field);
    const named = fields.some(
      (f) => typeof f === "string" && (f === spoil.field || f.startsWith(`${spoil.field}.`)),
    );
    if (!named) throw new Error(`${what}: the 400 does not name ${spoil.field}: ${short(answer.text)}`);
  }
  await watch?.rejected(what);
  return undefined;
}

/**
 * GET of a list (or its CSV export, or a change log) with a generated query: a 200 holding only
 * the caller's tenant's rows, or a 400 listing what is wrong (a 404 for a change log of no
 * record). Never a 5xx.
 */
export async function probeQuery(
  send: Send,
  counts: ProbeCounts,
  model: ResourceModel,
  url: string,
  tenantId: number,
): Promise<void> {
  counts.kinds.add(model.kind);
  counts.requests += 1;
  const answer = await send("GET", url);
  const what = `GET ${url}`;
  if (answer.status >= 500) {
    counts.serverErrors += 1;
    throw new Error(`${what}: ${answer.status} ${short(answer.text)}`);
  }
  if (answer.status === 200) {
    if (url.includes("/export.csv")) {
      if (!answer.contentType.startsWith("text/csv"))
        throw new Error(`${what}: not CSV (${answer.contentType})`);
      return;
    }
    const body = parse(answer);
    if (!body || !Array.isArray(body.data) || typeof body.meta !== "object") {
      throw new Error(`${what}: a 200 that is not a list: ${short(answer.text)}`);
    }
    if (!url.includes("/change-logs")) {
      const foreign = (body.data as Json[]).filter((row) => row.tenant_id !== tenantId);
      if (foreign.length > 0)
        throw new Error(`${what}: rows of another tenant: ${JSON.stringify(foreign[0])}`);
    }
    return;
  }
  const allowed = url.includes("/change-logs") ? [400, 404] : [400];
  if (!allowed.includes(answer.status)) throw new Error(`${what}: ${answer.status} ${short(answer.text)}`);
  checkErrorBody(answer, what);
}
