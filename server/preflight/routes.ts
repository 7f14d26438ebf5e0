import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Bucket } from "../../src/custom/orders/file-kinds";
import { getAuth, requireAuth } from "../auth/authenticate";
import { order_files } from "../db/schema";
import { fileStorageOf } from "../files/storage";
import { notFound } from "../http/errors";
import { parseBody, pathId, requireOrder } from "../orders/route-helpers";
import type { ResourceRegistry } from "../resources/model";
import { preflightPdf } from "./checks";
import { queuePreflight, specOf } from "./runner";
import { preflightFile } from "./service";
import { DEFAULT_BLEED } from "./verdicts";

// The preflight service this server is by default (spec §1's preflight URL and preflight design URL
// name such a service; a shop may point them elsewhere, server/preflight/service.ts):
//   POST /preflight[/design]?width=&height=&bleed=   body: the PDF (application/pdf)
//   POST /preflight[/design]                         body: { file_id } an order file of the caller's tenant
//     → { data: { result, checks: [{ check, result, message }] } }
//   POST /order-files/{id}/preflight                 run it again on an order file (Order Update) → 202
// The design variant checks a design from the design editor the same way.

const size = z.coerce.number().positive("Sizes are above 0 inches").max(200, "At most 200 inches");
const specQuery = z
  .object({
    width: size.optional(),
    height: size.optional(),
    bleed: z.coerce.number().min(0).max(2, "Bleed is at most 2 inches").default(DEFAULT_BLEED),
  })
  .strict()
  .refine((q) => (q.width === undefined) === (q.height === undefined), {
    message: "Send both the finished width and height, or neither",
    path: ["width"],
  });
const fileBody = z.object({ file_id: z.number().int().min(1).max(2_147_483_647) }).strict();

export async function preflightRoutes(app: FastifyInstance, { registry }: { registry: ResourceRegistry }) {
  const { config } = app;
  app.addContentTypeParser(
    "application/pdf",
    { parseAs: "buffer", bodyLimit: config.preflightMaxBytes },
    (_request, body, done) => done(null, body),
  );
  const hidden = { schema: { hide: true } };
  const stored = (file: typeof order_files.$inferSelect) => () =>
    fileStorageOf(config).open(file.bucket as Bucket, file.storage_key);

  for (const url of ["/preflight", "/preflight/design"]) {
    app.post(url, { onRequest: requireAuth, ...hidden }, async (request) => {
      if (Buffer.isBuffer(request.body)) {
        const spec = parseBody(specQuery, request.query);
        return { data: await preflightPdf(request.body, spec) };
      }
      const { file_id } = parseBody(fileBody, request.body);
      const file = await fileOf(getAuth(request).tenantId, file_id);
      await requireOrder(app, request, registry, "Read", file.order_id);
      const spec = await specOf(app.db, registry, file.tenant_id, file.order_item_id);
      // This is the service: it checks here, whatever URL the adapter is configured with.
      const local = { ...config, preflightUrl: undefined, preflightDesignUrl: undefined };
      const file_ = { open: stored(file), size: Number(file.size), contentType: file.content_type };
      return { data: await preflightFile(local, file_, spec) };
    });
  }

  app.post("/order-files/:id/preflight", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const { tenantId } = getAuth(request);
    const file = await fileOf(tenantId, pathId((request.params as { id: string }).id));
    await requireOrder(app, request, registry, "Update", file.order_id);
    const [row] = await app.db
      .update(order_files)
      .set({
        preflight: [],
        preflight_result: null,
        version: sql`${order_files.version} + 1`,
        updated_at: new Date(),
      })
      .where(and(eq(order_files.tenant_id, tenantId), eq(order_files.id, file.id)))
      .returning();
    void queuePreflight(app, registry, tenantId, file.id);
    return reply.code(202).send({ data: { ...row, storage_key: undefined, thumbnail_key: undefined } });
  });

  async function fileOf(tenantId: number, id: number) {
    const [file] = await app.db
      .select()
      .from(order_files)
      .where(and(eq(order_files.tenant_id, tenantId), eq(order_files.id, id)));
    if (!file) throw notFound();
    return file;
  }
}
