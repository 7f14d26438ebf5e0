import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import { childPath } from "../../src/resource-engine/define";
import type { Field, ReferenceField } from "../../src/resource-engine/fields";
import type { Json } from "../reliability/hostile-input";
import type { Send } from "../reliability/probe";
import { RecordBodies } from "../reliability/record-bodies";
import { BranchTally } from "./branch-tally";
import { bearer, createTestApp, describeEachStore, getProfile, signIn, type TestApp } from "./helpers";
import { plainField, RecordFactory } from "./resource-factory";

// Tenant isolation over every declared kind: for a record of tenant 1, the administrator of
// tenant 2 (admin@other.test, who holds '*' on every kind in their own tenant) gets a 404 on
// read, update, delete and change log; never finds it in a list, a search, a filter or a CSV
// export; cannot point at it from any kind's reference (a 400 on that field, saying nothing of
// it); and a tenant_id in a body is refused. Each check is paired with the owner's view of the
// same request, so a check that could not have seen the record anyway proves nothing.

const registry = await loadRegistry();
const models = registry.models.map((m) => [m.kind, m] as [string, ResourceModel]);

type Record1 = Json & { id: number; version: number };

const isReference = (f: Field): f is ReferenceField => f.type === "reference" || f.type === "referenceList";

// The kinds no other kind's field points at, written out: the "cannot be pointed at" check has nothing to try on
// them. A new reference to one of them, or a new kind nobody references, changes this list on purpose.
const UNREFERENCED = [
  "Agent",
  "ApiKey",
  "OrderSetting",
  "PackingSlip",
  "ProductAction",
  "PurchaseOrder",
  "RefundApproval",
  "TemplateAction",
];

