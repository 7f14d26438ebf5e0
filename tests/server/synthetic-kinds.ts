import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../server/app";
import type { ChildRows, ResourceHooks, Row } from "../../server/resources/hooks";
import { buildRegistry } from "../../server/resources/model";
import { syncResourceSchema } from "../../server/resources/schema-sync";
import { secretPrefix } from "../../server/resources/secrets";
import { defineResource } from "../../src/resource-engine/define";
import {
  choice,
  integer,
  money,
  reference,
  referenceList,
  secret,
  text,
} from "../../src/resource-engine/fields";
import { bearer, createTestDatabase, type DatabaseKind, signIn, type TestDatabase } from "./helpers";

// Small made-up kinds using the declaration features the engine learned with child collections:
// children (with min/max, references, statusOf, an ownChangeLog collection), secrets, enum
// transitions, statusOf references and User references. Served at "tc-" paths so their tables
// never meet the real ones.

export const vendors = defineResource({
  kind: "Vendor",
  path: "tc-vendors",
  label: "Vendors",
  fields: { name: text({ required: true }) },
});

export const products = defineResource({
  kind: "Product",
  path: "tc-products",
  label: "Products",
  fields: { name: text({ required: true }) },
});

export const statuses = defineResource({
  kind: "Status",
  path: "tc-statuses",
  label: "Statuses",
  fields: {
    name: text({ required: true }),
    entity: choice(["order", "order_item"], { required: true }),
    next_status_ids: referenceList("Status"),
  },
});

export const orders = defineResource({
  kind: "Order",
  path: "tc-orders",
  label: "Orders",
  titleField: "number",
  fields: {
    number: text({ required: true, searchable: true }),
    status_id: reference("Status", { statusOf: "order" }),
    csr_id: reference("User", { label: "CSR" }),
    total: money({ readOnly: true }),
  },
  children: {
    items: {
      fields: {
        product_id: reference("Product", { required: true }),
        vendor_id: reference("Vendor", { onDelete: "setNull" }),
        description: text({ required: true, max: 40 }),
        quantity: integer({ required: true, min: 1, max: 1000 }),
        price: money(),
        item_status_id: reference("Status", { statusOf: "order_item" }),
      },
      titleField: "description",
      min: 1,
      max: 3,
    },
    charges: {
      fields: { label: text({ required: true }), amount: money({ required: true }) },
    },
  },
});

export const facilities = defineResource({
  kind: "Location",
  path: "tc-facilities",
  label: "Facilities",
  fields: { name: text({ required: true }) },
  children: {
    shipping_addresses: {
      fields: { nickname: text({ required: true }), city: text() },
      titleField: "nickname",
      ownChangeLog: true,
    },
  },
});

export const apiKeys = defineResource({
  kind: "ApiKey",
  path: "tc-api-keys",
  label: "API keys",
  fields: {
    name: text({ required: true }),
    prefix: text({ readOnly: true, max: 16 }),
    secret: secret("generated"),
  },
});

export const integrations = defineResource({
  kind: "Integration",
  path: "tc-integrations",
  label: "Integrations",
  fields: {
    name: text({ required: true }),
    credentials: secret("writeOnly"),
  },
});

export const refunds = defineResource({
  kind: "RefundApproval",
  path: "tc-refund-approvals",
  label: "Refund approvals",
  fields: {
    amount: money({ required: true }),
    status: choice(["requested", "under_review", "approved", "rejected", "processed"], {
      required: true,
      default: "requested",
      transitions: {
        requested: ["under_review"],
        under_review: ["approved", "rejected"],
        approved: ["processed"],
      },
    }),
  },
});

/** What the hooks saw: each compute's children and each afterWrite's collections. */
export interface HookLog {
  compute: (ChildRows | undefined)[];
  afterWrite: { action: string; children?: ChildRows; previousChildren?: ChildRows }[];
}

export function syntheticRegistry(log: HookLog) {
  const orderHooks: ResourceHooks = {
    // An order's total from its items, as a real kind's hooks would: only when they are written.
    compute(values: Row, _previous: Row | null, children?: ChildRows) {
      log.compute.push(children);
      if (!children) return;
      values.total = children.items.reduce(
        (sum, item) => sum + Number(item.quantity ?? 0) * Number(item.price ?? 0),
        0,
      );
    },
    async afterWrite(ctx) {
      log.afterWrite.push({
        action: ctx.action,
        children: ctx.children,
        previousChildren: ctx.previousChildren,
      });
    },
  };
  const keyHooks: ResourceHooks = {
    // The stored secret keeps the plaintext's first characters: enough to tell keys apart.
    compute(values: Row, previous: Row | null) {
      if (!previous && typeof values.secret === "string") values.prefix = secretPrefix(values.secret);
    },
  };
  return buildRegistry(
    [vendors, products, statuses, orders, facilities, apiKeys, integrations, refunds],
    new Map([
      ["Order", orderHooks],
      ["ApiKey", keyHooks],
    ]),
  );
}

type Json = Record<string, unknown>;

export interface SyntheticApp {
  db: TestDatabase;
  app: FastifyInstance;
  log: HookLog;
  registry: ReturnType<typeof syntheticRegistry>;
  tokens: { admin: string; other: string };
  call(method: string, url: string, payload?: unknown, token?: string): Promise<LightMyRequestResponse>;
  create(path: string, body: Json, token?: string): Promise<Json & { id: number; version: number }>;
  close(): Promise<void>;
}

/** A seeded database with the synthetic kinds' tables, and an app serving only them. */
export async function syntheticApp(dbKind: DatabaseKind): Promise<SyntheticApp> {
  const log: HookLog = { compute: [], afterWrite: [] };
  const registry = syntheticRegistry(log);
  const db = await createTestDatabase(dbKind);
  await syncResourceSchema(db.handle.db, registry);
  const app = buildApp({ database: db.handle, resources: registry });
  await app.ready();
  const [admin, other] = await Promise.all([
    signIn(app, "admin@pressroom.test"),
    signIn(app, "admin@other.test", 2),
  ]);
  const call = (method: string, url: string, payload?: unknown, token = admin) =>
    app.inject({
      method: method as "GET",
      url: `/api/v1/${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  return {
    db,
    app,
    log,
    registry,
    tokens: { admin, other },
    call,
    async create(path, body, token = admin) {
      const res = await call("POST", path, body, token);
      if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    async close() {
      await app.close();
      await db.dispose();
    },
  };
}
