import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { settingsChanges } from "../../src/custom/mail/campaign-words";
import { getAuth, requireAuth } from "../auth/authenticate";
import { type Database, selectRows } from "../db/open";
import { campaigns } from "../db/schema";
import { HttpError, notFound, validationFailed } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { parseBody, pathId, requireCan, version } from "../orders/route-helpers";
import { listChangeLogs, writeChangeLogs } from "../resources/change-logs";
import type { ResourceRegistry } from "../resources/model";
import { quoteIdent } from "../resources/tables";
import { cancelWaitingJobs, enqueueJob } from "../scheduler/job-queue";
import {
  type CampaignSettings,
  campaignFields,
  checkReferences,
  createBody,
  normalised,
} from "./campaign-body";
import { CAMPAIGN_JOB, type CampaignRow, campaignRow, scheduleNextRun } from "./campaign-store";
import { campaignJobHandler } from "./run-campaign";
import { CADENCES } from "./schedule";

// Automated campaigns (issue 22; /automated-drop-postcard-tool, /automated-campaigns/{id}), with MailOrder's
// permissions (a campaign makes mail orders): Read to look, Create to make one or to Run now (with Order Create: a
// run makes an order), Update to change, pause or resume one, Delete to delete one. Every query is the caller's tenant's; another tenant's campaign is a 404.
//   GET   /campaigns?active=&cadence=&q=      the list, newest first
//   POST  /campaigns                           create (its first run scheduled)
//   GET   /campaigns/{id}                      one, with its customer's, list's, product's names
//   PATCH /campaigns/{id}                      { version, …settings } (409 on a stale version), rescheduled
//   POST  /campaigns/{id}/pause | /resume      { version }
//   DELETE /campaigns/{id}                     { version }: 200 { data: { id } }, its waiting runs cancelled; 409 while a
//                                              run is in progress (the orders its runs made stay, as does its history)
//   POST  /campaigns/{id}/run                  Run now: a run at once, outside the calendar
//   GET   /campaigns/{id}/change-logs?page=&limit=  who changed which settings when (create, edits, pause/resume,
//                                              written in the change's transaction), newest first
//   GET   /campaigns/{id}/runs?page=&limit=    its attempts, newest first, a page at a time (outcome, error, the order
//                                              it made; limit 25 by default, at most 100; total), and the waiting jobs

const hidden = { schema: { hide: true } };
const STALE =
  "This campaign was changed by someone else (or by a run) since you opened it. Reload it and try again.";
const RUNNING = "A run of this campaign is in progress: delete it once the run has finished.";

const updateBody = z
  .object({
    version,
    ...Object.fromEntries(Object.entries(campaignFields).map(([k, v]) => [k, v.optional()])),
  })
  .strict();
