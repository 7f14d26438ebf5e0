import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { bearer, signIn } from "./helpers";

// The domain suites' calls (domain-*.test.ts): requests as a signed-in user, and the records a
// test needs made through the API (the seeded master data is looked up, not assumed by id).

export type Json = Record<string, unknown>;
export type Saved = Json & { id: number; version: number };

export interface Api {
  call(method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  create(path: string, body: Json): Promise<Saved>;
  get(path: string, id: number): Promise<Saved>;
  /** PATCH with the version read just before. */
  update(path: string, id: number, body: Json): Promise<Saved>;
  /** The first record of a list (query appended as is). */
  first(path: string, query?: string): Promise<Saved>;
}

export function api(app: FastifyInstance, token: string): Api {
  const call = (method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as "GET",
      url: `/api/v1/${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  const ok = async (res: LightMyRequestResponse, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json().data as Saved;
  };
  const get = async (path: string, id: number) =>
    ok(await call("GET", `${path}/${id}`), 200, `GET ${path}/${id}`);
  return {
    call,
    create: async (path, body) => ok(await call("POST", path, body), 201, `POST ${path}`),
    get,
    update: async (path, id, body) => {
      const { version } = await get(path, id);
      return ok(await call("PATCH", `${path}/${id}`, { ...body, version }), 200, `PATCH ${path}/${id}`);
    },
    first: async (path, query = "") => {
      const res = await call("GET", `${path}?limit=1${query ? `&${query}` : ""}`);
      const [row] = (await ok(res, 200, `GET ${path}`)) as unknown as Saved[];
      if (!row) throw new Error(`no ${path} matching ${query}`);
      return row;
    },
  };
}

/** The demo tenant's manager, CSR and press operator, and the other tenant's admin, each signed in. */
export async function demoStaff(
  app: FastifyInstance,
): Promise<{ admin: Api; csr: Api; press: Api; other: Api }> {
  const [admin, csr, press, other] = await Promise.all([
    signIn(app, "admin@pressroom.test"),
    signIn(app, "csr@pressroom.test"),
    signIn(app, "press@pressroom.test"),
    signIn(app, "admin@other.test", 2),
  ]);
  return { admin: api(app, admin), csr: api(app, csr), press: api(app, press), other: api(app, other) };
}

let serial = 0;
/** A value unique within the test run ("T17"), for numbers and SKUs. */
export function unique(prefix: string): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36).slice(-4)}${serial}`;
}

/** A stock item with `on_hand` sheets (the seeded types and units). */
export async function makeInventory(a: Api, name: string, onHand: number): Promise<Saved> {
  const type = await a.first("inventory-types");
  const unit = await a.first("inventory-measure-units");
  return a.create("inventories", {
    sku: unique("INV"),
    name,
    inventory_type_id: type.id,
    measure_unit_id: unit.id,
    on_hand: onHand,
  });
}

/** A status of an entity by its code (seeded statuses). */
export async function status(a: Api, entity: string, code: string): Promise<Saved> {
  const res = await a.call("GET", `statuses?entity=${entity}&limit=100`);
  const found = (res.json().data as Saved[]).find((s) => s.code === code);
  if (!found) throw new Error(`no ${entity} status ${code}`);
  return found;
}

/** An order with `items` (each a product, description and quantity unless given). */
export async function makeOrder(a: Api, items: Json[], extra: Json = {}): Promise<Saved> {
  const customer = await a.first("customers");
  const product = await a.first("products").catch(async () => makeProduct(a));
  return a.create("orders", {
    order_number: unique("W-"),
    customer_id: customer.id,
    ordered_at: "2026-03-02T15:00:00.000Z",
    items: items.map((item) => ({
      product_id: product.id,
      description: "Postcards 4×6",
      quantity: 500,
      ...item,
    })),
    ...extra,
  });
}

export async function makeProduct(a: Api): Promise<Saved> {
  const site = await a.first("sites");
  const type = await a.first("product-types");
  return a.create("products", {
    sku: unique("P-"),
    name: "Postcard 4×6",
    site_id: site.id,
    product_type_id: type.id,
  });
}

/** The current record's value of one field, to compare in expectations. */
export async function fieldOf(a: Api, path: string, id: number, field: string): Promise<unknown> {
  return (await a.get(path, id))[field];
}

export function expectFieldError(
  res: { statusCode: number; json(): unknown },
  field: string,
  message: string | RegExp,
) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { errors: { field?: string; message: string }[] };
  expect(body.errors).toContainEqual({
    field,
    message: typeof message === "string" ? message : expect.stringMatching(message),
  });
}
