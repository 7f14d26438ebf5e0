import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { can } from "../auth/permissions";
import type { Database } from "../db/open";
import { forbidden, notFound } from "../http/errors";
import type { ResourceModel, ResourceRegistry } from "../resources/model";
import { type ResourceRecord, toRecord } from "../resources/records";

// What the run print-outs (job jacket, run spread) show, in one answer (issue 18):
//   GET /runs/{id}/print-data
// Run Read is enough: the press room prints a run's jacket without reading orders, customers or products
// themselves (their role has Order ReadOwn at most), so the joins are made here and only the fields a job
// ticket prints leave the server (no prices, addresses or contacts). Tenant-scoped throughout.

type Row = Record<string, unknown>;

const ORDER_FIELDS = ["order_number", "customer_id", "wanted_by", "ship_method", "special_instructions"];
const LINE_FIELDS = [
  "product_id",
  "description",
  "quantity",
  "options",
  "proof_version",
  "color_spec",
  "coating",
];
const PRODUCT_FIELDS = [
  "name",
  "sku",
  "finished_width",
  "finished_height",
  "flat_width",
  "flat_height",
  "bleed",
  "color_spec",
  "production_route",
];
const CUSTOMER_FIELDS = ["name", "company"];
const STOCK_FIELDS = ["name", "sheet_width", "sheet_height"];
const PRESS_FIELDS = ["name"];

function pick(record: ResourceRecord, fields: string[]): ResourceRecord {
  const out: ResourceRecord = { id: record.id };
  for (const field of fields) out[field] = record[field];
  return out;
}

const numbers = (values: unknown[]) => [
  ...new Set(values.filter((v): v is number => typeof v === "number" && Number.isInteger(v))),
];

function idOf(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
}

function modelIn(registry: ResourceRegistry, kind: string): ResourceModel {
  const model = registry.byKind.get(kind as never);
  if (!model) throw new Error(`print data: no ${kind} kind`);
  return model;
}

async function rowsOf(db: Database, model: ResourceModel, tenantId: number, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const t = model.table.table;
  return db
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.id, ids)));
}

export async function runPrintData(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  runId: number,
) {
  const [
    runModel,
    orderModel,
    productModel,
    customerModel,
    attributeModel,
    stockModel,
    pressModel,
    stationModel,
  ] = ["Run", "Order", "Product", "Customer", "Attribute", "Inventory", "Equipment", "ProductionStation"].map(
    (kind) => modelIn(registry, kind),
  );
  const [run] = await rowsOf(db, runModel, tenantId, [runId]);
  if (!run) throw notFound();

  const runItemsTable = runModel.children.find((c) => c.name === "items")?.table.table;
  const linesTable = orderModel.children.find((c) => c.name === "items")?.table.table;
  if (!runItemsTable || !linesTable) throw new Error("print data: no items collection");
  const runItems: Row[] = await db
    .select()
    .from(runItemsTable)
    .where(and(eq(runItemsTable.tenant_id, tenantId), eq(runItemsTable.parent_id, runId)))
    .orderBy(runItemsTable.position, runItemsTable.id);

  const lineIds = numbers(runItems.map((i) => i.order_item_id));
  const lines: Row[] = lineIds.length
    ? await db
        .select()
        .from(linesTable)
        .where(and(eq(linesTable.tenant_id, tenantId), inArray(linesTable.id, lineIds)))
    : [];
  const orders = await rowsOf(db, orderModel, tenantId, numbers(runItems.map((i) => i.order_id)));
  const [products, customers, attributes, stock, press] = await Promise.all([
    rowsOf(db, productModel, tenantId, numbers(lines.map((l) => l.product_id))),
    rowsOf(db, customerModel, tenantId, numbers(orders.map((o) => o.customer_id))),
    db
      .select()
      .from(attributeModel.table.table)
      .where(eq(attributeModel.table.table.tenant_id, tenantId))
      .limit(500),
    rowsOf(db, stockModel, tenantId, numbers([run.stock_id])),
    rowsOf(db, pressModel, tenantId, numbers([run.equipment_id])),
  ]);

  // The products' production routes name their stations: the tickets' steps, in order.
  const stationIds = numbers(
    products.flatMap((p) => (Array.isArray(p.production_route) ? p.production_route : [])),
  );
  const stations = await rowsOf(db, stationModel, tenantId, stationIds);

  const linesChild = orderModel.children.find((c) => c.name === "items");
  const lineRecord = (row: Row) => {
    const out: ResourceRecord = { id: row.id };
    for (const field of LINE_FIELDS) out[field] = row[field] ?? null;
    return out;
  };
  // The option codes the lines use: only those attributes' names and value labels are sent.
  const codes = new Set(
    lines.flatMap((l) =>
      l.options && typeof l.options === "object" ? Object.keys(l.options as object) : [],
    ),
  );
  return {
    run: toRecord(runModel, run, { children: { items: runItems } }),
    orders: orders.map((order) => ({
      ...pick(toRecord(orderModel, order), ORDER_FIELDS),
      items: linesChild ? lines.filter((l) => l.parent_id === order.id).map(lineRecord) : [],
    })),
    products: products.map((p) => pick(toRecord(productModel, p), PRODUCT_FIELDS)),
    customers: customers.map((c) => pick(toRecord(customerModel, c), CUSTOMER_FIELDS)),
    attributes: attributes
      .filter((a) => codes.has(a.code as string))
      .map((a) => ({
        code: a.code,
        name: a.name,
        values: Array.isArray(a.values)
          ? (a.values as Row[]).map((v) => ({ code: v.code ?? null, label: v.label ?? null }))
          : [],
      })),
    stations: stations.map((st) => ({ id: st.id, name: st.name })),
    stock: stock[0] ? pick(toRecord(stockModel, stock[0]), STOCK_FIELDS) : null,
    press: press[0] ? pick(toRecord(pressModel, press[0]), PRESS_FIELDS) : null,
  };
}

export async function printDataRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  app.get("/runs/:id/print-data", { onRequest: requireAuth, schema: { hide: true } }, async (request) => {
    if (!can(await requestGrants(request), "Run", "Read")) throw forbidden();
    const { id } = request.params as { id: string };
    const { tenantId } = getAuth(request);
    return { data: await runPrintData(app.db, registry, tenantId, idOf(id)) };
  });
}