const versionBody = z.object({ version }).strict();
const pageNumber = (what: string, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `Give the ${what} as a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `Give a ${what} of 1 or more`).max(max, `Give a ${what} of at most ${max}`))
    .default(fallback);
const pageQuery = z
  .object({ page: pageNumber("page", 100_000, 1), limit: pageNumber("limit", 100, 25) })
  .strict();

type Settings = CampaignSettings;
/** change_logs.kind of a campaign's history. */
const LOG_KIND = "Campaign";
const settingsOf = (row: CampaignRow): Settings => ({
  name: row.name,
  customer_id: row.customer_id,
  list_id: row.list_id,
  product_id: row.product_id,
  template_id: row.template_id,
  cadence: row.cadence as Settings["cadence"],
  day_of_month: row.day_of_month,
  month: row.month,
  delay_days: row.delay_days,
  quantity_source: row.quantity_source as Settings["quantity_source"],
  quantity: row.quantity,
  mail_class: row.mail_class as Settings["mail_class"],
  lead_days: row.lead_days,
  drop_count: row.drop_count,
  active: row.active,
});

/** Campaign rows with the names of what they point at, newest first. */
async function campaignAnswers(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  where: ReturnType<typeof sql>,
): Promise<Record<string, unknown>[]> {
  const table = (kind: string) => sql.raw(quoteIdent(modelIn(registry, kind).table.name));
  return selectRows(
    db,
    sql`select c.*, cu.name as customer_name, l.name as list_name, p.name as product_name, t.name as template_name,
        (select r.outcome from job_runs r where r.tenant_id = c.tenant_id and r.kind = ${CAMPAIGN_JOB}
          and r.subject_id = c.id order by r.id desc limit 1) as last_outcome
      from campaigns c
      left join ${table("Customer")} cu on cu.tenant_id = c.tenant_id and cu.id = c.customer_id
      left join ${table("List")} l on l.tenant_id = c.tenant_id and l.id = c.list_id
      left join ${table("Product")} p on p.tenant_id = c.tenant_id and p.id = c.product_id
      left join ${table("Template")} t on t.tenant_id = c.tenant_id and t.id = c.template_id
      where c.tenant_id = ${tenantId} and ${where}
      order by c.id desc`,
  );
}

const single = (value: unknown, field: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw validationFailed([{ field, message: "Give this parameter once" }]);
  return value;
};

export async function campaignRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  app.scheduler.handle(CAMPAIGN_JOB, campaignJobHandler(registry));

  const one = async (tenantId: number, id: number) => {
    const [row] = await campaignAnswers(app.db, registry, tenantId, sql`c.id = ${id}`);
    if (!row) throw notFound();
    return row;
  };

  /** Reads the campaign for a write (locked), 404 when not the tenant's, 409 when the version is stale. */
  const forWrite = async (tx: Database, request: FastifyRequest, id: number, read: number) => {
    const row = await campaignRow(tx, getAuth(request).tenantId, id, true);
    if (!row) throw notFound();
    if (row.version !== read) throw new HttpError(409, STALE);
    return row;
  };

  /** Writes the changed settings and their change log entry (none when nothing changed). */
  const save = async (
    tx: Database,
    request: FastifyRequest,
    row: CampaignRow,
    values: Partial<CampaignRow>,
  ) => {
    const [after] = await tx
      .update(campaigns)
      .set({ ...values, version: sql`${campaigns.version} + 1`, updated_at: new Date() })
      .where(and(eq(campaigns.tenant_id, row.tenant_id), eq(campaigns.id, row.id)))
      .returning();
    await log(tx, request, row.id, "update", settingsChanges(settingsOf(row), settingsOf(after)));
    return after;
  };
  const log = async (
    tx: Database,
    request: FastifyRequest,
    id: number,
    action: "create" | "update" | "delete",
    changes: Record<string, { from: unknown; to: unknown }>,
  ) => {
    if (action === "update" && Object.keys(changes).length === 0) return;
    const { tenantId, user } = getAuth(request);
    await writeChangeLogs(tx, LOG_KIND, [{ tenantId, recordId: id, action, userId: user.id, changes }]);
  };

  app.get("/campaigns", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireCan(request, "MailOrder", "Read");
    const query = (request.query ?? {}) as Record<string, unknown>;
    const active = single(query.active, "active");
    const cadence = single(query.cadence, "cadence");
    const q = single(query.q, "q")?.trim().slice(0, 120);
    if (active !== undefined && active !== "true" && active !== "false") {
      throw validationFailed([{ field: "active", message: "Filter by active=true or active=false" }]);
    }
    if (cadence !== undefined && !(CADENCES as readonly string[]).includes(cadence)) {
      throw validationFailed([{ field: "cadence", message: `Filter by one of: ${CADENCES.join(", ")}` }]);
    }
    const conditions = [sql`true`];
    if (active !== undefined) conditions.push(sql`c.active = ${active === "true"}`);
    if (cadence !== undefined) conditions.push(sql`c.cadence = ${cadence}`);
    if (q) conditions.push(sql`(c.name ilike ${`%${q}%`} or cu.name ilike ${`%${q}%`})`);
    const rows = await campaignAnswers(
      app.db,
      registry,
      getAuth(request).tenantId,
      sql.join(conditions, sql` and `),
    );
    return { data: rows, meta: { total: rows.length } };
  });

  app.get("/campaigns/:id", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireCan(request, "MailOrder", "Read");
    return { data: await one(getAuth(request).tenantId, pathId((request.params as { id: string }).id)) };
  });

  app.post("/campaigns", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    await requireCan(request, "MailOrder", "Create");
    // Its runs make orders in the creator's name.
    await requireCan(request, "Order", "Create");
    const settings = normalised({
      template_id: null,
      day_of_month: null,
      month: null,
      delay_days: null,
      quantity: null,
      ...parseBody(createBody, request.body),
    });
    const auth = getAuth(request);
    const id = await app.db.transaction(async (tx) => {
      await checkReferences(tx, registry, auth.tenantId, settings);
      const [row] = await tx
        .insert(campaigns)
        .values({ ...settings, tenant_id: auth.tenantId, created_by: auth.user.id })
        .returning();
      await log(tx, request, row.id, "create", settingsChanges(null, settingsOf(row)));
      await scheduleNextRun(tx, registry, row, new Date());
      return row.id;
    });
    reply.code(201);
    return { data: await one(auth.tenantId, id) };
  });

  app.patch("/campaigns/:id", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireCan(request, "MailOrder", "Update");
    const id = pathId((request.params as { id: string }).id);
    const { version: read, ...changes } = parseBody(updateBody, request.body);
    const auth = getAuth(request);
    await app.db.transaction(async (tx) => {
      const row = await forWrite(tx, request, id, read as number);
      const settings = normalised({ ...settingsOf(row), ...(changes as Partial<Settings>) });
      await checkReferences(tx, registry, auth.tenantId, settings);
      const after = await save(tx, request, row, settings);
      await scheduleNextRun(tx, registry, after, new Date());
    });
    return { data: await one(auth.tenantId, id) };
  });

  for (const [action, active] of [
    ["pause", false],
    ["resume", true],
  ] as const) {
    app.post(`/campaigns/:id/${action}`, { onRequest: requireAuth, ...hidden }, async (request) => {
      await requireCan(request, "MailOrder", "Update");
      const id = pathId((request.params as { id: string }).id);
      const { version: read } = parseBody(versionBody, request.body);
      const auth = getAuth(request);
      await app.db.transaction(async (tx) => {
        const row = await forWrite(tx, request, id, read);
        const after = await save(tx, request, row, { active });
        await scheduleNextRun(tx, registry, after, new Date());
      });
      return { data: await one(auth.tenantId, id) };
    });
  }

  app.delete("/campaigns/:id", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireCan(request, "MailOrder", "Delete");
    const id = pathId((request.params as { id: string }).id);
    const { version: read } = parseBody(versionBody, request.body ?? {});
    const { tenantId } = getAuth(request);
    await app.db.transaction(async (tx) => {
      const row = await forWrite(tx, request, id, read);
      // A run holds the campaign's row while it works; one claimed and not finished is still its job's.
      const [running] = await selectRows<{ id: number }>(
        tx,
        sql`select id from scheduled_jobs where tenant_id = ${tenantId} and kind = ${CAMPAIGN_JOB}
          and subject_id = ${id} and state = 'running' limit 1`,
      );
      if (running) throw new HttpError(409, RUNNING);
      await cancelWaitingJobs(tx, tenantId, CAMPAIGN_JOB, row.id);
      await tx.delete(campaigns).where(and(eq(campaigns.tenant_id, tenantId), eq(campaigns.id, row.id)));
      await log(tx, request, row.id, "delete", {});
    });
    return { data: { id } };
  });

  app.post("/campaigns/:id/run", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireCan(request, "MailOrder", "Create");
    await requireCan(request, "Order", "Create");
    const id = pathId((request.params as { id: string }).id);
    const auth = getAuth(request);
    if (!(await campaignRow(app.db, auth.tenantId, id))) throw notFound();
    const jobId = await enqueueJob(app.db, {
      tenantId: auth.tenantId,
      kind: CAMPAIGN_JOB,
      subjectId: id,
      payload: { campaign_id: id, manual: true, user_id: auth.user.id },
      runAt: new Date(),
      dedupeKey: `${id}:now:${randomUUID()}`,
    });
    const outcome = jobId === null ? null : await app.scheduler.runNow(jobId);
    const [run] = await selectRows<Record<string, unknown>>(
      app.db,
      sql`select * from job_runs where tenant_id = ${auth.tenantId} and job_id = ${jobId} order by id desc limit 1`,
    );
    return {
      data: { outcome: outcome ?? "scheduled", run: run ?? null, campaign: await one(auth.tenantId, id) },
    };
  });

  app.get("/campaigns/:id/change-logs", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireCan(request, "MailOrder", "Read");
    const id = pathId((request.params as { id: string }).id);
    const { page, limit } = parseBody(pageQuery, request.query ?? {});
    const { tenantId } = getAuth(request);
    if (!(await campaignRow(app.db, tenantId, id))) throw notFound();
    const { rows, total } = await listChangeLogs(app.db, LOG_KIND, tenantId, id, page, limit);
    return { data: rows, meta: { page, limit, total } };
  });

  app.get("/campaigns/:id/runs", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireCan(request, "MailOrder", "Read");
    const id = pathId((request.params as { id: string }).id);
    const { tenantId } = getAuth(request);
    const { page, limit } = parseBody(pageQuery, request.query ?? {});
    if (!(await campaignRow(app.db, tenantId, id))) throw notFound();
    const ofCampaign = sql`r.tenant_id = ${tenantId} and r.kind = ${CAMPAIGN_JOB} and r.subject_id = ${id}`;
    const runs = await selectRows<Record<string, unknown>>(
      app.db,
      sql`select r.id, r.job_id, r.attempt, r.outcome, r.error, r.result, r.started_at, r.finished_at,
          j.max_attempts, j.payload->>'manual' = 'true' as manual
        from job_runs r join scheduled_jobs j on j.id = r.job_id
        where ${ofCampaign}
        order by r.id desc limit ${limit} offset ${(page - 1) * limit}`,
    );
    const [{ total }] = await selectRows<{ total: number }>(
      app.db,
      sql`select count(*)::int as total from job_runs r where ${ofCampaign}`,
    );
    const waiting = await selectRows<Record<string, unknown>>(
      app.db,
      sql`select id, run_at, state, attempts, max_attempts, last_error, payload->>'manual' = 'true' as manual
        from scheduled_jobs where tenant_id = ${tenantId} and kind = ${CAMPAIGN_JOB} and subject_id = ${id}
          and state in ('scheduled', 'running')
        order by run_at`,
    );
    return { data: { runs, waiting, page, limit, total }, meta: { page, limit, total } };
  });
}
