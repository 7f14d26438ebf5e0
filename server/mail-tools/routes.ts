import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { can, scopeFor } from "../../src/access/permissions";
import {
  MAIL_TOOLS,
  pieceShape,
  postageLineDescription,
  TOOL_KEYS,
  TOOL_MAIL_CLASS_KEYS,
  type ToolKey,
} from "../../src/custom/mail/mail-tools";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import type { Database } from "../db/open";
import { mail_tool_drafts, postage_rates } from "../db/schema";
import { queueThumbnail } from "../files/thumbnails";
import { forbidden, HttpError, notFound, validationFailed } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { inTransaction, parseBody, pathId, requireCan } from "../orders/route-helpers";
import { queuePreflight } from "../preflight/runner";
import type { ChildRows, Row } from "../resources/hooks";
import type { ResourceRegistry } from "../resources/model";
import { createRecord } from "../resources/record-writes";
import { requireAdmin } from "../settings/require-admin";
import { attachDraftFiles, discardStored, draftFilesOf, removeDraftFile, storedFilesOf } from "./draft-files";
import { type Job, jobBody, priceJob, rateTable } from "./job";
import { postageServiceId } from "./postage-service";

// The postcard and letter tools (issue 22, /postcard-tool, /letter-tool and /{id}). The route table asks no
// permission of the tools' pages; what they write does: pricing and creating need Order Create and MailOrder
// Create (the job becomes an order and its mail order). Every query is the caller's tenant's.
//   GET  /mail-tools/rates             the postage rate table (the defaults until an admin saves one)
//   PUT  /mail-tools/rates             product admins: { version, rates } (409 on a stale version)
//   POST /mail-tools/quote             a job: its pieces, print price, postage, total; its drops checked
//   POST /mail-tools/orders            { ...job, drop_dates, draft_id? }: the order (its print line and a postage
//                                      Service line, so its total is the quote's), its mail order and drops in
//                                      one transaction (nothing written when any part is refused)
//   GET  /mail-tools/lists?customer_id=  the customer's mailing lists with their counts (for the mailing step: a
//                                      CSR makes mail orders without reading lists elsewhere), same permissions
//   GET  /mail-tools/routes            the EDDM carrier routes with their counts, same permissions
//   GET/POST /mail-tools/drafts, GET/PATCH/DELETE /mail-tools/drafts/{id}   saved jobs, the caller's own; one job
//                                      comes with its uploaded artwork (`files`: front, back), which is uploaded
//                                      through /uploads with draft_id and side (server/mail-tools/draft-files.ts)
//   DELETE /mail-tools/drafts/{id}/files/{file}   removes an uploaded artwork file from the saved job
// A job without a template needs the saved job's front artwork; creating its order moves the files to the order.

const hidden = { schema: { hide: true } };
const STALE_RATES =
  "The rate table was changed by someone else since you opened it. Reload it and try again.";
const STALE_DRAFT = "This job was saved from another window since you opened it. Reload it and try again.";

const ratesBody = z
  .object({
    version: z.number({ error: "Send the version you read" }).int().min(0),
    rates: z
      .array(
        z
          .object({
            mail_class: z.enum(TOOL_MAIL_CLASS_KEYS as [string, ...string[]], {
              error: "Choose a mail class",
            }),
            shape: z.enum(["card", "letter", "flat"], { error: "Choose card, letter or flat" }),
            rate: z
              .number({ error: "Enter the rate in dollars a piece" })
              .min(0, "Enter a rate of $0 or more")
              .max(20, "Enter a rate of at most $20 a piece")
              .multipleOf(0.001, "Use at most 3 decimals"),
          })
          .strict(),
      )
      .min(1, "Keep at least one rate")
      .max(40)
      .superRefine((rates, ctx) => {
        const seen = new Set<string>();
        rates.forEach((r, i) => {
          const key = `${r.mail_class}/${r.shape}`;
          if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i, "shape"], message: "Listed twice" });
          seen.add(key);
        });
      }),
  })
  .strict();

