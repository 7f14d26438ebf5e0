import type { FastifyInstance } from "fastify";
import type { ResourceModel, ResourceRegistry } from "../../server/resources/model";
import { IDENTITY_KINDS } from "../../src/resource-engine/define";
import type { Field, JsonShape } from "../../src/resource-engine/fields";
import { bearer } from "./helpers";
import { RECIPES } from "./resource-recipes";

// Valid request bodies built from the field declarations alone, so the table-driven suite
// covers every declared kind, including kinds added after it was written. Referenced records
// are created first (through the API, one per kind, shared); optional references that would loop
// back are left empty. A reference with statusOf gets a Status of that entity (one per entity); a
// reference to a User names the caller (a member of the tenant). Each child collection gets as
// many rows as it must have, at least one. Generated secrets are left out (the server makes
// them); write-only ones get a text.

/** Values a pattern-constrained text field may take; the first that matches (and fits) is used. */
const PATTERN_CANDIDATES: ((n: number) => string)[] = [
  (n) => `t${n}`,
  (n) => `code_${n}`,
  (n) => `t-${n}`,
  (n) => `t${n}.example.test`,
  (n) => `T${n}`,
  (n) => String(n),
  () => "US",
  () => "12:30",
  (n) => String(n).padStart(5, "0").slice(-5),
  (n) => String(n).padStart(4, "0").slice(-4),
  (n) => `C${String(n % 1000).padStart(3, "0")}`,
  (n) => `${(n % 9) + 1}/${n % 10}`,
];

/** A field a body may carry: not computed, not made by the server. */
export const isWritable = (field: Field): boolean =>
  !field.readOnly && !(field.type === "secret" && field.secret === "generated");

/** How an answer shows a value that was sent: a secret only as whether it is set. */
export function expectedOutput(field: Field, sent: unknown): unknown {
  return field.type === "secret" ? sent !== null && sent !== undefined : sent;
}

export class RecordFactory {
  private n = 0;
  /** A prefix unique to this factory, so values never collide with seeded ones or another run's. */
  private readonly tag = Math.random().toString(36).slice(2, 6);

  constructor(
    private readonly app: FastifyInstance,
    private readonly token: string,
    private readonly registry: ResourceRegistry,
    /** The caller's user id: what User references name. */
    private readonly userId = 1,
  ) {}

  next(): number {
    this.n += 1;
    return this.n;
  }

  /** A valid value for one field; `variant` gives a second, different valid value. */
  value(field: Field, name: string, n: number, variant = 0): unknown {
    switch (field.type) {
      case "text":
      case "longText":
      case "richText": {
        if (field.pattern) {
          const re = new RegExp(`^(?:${field.pattern})$`);
          const candidate = PATTERN_CANDIDATES.map((c) => c(n * 2 + variant)).find(
            (c) => re.test(c) && c.length <= (field.max ?? 1000) && c.length >= (field.min ?? 0),
          );
          if (!candidate) throw new Error(`No sample value for pattern ${field.pattern} of ${name}: add one`);
          return candidate;
        }
        // The unique part first: a short maximum cuts the label, not the uniqueness.
        const text = `${this.tag}${n}${variant ? "b" : ""} ${field.label ?? name}`;
        const sized = text.slice(0, field.max ?? 200);
        return field.type === "richText" ? sized : sized.padEnd(field.min ?? 0, "x");
      }
      case "email":
        return `user${variant}.${this.tag}${n}@example.com`;
      case "phone":
        return variant ? "(312) 555-0199" : "(312) 555-0100";
      case "url":
        return `https://example.com/${this.tag}/${n}/${variant}`;
      case "colour":
        return variant ? "#00ff88" : "#1a2b3c";
      case "integer":
      case "decimal":
      case "money":
      case "percent": {
        const min = field.min ?? 0;
        const max = field.max ?? min + 1000;
        const step = field.type === "integer" || field.scale === 0 ? 1 : 0.5;
        return Math.min(max, min + step * (variant ? 3 : 1));
      }
      case "date":
        return variant ? "2024-06-15" : "2024-05-01";
      case "datetime":
        return variant ? "2024-06-15T08:00:00.000Z" : "2024-05-01T14:30:00.000Z";
      case "boolean":
        return variant ? field.default === true : field.default !== true;
      case "enum": {
        const values = field.values.map((v) => v.value);
        const others = values.filter((v) => v !== field.default);
        const pool = others.length > 0 ? others : values;
        return pool[variant % pool.length];
      }
      case "json":
        return field.shape ? shapeSample(field.shape, n + variant) : { sample: n, variant };
      case "secret":
        if (field.secret === "generated") throw new Error(`${name}: a generated secret is never sent`);
        return `secret-${this.tag}${n}${variant ? "b" : ""}`;
      case "reference":
      case "referenceList":
        throw new Error("references are created by body()");
    }
  }

