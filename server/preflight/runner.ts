import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Bucket } from "../../src/custom/orders/file-kinds";
import type { Database } from "../db/open";
import { order_files } from "../db/schema";
import { queueFileJob } from "../files/file-queue";
import { fileStorageOf } from "../files/storage";
import { modelIn } from "../orders/order-state";
import type { ResourceRegistry } from "../resources/model";
import { preflightFile } from "./service";
import { DEFAULT_BLEED, type PreflightSpec, report } from "./verdicts";

// Preflight runs after the upload is acknowledged, in the file jobs' queue (server/files/file-queue.ts:
// one at a time per process). While it runs the row holds `preflight = []` and no result (the page shows
// "Checking…"); the result and its checks then replace them. A file left checking by a restart is
// checked again with "Run preflight again".

/** Queues the file's preflight; resolves when it is stored (callers need not wait). */
export function queuePreflight(
  app: FastifyInstance,
  registry: ResourceRegistry,
  tenantId: number,
  fileId: number,
): Promise<void> {
  return queueFileJob(app, "Preflight", fileId, () => runPreflight(app, registry, tenantId, fileId));
}

async function runPreflight(
  app: FastifyInstance,
  registry: ResourceRegistry,
  tenantId: number,
  fileId: number,
) {
  const [file] = await app.db
    .select()
    .from(order_files)
    .where(and(eq(order_files.tenant_id, tenantId), eq(order_files.id, fileId)));
  if (!file) return;
  let outcome: ReturnType<typeof report>;
  try {
    outcome = await preflightFile(
      app.config,
      {
        open: () => fileStorageOf(app.config).open(file.bucket as Bucket, file.storage_key),
        size: Number(file.size),
        contentType: file.content_type,
      },
      await specOf(app.db, registry, tenantId, file.order_item_id),
    );
  } catch (error) {
    app.log.error({ err: error, fileId }, "Preflight could not finish");
    outcome = report([
      { check: "pdf", result: "warn", message: "Preflight could not finish on this file: run it again." },
    ]);
  }
  await app.db
    .update(order_files)
    .set({
      preflight: outcome.checks,
      preflight_result: outcome.result,
      version: sql`${order_files.version} + 1`,
      updated_at: new Date(),
    })
    .where(and(eq(order_files.tenant_id, tenantId), eq(order_files.id, fileId)));
}

/** The finished size and bleed of the item's product; only the default bleed without one. */
export async function specOf(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  itemId: number | null,
): Promise<PreflightSpec> {
  if (itemId === null) return { bleed: DEFAULT_BLEED };
  const items = modelIn(registry, "Order").children.find((c) => c.name === "items")?.table.table;
  const products = modelIn(registry, "Product").table.table;
  if (!items) return { bleed: DEFAULT_BLEED };
  const [row] = await db
    .select({ w: products.finished_width, h: products.finished_height, bleed: products.bleed })
    .from(items)
    .innerJoin(products, and(eq(products.id, items.product_id), eq(products.tenant_id, items.tenant_id)))
    .where(and(eq(items.tenant_id, tenantId), eq(items.id, itemId)));
  const number = (v: unknown) => (v === null || v === undefined || Number(v) <= 0 ? undefined : Number(v));
  return {
    width: number(row?.w),
    height: number(row?.h),
    bleed: row?.bleed === null || row?.bleed === undefined ? DEFAULT_BLEED : Number(row.bleed),
  };
}