const toolKey = z.enum(TOOL_KEYS as [ToolKey, ...ToolKey[]], {
  error: "Choose the postcard or the letter tool",
});
const draftState = z
  .record(z.string(), z.unknown())
  .refine((s) => JSON.stringify(s).length <= 20_000, "The saved job is too large");
const draftCreate = z
  .object({ tool: toolKey, step: z.number().int().min(0).max(10), state: draftState })
  .strict();
const draftUpdate = z
  .object({
    version: z.number({ error: "Send the version you read" }).int().min(1),
    step: z.number().int().min(0).max(10),
    state: draftState,
  })
  .strict();
const orderBody = z.object({ draft_id: z.number().int().min(1).optional(), job: jobBody }).strict();

/** A saved job of the caller's, in the caller's tenant. */
const mine = (tenantId: number, userId: number, id: number) =>
  and(
    eq(mail_tool_drafts.tenant_id, tenantId),
    eq(mail_tool_drafts.user_id, userId),
    eq(mail_tool_drafts.id, id),
  );

async function draftOf(db: Database, request: FastifyRequest, id: number) {
  const { tenantId, user } = getAuth(request);
  const [row] = await db
    .select()
    .from(mail_tool_drafts)
    .where(mine(tenantId, user.id, id));
  if (!row) throw notFound();
  return row;
}

const NO_ARTWORK = "Choose a template or upload the front artwork";

/** The print line of an order the tool made (its one item without a service). */
function printItemId(children: ChildRows | undefined): number {
  const items = (children?.items ?? []) as Row[];
  return Number(items.find((i) => i.service_id === null || i.service_id === undefined)?.id);
}

const bump = { version: sql`${mail_tool_drafts.version} + 1`, updated_at: new Date() };

