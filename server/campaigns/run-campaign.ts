import { and, eq, sql } from "drizzle-orm";
import type { CampaignRunResult as SharedResult } from "../../src/custom/mail/campaign-words";
import { tierPrice } from "../../src/resource-engine/pricing";
import { type Database, selectRows } from "../db/open";
import { campaigns } from "../db/schema";
import { modelIn } from "../orders/order-state";
import { localDateIn } from "../production/zoned-day";
import type { ResourceRegistry } from "../resources/model";
import { createRecord } from "../resources/record-writes";
import type { JobContext, JobHandler } from "../scheduler/scheduler";
import { bumped, type CampaignRow, campaignRow, scheduleNextRun, tenantTimeZone } from "./campaign-store";
import { addDays, dropDates, splitQuantity } from "./schedule";

// One run of an automated campaign, as the durable scheduler's job (or Run now): the order (one item of the
// campaign's product for the pieces it mails, priced from the product's tiers), its mail order and drops,
// written through the engine's own create (record-writes.ts) so every rule a person's order obeys applies
// (references, the customer's lists, the multi-drop rule, weekends and USPS holidays, pieces within the list),
// then the campaign's last run and, for a scheduled run, its next one. A refusal fails the attempt: the
// scheduler retries it later and records why.

export type CampaignRunResult = SharedResult & Record<string, unknown>;

/** The pieces a run mails: the list's valid records (its records before processing), a fixed count, or the
 * contacts that joined the list `delay_days` before the run. */
async function piecesOf(
  tx: Database,
  registry: ResourceRegistry,
  campaign: CampaignRow,
  runDate: string,
  timeZone: string,
): Promise<{ pieces: number; words: string }> {
  if (campaign.cadence === "list_join") {
    const joined = addDays(runDate, -(campaign.delay_days ?? 0));
    const [row] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from list_records where tenant_id = ${campaign.tenant_id}
        and list_id = ${campaign.list_id} and row_no > 0 and coalesce(outcome, 'valid') = 'valid'
        and (created_at at time zone ${timeZone})::date = ${joined}::date`,
    );
    return { pieces: Number(row?.n ?? 0), words: `No contacts joined the list on ${joined}` };
  }
  if (campaign.quantity_source === "fixed") {
    return { pieces: campaign.quantity ?? 0, words: "The campaign mails no pieces" };
  }
  const list = modelIn(registry, "List").table.table;
  const [row] = await tx
    .select({ valid: list.valid_count, records: list.record_count })
    .from(list)
    .where(and(eq(list.tenant_id, campaign.tenant_id), eq(list.id, campaign.list_id)));
  const valid = Number(row?.valid ?? 0);
  return {
    pieces: valid > 0 ? valid : Number(row?.records ?? 0),
    words: "The mailing list has no records to mail",
  };
}

export async function runCampaign(ctx: JobContext, registry: ResourceRegistry): Promise<CampaignRunResult> {
  const { tx, job, now } = ctx;
  const campaign = await campaignRow(tx, job.tenant_id, Number(job.payload.campaign_id), true);
  if (!campaign) return { skipped: "The campaign was deleted" };
  const manual = job.payload.manual === true;
  if (!campaign.active && !manual) return { skipped: "The campaign is paused" };
  const timeZone = await tenantTimeZone(tx, registry, campaign.tenant_id);
  const runDate = localDateIn(now.getTime(), timeZone);
  const result = await mailRun(tx, registry, campaign, runDate, timeZone, job.payload.user_id);
  await tx
    .update(campaigns)
    .set({ last_run_at: now, ...bumped })
    .where(and(eq(campaigns.tenant_id, campaign.tenant_id), eq(campaigns.id, campaign.id)));
  // A scheduled run schedules the next; Run now leaves the calendar as it is.
  if (!manual) await scheduleNextRun(tx, registry, campaign, afterOccurrence(job.payload, now));
  return result;
}

async function mailRun(
  tx: Database,
  registry: ResourceRegistry,
  campaign: CampaignRow,
  runDate: string,
  timeZone: string,
  runBy: unknown,
): Promise<CampaignRunResult> {
  const { pieces, words } = await piecesOf(tx, registry, campaign, runDate, timeZone);
  if (pieces <= 0) return { skipped: words, pieces: 0 };
  const product = modelIn(registry, "Product").table.table;
  const [item] = await tx
    .select({ name: product.name, tiers: product.price_tiers })
    .from(product)
    .where(and(eq(product.tenant_id, campaign.tenant_id), eq(product.id, campaign.product_id)));
  const userId = typeof runBy === "number" ? runBy : campaign.created_by;
  const engine = { tx, registry, tenantId: campaign.tenant_id, userId: userId ?? 0 };
  if (userId === null) engine.userId = await anyAdmin(tx, campaign.tenant_id);
  const note = { campaign: { from: null, to: `${campaign.name} (automated campaign ${campaign.id})` } };
  const price = tierPrice(item?.tiers, pieces);
  const order = await createRecord(
    engine,
    modelIn(registry, "Order"),
    {
      customer_id: campaign.customer_id,
      site_id: campaign.site_id,
      channel: "reorder",
      customer_po: `Campaign ${campaign.id}`,
      items: [
        {
          product_id: campaign.product_id,
          template_id: campaign.template_id,
          description: `${String(item?.name ?? "Mailing")}: ${campaign.name}, ${runDate}`.slice(0, 300),
          quantity: pieces,
          ...(price === undefined ? {} : { price }),
        },
      ],
    },
    note,
  );
  const dates = dropDates(runDate, campaign.lead_days, campaign.drop_count);
  const quantities = splitQuantity(pieces, dates.length);
  const mailOrder = await createRecord(
    engine,
    modelIn(registry, "MailOrder"),
    {
      order_id: order.row.id,
      customer_id: campaign.customer_id,
      product_id: campaign.product_id,
      template_id: campaign.template_id,
      list_ids: [campaign.list_id],
      mail_class: campaign.mail_class,
      shape: "card",
      drops: dates.map((date, i) => ({ drop_no: i + 1, scheduled_date: date, quantity: quantities[i] })),
    },
    note,
  );
  return {
    order_id: order.row.id as number,
    order_number: String(order.row.order_number),
    mail_order_id: mailOrder.row.id as number,
    mail_order_number: String(mailOrder.row.mail_order_number),
    pieces,
    drop_dates: dates,
  };
}

/** The next run comes after this one's occurrence, and after now (a server down for a while catches up once). */
function afterOccurrence(payload: Record<string, unknown>, now: Date): Date {
  const occurrence = Date.parse(String(payload.occurrence));
  return Number.isFinite(occurrence) && occurrence > now.getTime() ? new Date(occurrence) : now;
}

/** A campaign whose creator was removed runs as the tenant's first user (the change log names someone). */
async function anyAdmin(tx: Database, tenantId: number): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`select u.id from users u join user_groups ug on ug.user_id = u.id join groups g on g.id = ug.group_id
      where g.tenant_id = ${tenantId} order by u.id limit 1`,
  );
  return Number(row?.id ?? 0);
}

/** The scheduler's handler of campaign runs; a run whose attempts are spent still schedules the next. */
export function campaignJobHandler(registry: ResourceRegistry): JobHandler {
  return {
    run: (ctx) => runCampaign(ctx, registry),
    live: "Campaign",
    async failed({ tx, job, now }) {
      if (job.payload.manual === true) return;
      const campaign = await campaignRow(tx, job.tenant_id, Number(job.payload.campaign_id), true);
      if (campaign) await scheduleNextRun(tx, registry, campaign, afterOccurrence(job.payload, now));
    },
  };
}
