import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeFor } from "../../src/access/permissions";
import { type Bucket, FILE_KINDS, PREFLIGHT_RESULTS } from "../../src/custom/orders/file-kinds";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { order_files, users } from "../db/schema";
import { forbidden, HttpError, notFound } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { parseBody, pathId, requireOrder } from "../orders/route-helpers";
import type { ResourceRegistry } from "../resources/model";
import { LINK_TTL_SECONDS, type LinkSigner, linkSigner } from "./links";
import { fileStorageOf } from "./storage";

// The order files' reads:
//   GET /order-files?order_id=&customer_id=&kind=&preflight=&page=&limit=   the list (Order Read of
//       the one order, or Order ReadAny across orders), newest first, { data, meta: { page, limit, total } }
//   GET /order-files/{id}/link      a download link that expires (LINK_TTL_SECONDS)
//   GET /files/{id}?expires=&sig=   the file itself, streamed, for whoever holds a valid link
//   GET /files/{id}/thumbnail?expires=&sig=   its thumbnail (a PNG; thumbnails.ts), through a link of its own
//       that the list hands out with each file that has one (`thumbnail: { url, expires_at }`, else null)

const listQuery = z
  .object({
    order_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    customer_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    kind: z.enum(FILE_KINDS, { error: `Choose a kind: ${FILE_KINDS.join(", ")}` }).optional(),
    preflight: z
      .enum([...PREFLIGHT_RESULTS, "none"], { error: "Choose a preflight result: pass, warn, fail or none" })
      .optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

const THUMB_WINDOW_MS = 5 * 60 * 1000;

export async function orderFileRoutes(app: FastifyInstance, options: { registry: ResourceRegistry }) {
  const { registry } = options;
  const signer = linkSigner(app.config.fileLinkSecret, `${app.prefix}/files`);
  const thumbSigner = linkSigner(app.config.fileLinkSecret, `${app.prefix}/files`, "thumbnail");
  /**
   * A thumbnail's link, signed from the start of a 5-minute window (it lives 10 to 15 minutes): the list is
   * fetched again every few seconds while preflight runs, and the same link lets the browser keep the image.
   */
  const thumbnailLink = (file: { id: number; tenant_id: number; thumbnail_key: string | null }) => {
    if (!file.thumbnail_key) return null;
    const window = Math.floor(Date.now() / THUMB_WINDOW_MS) * THUMB_WINDOW_MS;
    return thumbSigner.sign(file.id, file.tenant_id, window, LINK_TTL_SECONDS);
  };
  const orders = modelIn(registry, "Order").table.table;
  const customers = modelIn(registry, "Customer").table.table;
  const hidden = { schema: { hide: true } };

  app.get("/order-files", { onRequest: requireAuth, ...hidden }, async (request) => {
    const q = parseBody(listQuery, request.query);
    const { tenantId } = getAuth(request);
    if (q.order_id) await requireOrder(app, request, registry, "Read", q.order_id);
    else if (scopeFor(await requestGrants(request), "Order", "Read") !== "all") throw forbidden();
    const where: SQL[] = [eq(order_files.tenant_id, tenantId)];
    if (q.order_id) where.push(eq(order_files.order_id, q.order_id));
    if (q.customer_id) where.push(eq(orders.customer_id, q.customer_id));
    if (q.kind) where.push(eq(order_files.kind, q.kind));
    if (q.preflight === "none") where.push(isNull(order_files.preflight_result));
    else if (q.preflight) where.push(eq(order_files.preflight_result, q.preflight));
    const condition = and(...where);
    const [rows, [{ total }]] = await Promise.all([
      app.db
        .select({
          file: order_files,
          order_number: orders.order_number,
          customer_id: orders.customer_id,
          customer_name: customers.name,
          uploaded_by_name: users.name,
        })
        .from(order_files)
        .innerJoin(
          orders,
          and(eq(orders.id, order_files.order_id), eq(orders.tenant_id, order_files.tenant_id)),
        )
        .leftJoin(
          customers,
          and(eq(customers.id, orders.customer_id), eq(customers.tenant_id, orders.tenant_id)),
        )
        .leftJoin(users, eq(users.id, order_files.uploaded_by))
        .where(condition)
        .orderBy(desc(order_files.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      app.db
        .select({ total: count() })
        .from(order_files)
        .innerJoin(
          orders,
          and(eq(orders.id, order_files.order_id), eq(orders.tenant_id, order_files.tenant_id)),
        )
        .where(condition),
    ]);
    return {
      data: rows.map((r) => ({
        ...r.file,
        storage_key: undefined,
        thumbnail_key: undefined,
        thumbnail: thumbnailLink(r.file),
        order_number: r.order_number,
        customer_id: r.customer_id,
        customer_name: r.customer_name,
        uploaded_by_name: r.uploaded_by_name,
      })),
      meta: { page: q.page, limit: q.limit, total },
    };
  });

  app.get("/order-files/:id/link", { onRequest: requireAuth, ...hidden }, async (request) => {
    const file = await fileOf(request);
    await requireOrder(app, request, registry, "Read", file.order_id);
    return { data: signer.sign(file.id, file.tenant_id) };
  });

  app.get("/files/:id", hidden, async (request, reply) => {
    const file = await linkedFile(request, signer);
    const stream = await opened(request, file.bucket as Bucket, file.storage_key, file.id);
    return reply
      .header("content-type", file.content_type)
      .header("content-length", String(file.size))
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header("cache-control", "private, no-store")
      .send(stream);
  });

  app.get("/files/:id/thumbnail", hidden, async (request, reply) => {
    const file = await linkedFile(request, thumbSigner);
    if (!file.thumbnail_key) throw notFound();
    const stream = await opened(request, "shop", file.thumbnail_key, file.id);
    // The browser may keep it while its link lives (the link changes every 5 minutes).
    const left = Number((request.query as { expires: string }).expires) - Math.floor(Date.now() / 1000);
    return reply
      .header("content-type", "image/png")
      .header("cache-control", `private, max-age=${Math.max(0, left)}`)
      .send(stream);
  });

  /** The file a signed link names: 410 once it has expired, 404 for a link that is not one of ours. */
  async function linkedFile(request: FastifyRequest, linkSigner: LinkSigner) {
    const id = pathId((request.params as { id: string }).id);
    const { expires, sig } = request.query as { expires?: string; sig?: string };
    const [file] = await app.db.select().from(order_files).where(eq(order_files.id, id));
    const verdict = file && expires && sig ? linkSigner.check(id, file.tenant_id, expires, sig) : "invalid";
    if (verdict === "expired") {
      throw new HttpError(
        410,
        "This download link has expired: open the file again from the order to get a new one",
      );
    }
    if (verdict !== "ok" || !file) throw notFound();
    return file;
  }

  async function opened(request: FastifyRequest, bucket: Bucket, key: string, fileId: number) {
    try {
      return await fileStorageOf(app.config).open(bucket, key);
    } catch (error) {
      request.log.error({ err: error, fileId }, "An order file could not be read from its store");
      throw new HttpError(
        502,
        "The file could not be read from storage just now: try the link again shortly",
      );
    }
  }

  async function fileOf(request: FastifyRequest) {
    const id = pathId((request.params as { id: string }).id);
    const [file] = await app.db
      .select()
      .from(order_files)
      .where(and(eq(order_files.tenant_id, getAuth(request).tenantId), eq(order_files.id, id)));
    if (!file) throw notFound();
    return file;
  }
}