export async function mailToolRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  // Order Create in any scope (CreateAny, CreateOwn or Create) and MailOrder Create.
  const withFiles = async <T extends { id: number; tenant_id: number }>(row: T) => ({
    ...row,
    files: await draftFilesOf(app.db, row.tenant_id, row.id),
  });
  const canMakeOrders = async (request: FastifyRequest) => {
    if (scopeFor(await requestGrants(request), "Order", "Create") === "none") throw forbidden();
    await requireCan(request, "MailOrder", "Create");
  };

  app.get("/mail-tools/rates", { onRequest: requireAuth, ...hidden }, async (request) => {
    return { data: await rateTable(app.db, getAuth(request).tenantId) };
  });

  app.put("/mail-tools/rates", { onRequest: [requireAuth, requireAdmin], ...hidden }, async (request) => {
    const body = parseBody(ratesBody, request.body);
    const { tenantId, user } = getAuth(request);
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(postage_rates)
        .where(eq(postage_rates.tenant_id, tenantId))
        .for("update");
      if ((row?.version ?? 0) !== body.version) throw new HttpError(409, STALE_RATES);
      if (row) {
        await tx
          .update(postage_rates)
          .set({ rates: body.rates, updated_by: user.id, version: row.version + 1, updated_at: new Date() })
          .where(eq(postage_rates.id, row.id));
      } else {
        await tx
          .insert(postage_rates)
          .values({ tenant_id: tenantId, rates: body.rates, updated_by: user.id });
      }
    });
    return { data: await rateTable(app.db, tenantId) };
  });

  app.get("/mail-tools/lists", { onRequest: requireAuth, ...hidden }, async (request) => {
    await canMakeOrders(request);
    const customer = (request.query as { customer_id?: unknown }).customer_id;
    if (typeof customer !== "string" || !/^\d{1,10}$/.test(customer)) {
      throw validationFailed([{ field: "customer_id", message: "Choose the customer" }]);
    }
    const l = modelIn(registry, "List").table.table;
    const rows = await app.db
      .select({
        id: l.id,
        name: l.name,
        status: l.status,
        record_count: l.record_count,
        valid_count: l.valid_count,
      })
      .from(l)
      .where(and(eq(l.tenant_id, getAuth(request).tenantId), eq(l.customer_id, Number(customer))))
      .orderBy(asc(l.name))
      .limit(200);
    return { data: rows };
  });

  app.get("/mail-tools/routes", { onRequest: requireAuth, ...hidden }, async (request) => {
    // The tools' mailing step (whoever makes mail orders) and the EDDM routes page (Route Read) read these rows.
    if (!can(await requestGrants(request), "Route", "Read")) await canMakeOrders(request);
    const r = modelIn(registry, "Route").table.table;
    const rows = await app.db
      .select({
        id: r.id,
        zip5: r.zip5,
        carrier_route: r.carrier_route,
        type: r.type,
        residential_count: r.residential_count,
        business_count: r.business_count,
        total_count: r.total_count,
      })
      .from(r)
      .where(eq(r.tenant_id, getAuth(request).tenantId))
      .orderBy(asc(r.zip5), asc(r.carrier_route))
      .limit(2_000);
    return { data: rows };
  });

  app.post("/mail-tools/quote", { onRequest: requireAuth, ...hidden }, async (request) => {
    await canMakeOrders(request);
    const job = parseBody(jobBody, request.body) as Job;
    return { data: await priceJob(app.db, registry, getAuth(request).tenantId, job) };
  });

  app.post("/mail-tools/orders", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    await canMakeOrders(request);
    const { draft_id, job: parsed } = parseBody(orderBody, request.body);
    const job = parsed as Job;
    const { user } = getAuth(request);
    if (draft_id !== undefined) await draftOf(app.db, request, draft_id);
    const uploaded =
      draft_id === undefined ? [] : await draftFilesOf(app.db, getAuth(request).tenantId, draft_id);
    const artworkOnly = typeof job.template_id !== "number";
    // Printed from its template: the job's uploaded files are not the order's, and go with the job.
    const leftBehind =
      draft_id !== undefined && !artworkOnly
        ? await storedFilesOf(app.db, getAuth(request).tenantId, draft_id)
        : [];
    if (artworkOnly && !uploaded.some((f) => f.side === "front") && !job.artwork?.length) {
      throw validationFailed([{ field: "template_id", message: NO_ARTWORK }]);
    }
    const made = await inTransaction(app, request, registry, "MailOrder", async (ctx) => {
      if (!job.drop_dates) throw new HttpError(400, "Add the drop dates before creating the order");
      const priced = await priceJob(ctx.tx, registry, ctx.tenantId, job);
      const tool = MAIL_TOOLS[job.tool];
      const shape = pieceShape(tool, job.source);
      const note = { tool: { from: null, to: tool.title } };
      const postage = {
        product_id: job.product_id,
        service_id: await postageServiceId(ctx),
        description: postageLineDescription(priced.pieces, priced.rate, job.mail_class, shape),
        quantity: priced.pieces,
        price: priced.postage,
      };
      const order = await createRecord(
        ctx,
        modelIn(registry, "Order"),
        {
          customer_id: job.customer_id,
          channel: "csr",
          csr_id: user.id,
          ship_method: "mail",
          items: [
            {
              product_id: job.product_id,
              template_id: job.template_id ?? null,
              description:
                `${priced.product_name}: ${job.width} × ${job.length} in, ${tool.title.toLowerCase()}`.slice(
                  0,
                  300,
                ),
              quantity: priced.pieces,
              price: priced.print,
              ...(job.artwork?.length ? { artwork: job.artwork } : {}),
            },
            postage,
          ],
        },
        note,
      );
      const mailOrder = await createRecord(
        ctx,
        modelIn(registry, "MailOrder"),
        {
          order_id: order.row.id,
          customer_id: job.customer_id,
          product_id: job.product_id,
          template_id: job.template_id ?? null,
          list_ids: job.source === "list" ? job.list_ids : [],
          route_ids: job.source === "eddm" ? job.route_ids : [],
          mail_class: job.mail_class,
          shape,
          addressing: job.source === "eddm" ? null : "inkjet",
          postage_estimate: priced.postage,
          drops: priced.drops,
        },
        note,
      );
      // A job printed from its template leaves any uploaded files behind (the job's deletion drops them).
      const fileIds =
        draft_id !== undefined && artworkOnly
          ? await attachDraftFiles(ctx.tx, {
              tenantId: ctx.tenantId,
              draftId: draft_id,
              orderId: order.row.id as number,
              itemId: printItemId(order.children),
            })
          : [];
      if (draft_id !== undefined) {
        await ctx.tx.delete(mail_tool_drafts).where(mine(ctx.tenantId, user.id, draft_id));
      }
      return {
        order_id: order.row.id as number,
        order_number: String(order.row.order_number),
        mail_order_id: mailOrder.row.id as number,
        mail_order_number: String(mailOrder.row.mail_order_number),
        pieces: priced.pieces,
        total: priced.total,
        file_ids: fileIds,
      };
    });
    // Thumbnail and preflight once the files' rows are committed, as the desk's uploads are (files/uploads.ts).
    for (const id of made.file_ids) {
      void queueThumbnail(app, getAuth(request).tenantId, id);
      void queuePreflight(app, registry, getAuth(request).tenantId, id);
    }
    await discardStored(app, leftBehind);
    reply.code(201);
    return { data: made };
  });

  app.get("/mail-tools/drafts", { onRequest: requireAuth, ...hidden }, async (request) => {
    const { tenantId, user } = getAuth(request);
    const tool = (request.query as { tool?: unknown }).tool;
    if (tool !== undefined && !(TOOL_KEYS as unknown[]).includes(tool)) {
      throw validationFailed([{ field: "tool", message: "Choose the postcard or the letter tool" }]);
    }
    const rows = await app.db
      .select()
      .from(mail_tool_drafts)
      .where(
        and(
          eq(mail_tool_drafts.tenant_id, tenantId),
          eq(mail_tool_drafts.user_id, user.id),
          typeof tool === "string" ? eq(mail_tool_drafts.tool, tool) : undefined,
        ),
      )
      .orderBy(desc(mail_tool_drafts.updated_at))
      .limit(50);
    return { data: rows };
  });

  app.get("/mail-tools/drafts/:id", { onRequest: requireAuth, ...hidden }, async (request) => {
    return {
      data: await withFiles(await draftOf(app.db, request, pathId((request.params as { id: string }).id))),
    };
  });

  app.delete(
    "/mail-tools/drafts/:id/files/:file",
    { onRequest: requireAuth, ...hidden },
    async (request, reply) => {
      const params = request.params as { id: string; file: string };
      const row = await draftOf(app.db, request, pathId(params.id));
      if (!(await removeDraftFile(app, row.tenant_id, row.id, pathId(params.file)))) throw notFound();
      reply.code(204);
    },
  );

  app.post("/mail-tools/drafts", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const body = parseBody(draftCreate, request.body);
    const { tenantId, user } = getAuth(request);
    const [row] = await app.db
      .insert(mail_tool_drafts)
      .values({ ...body, tenant_id: tenantId, user_id: user.id })
      .returning();
    reply.code(201);
    return { data: { ...row, files: [] } };
  });

  app.patch("/mail-tools/drafts/:id", { onRequest: requireAuth, ...hidden }, async (request) => {
    const id = pathId((request.params as { id: string }).id);
    const body = parseBody(draftUpdate, request.body);
    const row = await draftOf(app.db, request, id);
    const [after] = await app.db
      .update(mail_tool_drafts)
      .set({ step: body.step, state: body.state, ...bump })
      .where(and(eq(mail_tool_drafts.id, row.id), eq(mail_tool_drafts.version, body.version)))
      .returning();
    if (!after) throw new HttpError(409, STALE_DRAFT);
    return { data: await withFiles(after) };
  });

  app.delete("/mail-tools/drafts/:id", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const row = await draftOf(app.db, request, pathId((request.params as { id: string }).id));
    const objects = await storedFilesOf(app.db, row.tenant_id, row.id);
    // Its files' rows go with it (on delete cascade); their objects after.
    await app.db.delete(mail_tool_drafts).where(eq(mail_tool_drafts.id, row.id));
    await discardStored(app, objects);
    reply.code(204);
  });
}
