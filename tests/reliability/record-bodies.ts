import type { ResourceModel } from "../../server/resources/model";
import type { Field } from "../../src/resource-engine/fields";
import type { RecordFactory } from "../server/resource-factory";
import type { Json } from "./hostile-input";
import type { Send } from "./probe";

// Valid request bodies for the reliability suite, for one signed-in caller. Bodies come from the
// declarations (tests/server/resource-factory.ts) where that is enough; where a kind's own rules
// ask more than its declaration says (a run's items must name an order's items), a stored record
// of the caller's tenant is cloned with fresh unique values. Each kind's maker is checked once by
// creating a record with it.

const isWritable = (field: Field) =>
  !field.readOnly && !(field.type === "secret" && field.secret === "generated");

/** The writable fields of a stored record or row, as a body carries them. */
export function writableValues(fields: Record<string, Field>, row: Json): Json {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([name, field]) => isWritable(field) && row[name] !== undefined)
      .map(([name]) => [name, row[name]]),
  );
}

export class RecordBodies {
  private readonly makers = new Map<ResourceModel, Promise<() => Promise<Json>>>();

  constructor(
    private readonly send: Send,
    private readonly factory: RecordFactory,
  ) {}

  private async json(method: string, url: string, body?: Json): Promise<{ status: number; body: Json }> {
    const res = await this.send(
      method,
      url,
      body === undefined ? undefined : { text: JSON.stringify(body), contentType: "application/json" },
    );
    let parsed: Json = {};
    try {
      parsed = JSON.parse(res.text) as Json;
    } catch {
      // not JSON: the status says enough
    }
    return { status: res.status, body: parsed };
  }

  /** The first stored record of the kind in the caller's tenant (with its children), if any. */
  async stored(model: ResourceModel): Promise<(Json & { id: number }) | undefined> {
    const list = await this.json("GET", `${model.resource.path}?limit=1&sort=id`);
    const first = (list.body.data as Json[] | undefined)?.[0];
    if (!first) return undefined;
    return (await this.json("GET", `${model.resource.path}/${first.id}`)).body.data as Json & { id: number };
  }

  /** A maker of valid create bodies for the kind (checked once by creating a record). */
  maker(model: ResourceModel): Promise<() => Promise<Json>> {
    let made = this.makers.get(model);
    if (!made) {
      made = this.findMaker(model);
      this.makers.set(model, made);
    }
    return made;
  }

  /** A valid create body. */
  async body(model: ResourceModel): Promise<Json> {
    return (await this.maker(model))();
  }

  /** A new record of the kind; `change` adjusts the body first (an owner, a stock level). */
  async create(
    model: ResourceModel,
    change: (body: Json) => void = () => {},
  ): Promise<Json & { id: number }> {
    const body = await this.body(model);
    change(body);
    const res = await this.json("POST", model.resource.path, body);
    if (res.status !== 201) {
      throw new Error(
        `creating a ${model.kind} failed: ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`,
      );
    }
    return res.body.data as Json & { id: number };
  }

  /** A PATCH body of the stored record: its version, and its rows (id and writable fields). */
  async updateBase(model: ResourceModel, id: number): Promise<Json> {
    const record = (await this.json("GET", `${model.resource.path}/${id}`)).body.data as Json;
    const base: Json = { version: record.version };
    for (const child of model.children) {
      base[child.name] = (record[child.name] as Json[]).map((row) => ({
        id: row.id,
        ...writableValues(child.fields, row),
      }));
    }
    return base;
  }

  private async findMaker(model: ResourceModel): Promise<() => Promise<Json>> {
    const fromDeclaration = () => this.factory.body(model);
    const stored = await this.stored(model);
    const cloned = async () => {
      if (!stored) throw new Error(`no stored ${model.kind} to clone`);
      const body = writableValues(model.fields, stored);
      const n = this.factory.next();
      for (const [name, field] of Object.entries(model.fields)) {
        if (field.unique && name in body) body[name] = this.factory.value(field, name, n);
      }
      for (const child of model.children) {
        body[child.name] = (stored[child.name] as Json[]).map((row) => writableValues(child.fields, row));
      }
      return body;
    };
    const problems: string[] = [];
    for (const make of [fromDeclaration, cloned]) {
      try {
        const res = await this.json("POST", model.resource.path, await make());
        if (res.status === 201) return make;
        problems.push(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      } catch (error) {
        problems.push(String(error).slice(0, 300));
      }
    }
    throw new Error(`No valid create body for ${model.kind}:\n${problems.join("\n")}`);
  }
}
