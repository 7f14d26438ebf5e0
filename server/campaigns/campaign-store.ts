import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/open";
import { campaigns } from "../db/schema";
import { modelIn } from "../orders/order-state";
import { isTimeZone } from "../production/zoned-day";
import type { ResourceRegistry } from "../resources/model";
import { cancelWaitingJobs, enqueueJob } from "../scheduler/job-queue";
import { type Cadence, type CampaignCalendar, nextRunAt } from "./schedule";

// A campaign's row and its calendar's next run: reading it (tenant-scoped, locked for a write), the tenant's
// time zone, and (re)scheduling its next run as a job of the durable scheduler.

export const CAMPAIGN_JOB = "campaign.run";

export type CampaignRow = typeof campaigns.$inferSelect;

export async function campaignRow(
  tx: Database,
  tenantId: number,
  id: number,
  lock = false,
): Promise<CampaignRow | undefined> {
  const query = tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenant_id, tenantId), eq(campaigns.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The tenant's time zone: its first facility's (as the proof due dates read it), else UTC. */
export async function tenantTimeZone(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
): Promise<string> {
  const location = modelIn(registry, "Location").table.table;
  const [facility] = await tx
    .select({ tz: location.timezone })
    .from(location)
    .where(eq(location.tenant_id, tenantId))
    .orderBy(asc(location.id))
    .limit(1);
  const tz = facility?.tz;
  return typeof tz === "string" && isTimeZone(tz) ? tz : "UTC";
}

/** The calendar of a campaign; an anniversary reads its customer's date (the day they became a customer). */
export async function calendarOf(
  tx: Database,
  registry: ResourceRegistry,
  campaign: CampaignRow,
): Promise<CampaignCalendar> {
  const calendar: CampaignCalendar = {
    cadence: campaign.cadence as Cadence,
    day_of_month: campaign.day_of_month,
    month: campaign.month,
  };
  if (campaign.cadence === "anniversary") {
    const customer = modelIn(registry, "Customer").table.table;
    const [row] = await tx
      .select({ since: customer.created_at })
      .from(customer)
      .where(and(eq(customer.tenant_id, campaign.tenant_id), eq(customer.id, campaign.customer_id)));
    const since = row?.since instanceof Date ? row.since : new Date();
    calendar.anniversary = since.toISOString().slice(0, 10);
  }
  return calendar;
}

/**
 * Cancels the campaign's waiting run and, while it is active, schedules its next run after `after` (one job per
 * occurrence: its dedupe key is the date) and records next_run_at; a paused campaign's is null.
 */
export async function scheduleNextRun(
  tx: Database,
  registry: ResourceRegistry,
  campaign: CampaignRow,
  after: Date,
): Promise<Date | null> {
  await cancelWaitingJobs(tx, campaign.tenant_id, CAMPAIGN_JOB, campaign.id);
  let next: Date | null = null;
  if (campaign.active) {
    const timeZone = await tenantTimeZone(tx, registry, campaign.tenant_id);
    next = nextRunAt(await calendarOf(tx, registry, campaign), after.getTime(), timeZone);
    const occurrence = new Date(next.getTime()).toISOString();
    await enqueueJob(tx, {
      tenantId: campaign.tenant_id,
      kind: CAMPAIGN_JOB,
      subjectId: campaign.id,
      payload: { campaign_id: campaign.id, occurrence },
      runAt: next,
      dedupeKey: `${campaign.id}:${occurrence}`,
    });
  }
  await tx
    .update(campaigns)
    .set({ next_run_at: next })
    .where(and(eq(campaigns.tenant_id, campaign.tenant_id), eq(campaigns.id, campaign.id)));
  return next;
}

/** Bumps a campaign's version after the server changed it (a run), so a form read before it answers 409. */
export const bumped = { version: sql`${campaigns.version} + 1`, updated_at: sql`now()` };