  /**
   * A valid create body for the kind: every writable field set (references to fresh records),
   * `overrides` on top; each collection's rows get `rowOverrides[name]` on top.
   */
  async body(
    model: ResourceModel,
    stack: string[] = [],
    overrides: Record<string, unknown> = {},
    rowOverrides: Record<string, Record<string, unknown>> = {},
  ): Promise<Record<string, unknown>> {
    const body = { ...(await this.values(model, model.fields, stack)), ...overrides };
    const recipe = RECIPES[model.kind];
    await recipe?.body?.(body, this);
    for (const child of model.children) {
      const rows: Record<string, unknown>[] = [];
      for (let i = 0; i < Math.max(child.collection.min, 1); i++) {
        const row = await this.values(model, child.fields, stack);
        await recipe?.row?.(child.name, row, body, this);
        rows.push({ ...row, ...rowOverrides[child.name] });
      }
      body[child.name] = rows;
    }
    return body;
  }

  /** A valid new row of one of the kind's collections, for a record of `parent`'s values. */
  async row(
    model: ResourceModel,
    childName: string,
    parent: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const child = model.children.find((c) => c.name === childName);
    if (!child) throw new Error(`${model.kind} has no child collection ${childName}`);
    const row = await this.values(model, child.fields, [model.kind]);
    await RECIPES[model.kind]?.row?.(childName, row, { ...parent }, this);
    return row;
  }

  /** A new record of `kind` (a body as body() makes it, with the overrides). */
  createKind(
    kind: ResourceModel["kind"],
    overrides?: Record<string, unknown>,
    rowOverrides?: Record<string, Record<string, unknown>>,
  ): Promise<Record<string, unknown> & { id: number }> {
    const model = this.registry.byKind.get(kind);
    if (!model) throw new Error(`${kind} is not declared`);
    return this.body(model, [], overrides, rowOverrides).then((body) => this.post(model, body));
  }