describeEachStore("tenant isolation (%s)", (dbKind) => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let asAdmin: Send;
  let asOther: Send;
  let factory: RecordFactory;
  let bodies2: RecordBodies;
  /** A fresh record of tenant 1 of every kind. */
  const mine = new Map<string, Record1>();
  const ran = new BranchTally();

  const sender =
    (token: () => string): Send =>
    async (method, url, body) => {
      const res = await t.app.inject({
        method: method as "GET",
        url: `/api/v1/${url}`,
        headers: { ...bearer(token()), ...(body ? { "content-type": body.contentType } : {}) },
        ...(body ? { payload: body.text } : {}),
      });
      return {
        status: res.statusCode,
        text: res.body,
        contentType: String(res.headers["content-type"] ?? ""),
      };
    };

  const call = async (send: Send, method: string, url: string, body?: unknown) => {
    const res = await send(
      method,
      url,
      body === undefined ? undefined : { text: JSON.stringify(body), contentType: "application/json" },
    );
    let json: Json = {};
    try {
      json = JSON.parse(res.text) as Json;
    } catch {
      // CSV
    }
    return { status: res.status, json, text: res.text };
  };

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    [admin, other] = await Promise.all([
      signIn(t.app, "admin@pressroom.test"),
      signIn(t.app, "admin@other.test", 2),
    ]);
    asAdmin = sender(() => admin);
    asOther = sender(() => other);
    const otherId = (await getProfile(t.app, other, 2)).json().data.user.id as number;
    factory = new RecordFactory(t.app, admin, registry);
    const bodies1 = new RecordBodies(asAdmin, factory);
    bodies2 = new RecordBodies(asOther, new RecordFactory(t.app, other, registry, otherId));
    for (const model of registry.models) mine.set(model.kind, (await bodies1.create(model)) as Record1);
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
  });

  describe.each(models)("%s", (kind, model) => {
    const path = model.resource.path;

    it("is a 404 to the other tenant on read, update, delete and change log, and stays as it was", async () => {
      const record = mine.get(kind) as Record1;
      const url = `${path}/${record.id}`;
      expect((await call(asAdmin, "GET", url)).status).toBe(200);
      expect((await call(asAdmin, "GET", `${url}/change-logs`)).status).toBe(200);

      const read = await call(asOther, "GET", url);
      expect(read.status).toBe(404);
      expect(read.json).toEqual({ message: "Not found" });
      expect((await call(asOther, "GET", `${url}/change-logs`)).status).toBe(404);
      for (const child of model.children.filter((c) => c.collection.ownChangeLog)) {
        const rows = (record[child.name] as Json[]) ?? [];
        for (const row of rows) {
          const res = await call(asOther, "GET", `${url}/${childPath(child.name)}/${row.id}/change-logs`);
          expect(res.status, `${child.name} row ${row.id}`).toBe(404);
        }
      }

      const patch: Json = { version: record.version };
      const plain = plainField(model);
      if (plain) patch[plain[0]] = factory.value(plain[1], plain[0], factory.next(), 1);
      const update = await call(asOther, "PATCH", url, patch);
      expect(update.status, update.text).toBe(404);
      const remove = await call(asOther, "DELETE", url);
      expect(remove.status, remove.text).toBe(404);

      const after = await call(asAdmin, "GET", url);
      expect(after.status).toBe(200);
      expect((after.json.data as Json).version).toBe(record.version);
      expect((after.json.data as Json).tenant_id).toBe(1);
    });

    it("never appears in the other tenant's lists, searches, filters or CSV exports", async () => {
      const record = mine.get(kind) as Record1;
      const byId = `${path}?id=${record.id}`;
      expect(((await call(asAdmin, "GET", byId)).json.meta as Json).total).toBe(1);
      const list = await call(asOther, "GET", byId);
      expect(list.status).toBe(200);
      expect(list.json.data).toEqual([]);
      expect((list.json.meta as Json).total).toBe(0);

      const page = await call(asOther, "GET", `${path}?limit=100`);
      expect(page.status).toBe(200);
      for (const row of page.json.data as Json[]) expect(row.tenant_id).toBe(2);

      const searchable = model.searchable.find((n) => typeof record[n] === "string" && record[n] !== "");
      if (searchable) {
        const words = String(record[searchable]).split(/\s+/).slice(0, 3).join(" ");
        const search = `${path}?search=${encodeURIComponent(words)}&limit=100`;
        const own = (await call(asAdmin, "GET", search)).json.data as Json[];
        expect(own.map((r) => r.id)).toContain(record.id);
        const found = await call(asOther, "GET", search);
        expect(found.status).toBe(200);
        expect((found.json.data as Json[]).map((r) => r.id)).not.toContain(record.id);
        ran.hit("search", kind);
      }

      const reference = [...model.filterable].find(
        (n) => model.fields[n].type === "reference" && typeof record[n] === "number",
      );
      if (reference) {
        const own = await call(asAdmin, "GET", `${path}?${reference}=${record[reference]}&id=${record.id}`);
        expect((own.json.meta as Json).total).toBe(1);
        const filtered = await call(asOther, "GET", `${path}?${reference}=${record[reference]}`);
        expect(filtered.status).toBe(200);
        expect(filtered.json.data).toEqual([]);
        ran.hit("filter", kind);
      }

      const csvById = `${path}/export.csv?id=${record.id}`;
      expect((await call(asAdmin, "GET", csvById)).text.trim().split("\n")).toHaveLength(2);
      const csv = await call(asOther, "GET", csvById);
      expect(csv.status).toBe(200);
      expect(csv.text.trim().split("\n")).toHaveLength(1);
      const all = await call(asOther, "GET", `${path}/export.csv`);
      expect(all.status).toBe(200);
      expect(all.text.split(/\r?\n/).some((line) => line.startsWith(`${record.id},`))).toBe(false);
    });

    // Only where some kind points at this one (UNREFERENCED lists the others, checked below).
    if (model.incoming.length > 0)
      it("cannot be pointed at from the other tenant (a 400 on the field, naming nothing of it)", async () => {
        const record = mine.get(kind) as Record1;
        const title = String(record[model.resource.titleField] ?? "");
        for (const ref of model.incoming) {
          let body: Json;
          try {
            body = await bodies2.body(ref.from);
          } catch {
            body = {};
          }
          const value = ref.list ? [record.id] : record.id;
          let at: string;
          if (ref.child) {
            const rows = (body[ref.child.name] as Json[] | undefined) ?? [{}];
            body[ref.child.name] = [{ ...rows[0], [ref.field]: value }];
            at = `${ref.child.name}.0.${ref.field}`;
          } else {
            body[ref.field] = value;
            at = ref.field;
          }
          const res = await call(asOther, "POST", ref.from.resource.path, body);
          const where = `${ref.from.kind}.${at} → ${kind} ${record.id}`;
          expect(res.status, `${where}: ${res.text}`).toBe(400);
          const errors = (res.json.errors as Json[]).filter((e) => e.field === at);
          expect(errors, `${where}: ${res.text}`).toHaveLength(1);
          // A field the server sets (an order item's run_id) refuses any value before looking it up.
          const declared = ref.child
            ? ref.from.resource.children[ref.child.name].fields[ref.field]
            : ref.from.resource.fields[ref.field];
          expect(String(errors[0].message)).toMatch(
            declared.readOnly ? /^Computed by the server/ : /^There (is|are) no /,
          );
          if (title.length > 3) expect(res.text).not.toContain(title);
        }
      });

    it("refuses tenant_id in a body, and writes nothing", async () => {
      const record = mine.get(kind) as Record1;
      let body: Json;
      try {
        body = await bodies2.body(model);
      } catch {
        body = {};
      }
      const before = ((await call(asAdmin, "GET", `${path}?limit=1`)).json.meta as Json).total;
      const create = await call(asOther, "POST", path, { ...body, tenant_id: 1 });
      expect(create.status, create.text).toBe(400);
      expect((create.json.errors as Json[]).map((e) => e.field)).toContain("tenant_id");
      expect(((await call(asAdmin, "GET", `${path}?limit=1`)).json.meta as Json).total).toBe(before);

      const update = await call(asAdmin, "PATCH", `${path}/${record.id}`, {
        version: record.version,
        tenant_id: 2,
      });
      expect(update.status, update.text).toBe(400);
      expect((update.json.errors as Json[]).map((e) => e.field)).toContain("tenant_id");
      const after = (await call(asAdmin, "GET", `${path}/${record.id}`)).json.data as Json;
      expect(after.tenant_id).toBe(1);
      expect(after.version).toBe(record.version);
    });
  });

  it("tried every kind some other kind points at; the rest are the unreferenced ones written out", () => {
    const unreferenced = registry.models.filter((m) => m.incoming.length === 0).map((m) => m.kind);
    expect(unreferenced.sort()).toEqual(UNREFERENCED);
  });

  it("searched every kind with searchable text and filtered every kind with a reference filter", () => {
    const kinds = registry.models.map((m) => m.kind);
    // No searchable field: refund approvals are found by order, payment and status.
    expect(ran.without("search", kinds)).toEqual(["RefundApproval"]);
    // No filter on a reference.
    expect(ran.without("filter", kinds)).toEqual([
      "Agent",
      "ApiKey",
      "Attribute",
      "EquipmentType",
      "Integration",
      "InventoryPaperAttribute",
      "InventoryPaperGrade",
      "Location",
      "ProductType",
      "Service",
      "TemplateType",
      "VendorCategory",
    ]);
  });

  it("refuses a User reference to someone outside the caller's tenant", async () => {
    const userFields = registry.models.flatMap((model) => [
      ...Object.entries(model.fields)
        .filter(([, f]) => isReference(f) && f.target === "User" && !f.readOnly)
        .map(([name, f]) => ({
          model,
          child: undefined as string | undefined,
          name,
          list: f.type === "referenceList",
        })),
      ...model.children.flatMap((child) =>
        Object.entries(child.fields)
          .filter(([, f]) => isReference(f) && f.target === "User" && !f.readOnly)
          .map(([name, f]) => ({ model, child: child.name, name, list: f.type === "referenceList" })),
      ),
    ]);
    expect(userFields.length).toBeGreaterThan(0);
    // User 1 is admin@pressroom.test, a member of tenant 1 only.
    for (const { model, child, name, list } of userFields) {
      const value = list ? [1] : 1;
      const body: Json = child ? { [child]: [{ [name]: value }] } : { [name]: value };
      const at = child ? `${child}.0.${name}` : name;
      const res = await call(asOther, "POST", model.resource.path, body);
      expect(res.status).toBe(400);
      const errors = (res.json.errors as Json[]).filter((e) => e.field === at);
      expect(errors, `${model.kind}.${at}: ${res.text}`).toEqual([
        { field: at, message: "There is no user with id 1" },
      ]);
    }
  });

  it("keeps the inventory quantity log and the product import within the tenant", async () => {
    const inventory = mine.get("Inventory");
    if (inventory) {
      const own = await call(asAdmin, "GET", `inventories/quantity-change-logs?inventory_id=${inventory.id}`);
      expect(own.status).toBe(200);
      const log = await call(asOther, "GET", `inventories/quantity-change-logs?inventory_id=${inventory.id}`);
      expect(log.status).toBe(200);
      expect(log.json.data).toEqual([]);
      const everything = await call(asOther, "GET", "inventories/quantity-change-logs?limit=100");
      expect((everything.json.data as Json[]).map((r) => r.inventory_id)).not.toContain(inventory.id);
    }
    const product = mine.get("Product");
    if (product && typeof product.site_id === "number") {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/v1/products/import/preview?site_id=${product.site_id}`,
        headers: { ...bearer(other), "content-type": "text/csv" },
        payload: "name\nCross-tenant product\n",
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: Json) => e.field)).toContain("site_id");
    }
  });
});
