import type { FastifyInstance } from "fastify";
import type { ResourceModel, ResourceRegistry } from "../../server/resources/model";
import type { Field } from "../../src/resource-engine/fields";
import { bearer } from "./helpers";

// Valid request bodies built from the field declarations alone, so the table-driven suite
// covers every declared kind, including kinds added after it was written. Referenced records
// are created first (through the API, one per kind, shared); optional references that would loop
// back are left empty.

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
];

export class RecordFactory {
  private n = 0;
  /** A prefix unique to this factory, so values never collide with seeded ones or another run's. */
  private readonly tag = Math.random().toString(36).slice(2, 6);

  constructor(
    private readonly app: FastifyInstance,
    private readonly token: string,
    private readonly registry: ResourceRegistry,
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
        return { sample: n, variant };
      case "reference":
      case "referenceList":
        throw new Error("references are created by body()");
    }
  }

  /** A valid create body for the kind: every writable field set (references to fresh records). */
  async body(model: ResourceModel, stack: string[] = []): Promise<Record<string, unknown>> {
    const n = this.next();
    const body: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(model.fields)) {
      if (field.readOnly) continue;
      if (field.type === "reference" || field.type === "referenceList") {
        const target = this.registry.target(field);
        if (stack.includes(target.kind) || target === model) {
          if (field.required) throw new Error(`${model.kind}.${name}: a required reference in a cycle`);
          body[name] = field.type === "referenceList" ? [] : null;
          continue;
        }
        const id = await this.referenced(target, [...stack, model.kind]);
        body[name] = field.type === "referenceList" ? [id] : id;
        continue;
      }
      body[name] = this.value(field, name, n);
    }
    return body;
  }

  private readonly targets = new Map<ResourceModel, Promise<number>>();

  /** A record to point at: one per kind, made on first use (never the record a test deletes). */
  referenced(model: ResourceModel, stack: string[] = []): Promise<number> {
    let id = this.targets.get(model);
    if (!id) {
      id = this.create(model, stack).then((r) => r.id);
      this.targets.set(model, id);
    }
    return id;
  }

  async create(
    model: ResourceModel,
    stack: string[] = [],
  ): Promise<Record<string, unknown> & { id: number }> {
    const body = await this.body(model, stack);
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
    case "boolean":
      return "yes";
    case "json":
      return undefined;
    default:
      return 12345;
  }
}