  /** Values for `fields` (a kind's or one of its child collections'). */
  private async values(
    model: ResourceModel,
    fields: Record<string, Field>,
    stack: string[],
  ): Promise<Record<string, unknown>> {
    const n = this.next();
    const body: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fields)) {
      if (!isWritable(field)) continue;
      if (field.type === "reference" || field.type === "referenceList") {
        let id: number;
        if (IDENTITY_KINDS.has(field.target)) id = this.userId;
        else {
          const target = this.registry.target(field);
          // One being made further up this chain is not there yet: waiting on it would never end.
          const made = this.made.has(target) && !field.statusOf;
          if (!made && !this.canCreate(target, [...stack, model.kind])) {
            if (field.required) throw new Error(`${model.kind}.${name}: a required reference in a cycle`);
            body[name] = field.type === "referenceList" ? [] : null;
            continue;
          }
          id = field.statusOf
            ? await this.status(field.statusOf, [...stack, model.kind])
            : await this.referenced(target, [...stack, model.kind]);
        }
        body[name] = field.type === "referenceList" ? [id] : id;
        continue;
      }
      body[name] = this.value(field, name, n);
    }
    return body;
  }

  /** Whether a record of `model` can be made without going round a cycle of required references. */
  private canCreate(model: ResourceModel, stack: string[]): boolean {
    if (stack.includes(model.kind)) return false;
    const next = [...stack, model.kind];
    return [model.fields, ...model.children.map((c) => c.fields)].every((fields) =>
      Object.values(fields).every(
        (f) =>
          !(f.type === "reference" || f.type === "referenceList") ||
          !f.required ||
          !isWritable(f) ||
          IDENTITY_KINDS.has(f.target) ||
          this.canCreate(this.registry.target(f), next),
      ),
    );
  }

  private readonly statuses = new Map<string, Promise<number>>();

  /** A Status of `entity` to point at (one per entity, made on first use). */
  status(entity: string, stack: string[] = []): Promise<number> {
    let id = this.statuses.get(entity);
    if (!id) {
      const model = this.registry.byKind.get("Status");
      if (!model) throw new Error("statusOf needs the Status kind");
      id = this.body(model, stack).then((body) => this.post(model, { ...body, entity }).then((r) => r.id));
      this.statuses.set(entity, id);
    }
    return id;
  }

  private readonly targets = new Map<ResourceModel, Promise<number>>();
  private readonly made = new Set<ResourceModel>();

  /** A record to point at: one per kind, made on first use (never the record a test deletes). */
  referenced(model: ResourceModel, stack: string[] = []): Promise<number> {
    let id = this.targets.get(model);
    if (!id) {
      id = this.create(model, stack).then((r) => {
        this.made.add(model);
        return r.id;
      });
      this.targets.set(model, id);
    }
    return id;
  }

  async create(
    model: ResourceModel,
    stack: string[] = [],
  ): Promise<Record<string, unknown> & { id: number }> {
    return this.post(model, await this.body(model, stack));
  }

  private async post(
    model: ResourceModel,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown> & { id: number }> {
    const res = await this.app.inject({
      method: "POST",
      url: `/api/v1/${model.resource.path}`,
      headers: bearer(this.token),
      payload: body,
    });
    if (res.statusCode !== 201) {
      throw new Error(
        `creating a ${model.kind} failed: ${res.statusCode} ${res.body}\n${JSON.stringify(body)}`,
      );
    }
    return res.json().data;
  }
}

/** A small value of a declared JSON shape (two entries of a list, increasing where it must). */
function shapeSample(shape: JsonShape, n: number): unknown {
  switch (shape.type) {
    case "string":
      return `s${n}`.slice(0, shape.max);
    case "url":
      return `https://example.com/file/${n}`;
    case "integer":
      return Math.min(shape.max, shape.min + n);
    case "money":
      return shape.min + n + 0.5;
    case "enum":
      return shape.values[n % shape.values.length];
    case "array":
      return [0, 1].map((i) => shapeSample(shape.items, n + i));
    case "object":
      return Object.fromEntries(Object.entries(shape.properties).map(([k, v]) => [k, shapeSample(v, n)]));
    case "map":
      return { [`key${n}`]: shapeSample(shape.values, n) };
  }
}

/** A value of the wrong JSON type for a field, or undefined when every JSON value is valid (json). */
export function wrongTypeValue(field: Field): unknown {
  switch (field.type) {
    case "integer":
    case "decimal":
    case "money":
    case "percent":
    case "reference":
      return "not a number";
    case "referenceList":
      return "not a list";
    case "secret":
      return 12345;
    case "boolean":
      return "yes";
    case "json":
      return undefined;
    default:
      return 12345;
  }
}

const isReferenceField = (f: Field) => f.type === "reference" || f.type === "referenceList";

/** The fields a cross-field rule ties together (a PO's dates, an order's discount and subtotal). */
function relatedFields(model: ResourceModel): Set<string> {
  const related = new Set<string>();
  for (const [name, f] of Object.entries(model.fields)) {
    const relation = "notBefore" in f ? f.notBefore : "notAbove" in f ? f.notAbove : undefined;
    if (relation) related.add(name).add(relation.field);
    if ("notAfter" in f && f.notAfter) related.add(name);
  }
  return related;
}

/**
 * A field a PATCH may change to another valid value without touching references, uniqueness,
 * workflows or a cross-field rule (the permission and isolation tests change one such field).
 */
export function plainField(model: ResourceModel): [string, Field] | undefined {
  const related = relatedFields(model);
  return Object.entries(model.fields).find(
    ([name, f]) =>
      !f.readOnly &&
      !f.unique &&
      // Bounded by other records (a payment's amount by its order's): not plain.
      !("bounded" in f && f.bounded) &&
      !isReferenceField(f) &&
      !related.has(name) &&
      f.type !== "secret" &&
      f.type !== "json" &&
      !(f.type === "enum" && f.transitions),
  );
}
