import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeFor } from "../../src/access/permissions";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { type Database, selectRows } from "../db/open";
import { four_over_jobs } from "../db/schema";
import { forbidden, HttpError, notFound } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { inTransaction, parseBody, pathId, version } from "../orders/route-helpers";
import { tableOf } from "../production/board-query";
import type { ResourceRegistry } from "../resources/model";
import { updateRecord } from "../resources/record-writes";
import { enqueueJob } from "../scheduler/job-queue";
import {
  createOrder,
  FOUR_OVER_DEFAULT_URL,
  type FourOverAddress,
  type FourOverConfig,
  FourOverError,
  fourOverHost,
  jobStatus,
  jobTracking,
  optionGroups,
  shippingQuote,
} from "./four-over";
import { chooseJob, type MapRow, mappedProduct } from "./four-over-job";

// /4-over-tool's server (issue 22). The tenant's active 4over Integration holds the keys (credentials
// { public_key | api_key, private_key }) and may name the API (settings.base_url; FOUR_OVER_API_URL overrides).
//   GET  /four-over/items?state=candidate|sent&q=   Order ReadAny: approved items whose product is mapped to a
//        4over product, and the items already sent, with their 4over job, status and tracking
//   GET  /four-over/items/{item_id}                 Order ReadAny: one of them, with its status history
//   POST /four-over/items/{item_id}/preview         Order ReadAny: asks 4over for the product's options and a
//        shipping quote: the mapped product, the options chosen, the ways to ship
//   POST /four-over/items/{item_id}/submit { version, shipping_code }   Order UpdateAny: places the 4over order;
//        the job is kept in four_over_jobs and its id on the order (four_over_order_id when empty), change-logged
//   POST /four-over/items/{item_id}/refresh         Order UpdateAny: 4over's status and tracking onto the item
//   POST /four-over/items/{item_id}/recover { job_id } | { resend: true }   Order UpdateAny: a submit whose answer
//        was never written (the process ended between 4over's answer and our write) stays "Sending"; once it is
//        STALE_MS old it is resolved by a person who looked the order up on 4over under its reference (the
//        order_id we sent, recorded before sending): the job found there is checked with 4over (its status) and
//        recorded as the submit would have; or, when 4over has no such order, the attempt is dropped to send again.
//        4over documents no route that finds an order by our order_id, so the look-up is the person's.
// Without keys the lists say so (configured: false) and the others answer 503 with NOT_CONFIGURED; 4over's
// refusals answer 502 with its message. Besides the button, the durable scheduler (server/scheduler) polls each
// sent job every POLL_MS (a job of kind FOUR_OVER_POLL, enqueued with the submit) until 4over says it shipped,
// was delivered or cancelled; a failed poll is retried with the scheduler's backoff.

export const NOT_CONFIGURED =
  "4over is not configured: add its public and private keys to the 4over integration under Integrations";

export const FOUR_OVER_POLL = "four_over_poll";
export const POLL_MS = 2 * 3_600_000;
/** A "Sending" this old has lost its answer: the tool offers to resolve it. */
export const STALE_MS = 5 * 60_000;
/** 4over statuses after which nothing more happens to the job: polling stops. */
const FINAL = /shipped|delivered|cancel/i;

const submitBody = z
  .object({
    version,
    shipping_code: z
      .string({ error: "Choose how 4over ships it" })
      .trim()
      .min(1, "Choose how 4over ships it")
      .max(40),
  })
  .strict();
const recoverBody = z.union(
  [
    z
      .object({
        job_id: z
          .string({ error: "Enter the 4over job id found for this reference" })
          .trim()
          .regex(/^[A-Za-z0-9-]{3,40}$/, "Enter the 4over job id as 4over shows it (e.g. Z40000001-001)"),
      })
      .strict(),
    z.object({ resend: z.literal(true) }).strict(),
  ],
  { error: "Send the job id 4over has for this reference, or resend: true when 4over has none" },
);
const listQuery = z.object({
  state: z.enum(["candidate", "sent"]).optional().catch(undefined),
  q: z.string().trim().max(60).optional().catch(undefined),
});

interface ItemRow {
  item_id: number;
  order_id: number;
  order_number: string;
  order_version: number;
  four_over_order_id: string | null;
  item_number: string | number;
  customer: string | null;
  description: string;
  quantity: number;
  color_spec: string | null;
  options: Record<string, string> | null;
  artwork: { name: string; url: string; side?: string }[] | null;
  sku: string | null;
  product_name: string | null;
  item_status: string | null;
  item_status_code: string | null;
  ship_to_id: number | null;
  job_id: string | null;
  reference: string | null;
  four_over_status: string | null;
  tracking: string | null;
  history: { at: string; status: string }[] | null;
  polled_at: Date | null;
  sent_at: Date | null;
  shipping_method: string | null;
}

const hidden = { schema: { hide: true } };

async function requireOrders(request: FastifyRequest, verb: "Read" | "Update"): Promise<void> {
  if (scopeFor(await requestGrants(request), "Order", verb) !== "all") throw forbidden();
}

const isStale = (since: Date | string | null) =>
  since !== null && Date.now() - new Date(since).getTime() > STALE_MS;

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

export async function fourOverRoutes(app: FastifyInstance, { registry }: { registry: ResourceRegistry }) {
  const orders = modelIn(registry, "Order");

  /** The tenant's 4over keys and API address, or null when it has none. */
  async function configOf(tenantId: number, db: Database = app.db): Promise<FourOverConfig | null> {
    const [row] = await selectRows<{ mode: string; credentials: unknown; settings: unknown }>(
      db,
      sql`select mode, credentials, settings from ${tableOf(registry, "Integration")}
          where tenant_id = ${tenantId} and kind = 'four_over' and active order by id limit 1`,
    );
    if (!row) return null;
    let keys = row.credentials;
    if (typeof keys === "string") {
      try {
        keys = JSON.parse(keys);
      } catch {
        return null;
      }
    }
    const k = (keys && typeof keys === "object" ? keys : {}) as Record<string, unknown>;
    const publicKey = text(k.public_key) ?? text(k.api_key) ?? text(k.apikey);
    const privateKey = text(k.private_key);
    if (!publicKey || !privateKey) return null;
    const settings = (row.settings && typeof row.settings === "object" ? row.settings : {}) as Record<
      string,
      unknown
    >;
    return {
      baseUrl: app.config.fourOverApiUrl ?? fourOverHost(text(settings.base_url)) ?? FOUR_OVER_DEFAULT_URL,
      publicKey,
      privateKey,
      testMode: row.mode !== "live",
    };
  }

  async function requireConfig(tenantId: number): Promise<FourOverConfig> {
    const config = await configOf(tenantId);
    if (!config) throw new HttpError(503, NOT_CONFIGURED);
    return config;
  }

  async function mapsOf(tenantId: number): Promise<MapRow[]> {
    return selectRows<MapRow>(
      app.db,
      sql`select source_key, target_key from ${tableOf(registry, "Map")}
          where tenant_id = ${tenantId} and kind = 'four_over_product' and active order by id`,
    );
  }

  async function itemRows(
    tenantId: number,
    where: ReturnType<typeof sql>,
    limit: number,
  ): Promise<ItemRow[]> {
    const o = tableOf(registry, "Order");
    const items = tableOf(registry, "Order", "items");
    return selectRows<ItemRow>(
      app.db,
      sql`select i.id as item_id, o.id as order_id, o.order_number, o.version as order_version, o.four_over_order_id,
          (select count(*) from ${items} n where n.tenant_id = i.tenant_id and n.parent_id = i.parent_id
            and (n.position < i.position or (n.position = i.position and n.id <= i.id))) as item_number,
          c.name as customer, i.description, i.quantity, i.color_spec, i.options, i.artwork,
          p.sku, p.name as product_name, s.name as item_status, s.code as item_status_code, o.ship_to_id,
          j.job_id, j.reference, j.status as four_over_status, j.tracking, j.history, j.polled_at,
          j.created_at as sent_at, j.shipping_method
        from ${items} i
        join ${o} o on o.tenant_id = i.tenant_id and o.id = i.parent_id
        left join ${tableOf(registry, "Customer")} c on c.tenant_id = o.tenant_id and c.id = o.customer_id
        left join ${tableOf(registry, "Product")} p on p.tenant_id = i.tenant_id and p.id = i.product_id
        left join ${tableOf(registry, "Status")} s on s.tenant_id = i.tenant_id and s.id = i.item_status_id
        left join ${four_over_jobs} j on j.tenant_id = i.tenant_id and j.item_id = i.id
        where i.tenant_id = ${tenantId} and ${where}
        order by j.created_at desc nulls last, o.id desc, i.position, i.id
        limit ${limit}`,
    );
  }

  const answer = (r: ItemRow, maps: MapRow[]) => ({
    // The item's id: the row's key, and the {id} of /4-over-tool/{id}.
    id: r.item_id,
    item_id: r.item_id,
    order_id: r.order_id,
    order_number: r.order_number,
    order_version: r.order_version,
    item_number: Number(r.item_number),
    customer: r.customer,
    description: r.description,
    quantity: r.quantity,
    color_spec: r.color_spec,
    options: r.options ?? {},
    sku: r.sku,
    product_name: r.product_name,
    item_status: r.item_status,
    four_over_product: r.sku ? mappedProduct(maps, r.sku) : null,
    job_id: r.job_id || null,
    reference: r.reference,
    status: r.job_id ? (r.four_over_status ?? "Submitted") : r.reference ? "Sending" : null,
    tracking: r.tracking,
    history: r.history ?? [],
    polled_at: r.polled_at,
    sent_at: r.job_id ? r.sent_at : null,
    // A submit whose answer was never written: "Sending" since then; past STALE_MS the tool offers to resolve it.
    sending_since: !r.job_id && r.reference ? r.sent_at : null,
    stale: !r.job_id && Boolean(r.reference) && isStale(r.sent_at),
    shipping_method: r.shipping_method,
  });

  /** One item of the tenant, or 404. */
  async function itemOf(request: FastifyRequest) {
    const { tenantId } = getAuth(request);
    const itemId = pathId((request.params as { item_id: string }).item_id);
    const [row] = await itemRows(tenantId, sql`i.id = ${itemId}`, 1);
    if (!row) throw notFound();
    return { tenantId, row };
  }

  app.get("/four-over/items", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireOrders(request, "Read");
    const { tenantId } = getAuth(request);
    const query = listQuery.parse(request.query ?? {});
    const maps = await mapsOf(tenantId);
    const skus = [...new Set(maps.map((m) => m.source_key))];
    const candidate = sql`(j.id is null and s.code = 'approved' and p.sku in (${
      skus.length > 0
        ? sql.join(
            skus.map((k) => sql`${k}`),
            sql`, `,
          )
        : sql`null`
    }))`;
    const state =
      query.state === "candidate"
        ? candidate
        : query.state === "sent"
          ? sql`j.id is not null`
          : sql`(${candidate} or j.id is not null)`;
    const search = query.q
      ? sql`and (o.order_number ilike ${`%${query.q}%`} or j.job_id ilike ${`%${query.q}%`})`
      : sql``;
    const rows = await itemRows(tenantId, sql`${state} ${search}`, 500);
    const configured = (await configOf(tenantId)) !== null;
    return {
      data: {
        configured,
        message: configured ? null : NOT_CONFIGURED,
        rows: rows.map((r) => answer(r, maps)),
      },
    };
  });

  app.get("/four-over/items/:item_id", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireOrders(request, "Read");
    const { tenantId, row } = await itemOf(request);
    const configured = (await configOf(tenantId)) !== null;
    return {
      data: {
        configured,
        message: configured ? null : NOT_CONFIGURED,
        item: answer(row, await mapsOf(tenantId)),
      },
    };
  });

  /** What would be sent: the product and options 4over knows, the ship-to address, and 4over's shipping quote. */
  async function prepare(tenantId: number, row: ItemRow, config: FourOverConfig) {
    const label = `Item ${Number(row.item_number)} of ${row.order_number}`;
    if (!row.sku) throw new HttpError(409, `${label} has no product: choose one on the order`);
    const maps = await mapsOf(tenantId);
    const productUuid = mappedProduct(maps, row.sku);
    if (!productUuid) {
      throw new HttpError(
        409,
        `No 4over product is mapped to ${row.sku}: add a “Product → 4over product” field map for it under Field maps`,
      );
    }
    const shipTo = await shipToOf(tenantId, row);
    const groups = await optionGroups(config, productUuid);
    const chosen = chooseJob(
      { sku: row.sku, quantity: row.quantity, color_spec: row.color_spec, options: row.options },
      productUuid,
      maps,
      groups,
    );
    if (!chosen.ok)
      throw new HttpError(409, `${label} cannot go to 4over as it is. ${chosen.problems.join(". ")}`);
    const shipping = await shippingQuote(config, chosen.job.choice, shipTo);
    const files = Object.fromEntries(
      (row.artwork ?? []).flatMap((f) => {
        const side = (f.side ?? "").toLowerCase();
        const reason = side.startsWith("b") ? "bk" : side.startsWith("f") || !side ? "fr" : null;
        return reason ? [[reason, f.url]] : [];
      }),
    );
    return { label, productUuid, job: chosen.job, shipTo, shipping, files };
  }

  async function shipToOf(tenantId: number, row: ItemRow): Promise<FourOverAddress> {
    const label = `Order ${row.order_number}`;
    if (row.ship_to_id === null)
      throw new HttpError(409, `${label} has no ship-to address: choose one on the order`);
    const [a] = await selectRows<Record<string, string | null>>(
      app.db,
      sql`select a.company, a.attention, a.street1, a.street2, a.city, a.state, a.postal_code, a.country, a.phone,
            c.name as customer, c.contact_email, c.contact_phone
          from ${tableOf(registry, "CustomerAddress")} a
          left join ${tableOf(registry, "Customer")} c on c.tenant_id = a.tenant_id and c.id = a.customer_id
          where a.tenant_id = ${tenantId} and a.id = ${row.ship_to_id}`,
    );
    if (!a) throw new HttpError(409, `${label} has no ship-to address: choose one on the order`);
    const phone = a.phone ?? a.contact_phone;
    if (!phone)
      throw new HttpError(
        409,
        `${label}'s ship-to address has no phone number, which 4over requires: add one`,
      );
    const [firstname, ...rest] = (a.attention ?? "").trim().split(/\s+/);
    return {
      company: a.company ?? a.customer ?? undefined,
      ...(firstname && rest.length > 0 ? { firstname, lastname: rest.join(" ") } : {}),
      email: a.contact_email ?? undefined,
      phone,
      address: a.street1 ?? "",
      address2: a.street2 ?? "",
      city: a.city ?? "",
      state: a.state ?? "",
      zipcode: a.postal_code ?? "",
      country: a.country ?? "US",
    };
  }

  /** 4over's refusals as 502 with its sentence; everything else as it is. */
  async function viaFourOver<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof FourOverError) throw new HttpError(502, error.message);
      throw error;
    }
  }

  app.post("/four-over/items/:item_id/preview", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireOrders(request, "Read");
    const { tenantId, row } = await itemOf(request);
    const config = await requireConfig(tenantId);
    const ready = await viaFourOver(() => prepare(tenantId, row, config));
    return {
      data: {
        product_uuid: ready.productUuid,
        chosen: ready.job.chosen,
        unmapped: ready.job.unmapped,
        ship_to: ready.shipTo,
        shipping_options: ready.shipping,
        files: ready.files,
        test_order: config.testMode,
        sent: Boolean(row.job_id),
      },
    };
  });

  app.post(
    "/four-over/items/:item_id/submit",
    { onRequest: requireAuth, ...hidden },
    async (request, reply) => {
      await requireOrders(request, "Update");
      const auth = getAuth(request);
      const { tenantId, row } = await itemOf(request);
      const body = parseBody(submitBody, request.body);
      const config = await requireConfig(tenantId);
      const label = `Item ${Number(row.item_number)} of ${row.order_number}`;
      if (row.reference) {
        throw new HttpError(
          409,
          row.job_id
            ? `${label} went to 4over already, as job ${row.job_id}`
            : isStale(row.sent_at)
              ? `${label} was sent to 4over but its answer was lost: look up ${row.reference} on 4over and resolve it on the item's page`
              : `${label} is being sent to 4over already`,
        );
      }
      if (row.order_version !== body.version) {
        throw new HttpError(
          409,
          `Order ${row.order_number} was changed by someone else: reload it and send again`,
        );
      }
      const ready = await viaFourOver(() => prepare(tenantId, row, config));
      const shipping = ready.shipping.find((s) => s.code === body.shipping_code);
      if (!shipping) {
        throw new HttpError(
          409,
          "4over no longer offers that way of shipping it: preview again and choose another",
        );
      }
      // The item is claimed before 4over is asked, so two clicks (or two people) place one 4over order.
      const reference = `${row.order_number}-${Number(row.item_number)}`;
      const [claim] = await app.db
        .insert(four_over_jobs)
        .values({
          tenant_id: tenantId,
          order_id: row.order_id,
          item_id: row.item_id,
          reference,
          job_id: "",
          product_uuid: ready.productUuid,
          shipping_method: shipping.name,
          submitted_by: auth.user.id,
        })
        .onConflictDoNothing()
        .returning({ id: four_over_jobs.id });
      if (!claim) throw new HttpError(409, `${label} is being sent to 4over already`);
      let jobId: string;
      try {
        jobId = await createOrder(config, {
          reference,
          jobName: `${reference} ${row.description}`.slice(0, 100),
          product: ready.job.choice,
          shipTo: ready.shipTo,
          shipping,
          files: ready.files,
        });
      } catch (error) {
        // 4over may have the order (no answer in time): the attempt stays "Sending" until a person resolves it.
        if (error instanceof FourOverError && error.uncertain) {
          throw new HttpError(
            502,
            `${error.message}. 4over may have the order all the same: ${label} stays “Sending”; in a few minutes look up ${reference} on 4over and resolve it on the item's page`,
          );
        }
        await app.db.delete(four_over_jobs).where(eq(four_over_jobs.id, claim.id));
        if (error instanceof FourOverError) throw new HttpError(502, error.message);
        throw error;
      }
      await recordPlaced(request, tenantId, row, claim.id, jobId);
      reply.code(201);
      const [after] = await itemRows(tenantId, sql`i.id = ${row.item_id}`, 1);
      return {
        data: {
          item: answer(after as ItemRow, await mapsOf(tenantId)),
          message: `${label} went to 4over as job ${jobId}${config.testMode ? " (a test order: 4over will not print it)" : ""}`,
        },
      };
    },
  );

  /** 4over has the order as `jobId`: kept on the claim whatever else fails; the order's id, change log and poll. */
  async function recordPlaced(
    request: FastifyRequest,
    tenantId: number,
    row: ItemRow,
    claimId: number,
    jobId: string,
  ): Promise<void> {
    const now = new Date();
    const placed = {
      job_id: jobId,
      status: "Submitted",
      history: [{ at: now.toISOString(), status: "Submitted" }],
      updated_at: now,
    };
    const ofClaim = and(eq(four_over_jobs.tenant_id, tenantId), eq(four_over_jobs.id, claimId));
    try {
      await inTransaction(app, request, registry, "Order", async (ctx) => {
        await ctx.tx.update(four_over_jobs).set(placed).where(ofClaim);
        const [current] = await ctx.tx
          .select({ version: orders.table.table.version, ref: orders.table.table.four_over_order_id })
          .from(orders.table.table)
          .where(and(eq(orders.table.table.tenant_id, tenantId), eq(orders.table.table.id, row.order_id)));
        if (!current) throw notFound();
        await updateRecord(
          ctx,
          orders,
          row.order_id,
          { version: current.version, ...(current.ref ? {} : { four_over_order_id: jobId }) },
          { action: { from: null, to: `item ${Number(row.item_number)} sent to 4over as job ${jobId}` } },
        );
        await schedulePoll(ctx.tx, tenantId, row.item_id, now);
      });
    } catch (error) {
      // 4over has the order: its job id is kept on the item whatever else failed, so it is never sent twice.
      await app.db.update(four_over_jobs).set(placed).where(ofClaim);
      throw error;
    }
  }

  app.post("/four-over/items/:item_id/recover", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireOrders(request, "Update");
    const { tenantId, row } = await itemOf(request);
    const body = parseBody(recoverBody, request.body);
    const config = await requireConfig(tenantId);
    const label = `Item ${Number(row.item_number)} of ${row.order_number}`;
    if (row.job_id) throw new HttpError(409, `${label} went to 4over already, as job ${row.job_id}`);
    if (!row.reference)
      throw new HttpError(409, `${label} is not being sent to 4over: send it from its page`);
    if (!isStale(row.sent_at)) {
      throw new HttpError(
        409,
        `${label} is still being sent to 4over: wait a few minutes for its answer, then look again`,
      );
    }
    const [claim] = await app.db
      .select({ id: four_over_jobs.id })
      .from(four_over_jobs)
      .where(
        and(
          eq(four_over_jobs.tenant_id, tenantId),
          eq(four_over_jobs.item_id, row.item_id),
          eq(four_over_jobs.job_id, ""),
        ),
      );
    if (!claim) throw new HttpError(409, `${label} was resolved meanwhile: reload it`);
    let message: string;
    if ("resend" in body) {
      await app.db.delete(four_over_jobs).where(eq(four_over_jobs.id, claim.id));
      message = `${label} can be sent to 4over again`;
    } else {
      // The job must be 4over's: its status answers (an unknown job is 4over's 404).
      await jobStatus(config, body.job_id).catch((error: unknown) => {
        if (error instanceof FourOverError) {
          throw new HttpError(
            409,
            `4over did not find job ${body.job_id} (${error.message}): check the job id on 4over`,
          );
        }
        throw error;
      });
      await recordPlaced(request, tenantId, row, claim.id, body.job_id);
      message = `${label} is recorded as 4over job ${body.job_id}`;
    }
    const [after] = await itemRows(tenantId, sql`i.id = ${row.item_id}`, 1);
    return { data: { item: answer(after as ItemRow, await mapsOf(tenantId)), message } };
  });

  const schedulePoll = (tx: Database, tenantId: number, itemId: number, now: Date) =>
    enqueueJob(tx, {
      tenantId,
      kind: FOUR_OVER_POLL,
      subjectId: itemId,
      payload: { item_id: itemId },
      runAt: new Date(now.getTime() + POLL_MS),
    });

  /** Asks 4over for the job's statuses and tracking and writes them onto the item's job; answers the status. */
  type Polled = {
    item_id: number;
    four_over_status: string | null;
    tracking: string | null;
    history: ItemRow["history"];
  };
  async function poll(db: Database, tenantId: number, row: Polled, config: FourOverConfig, jobId: string) {
    const [statuses, tracking] = await Promise.all([jobStatus(config, jobId), jobTracking(config, jobId)]);
    const now = new Date();
    const history = [...(row.history ?? [])];
    const seen = new Set(history.map((h) => h.status));
    for (const s of statuses) {
      if (!seen.has(s)) {
        history.push({ at: now.toISOString(), status: s });
        seen.add(s);
      }
    }
    const status = statuses.at(-1) ?? row.four_over_status;
    await db
      .update(four_over_jobs)
      .set({
        status,
        tracking: tracking.length > 0 ? tracking.join(", ").slice(0, 500) : row.tracking,
        history,
        polled_at: now,
        updated_at: now,
        version: sql`${four_over_jobs.version} + 1`,
      })
      .where(and(eq(four_over_jobs.tenant_id, tenantId), eq(four_over_jobs.item_id, row.item_id)));
    return status;
  }

  // The periodic poll: in the scheduler's transaction; the next poll is scheduled until the job is over.
  app.scheduler.handle(FOUR_OVER_POLL, {
    async run({ tx, job, now }) {
      const itemId = Number(job.payload.item_id);
      // Only the job's own row: the items query hangs inside the scheduler's transaction on PGlite.
      const [row] = await selectRows<Polled & { job_id: string }>(
        tx,
        sql`select item_id, job_id, status as four_over_status, tracking, history from ${four_over_jobs}
            where tenant_id = ${job.tenant_id} and item_id = ${itemId}`,
      );
      if (!row?.job_id) return { skipped: "the item's 4over job is gone" };
      // On the transaction: PGlite has one connection, which the scheduler's transaction holds.
      const config = await configOf(job.tenant_id, tx);
      if (!config) throw new Error(NOT_CONFIGURED);
      const status = await poll(tx, job.tenant_id, row, config, row.job_id);
      const over = typeof status === "string" && FINAL.test(status);
      if (!over) await schedulePoll(tx, job.tenant_id, itemId, now);
      return { job_id: row.job_id, status, polling: !over };
    },
  });

  app.post("/four-over/items/:item_id/refresh", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireOrders(request, "Update");
    const { tenantId, row } = await itemOf(request);
    const config = await requireConfig(tenantId);
    const label = `Item ${Number(row.item_number)} of ${row.order_number}`;
    const jobId = row.job_id;
    if (!jobId) throw new HttpError(409, `${label} has not been sent to 4over: send it first`);
    await viaFourOver(() => poll(app.db, tenantId, row, config, jobId));
    const [after] = await itemRows(tenantId, sql`i.id = ${row.item_id}`, 1);
    return { data: { item: answer(after as ItemRow, await mapsOf(tenantId)) } };
  });
}
