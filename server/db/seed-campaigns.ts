import { sql } from "drizzle-orm";
import { scheduleNextRun } from "../campaigns/campaign-store";
import { addDays } from "../campaigns/schedule";
import type { ResourceRegistry } from "../resources/model";
import { type Database, selectRows } from "./open";
import { campaigns, job_runs, scheduled_jobs } from "./schema";

// The demo shop's automated campaigns (server/campaigns): a monthly postcard to a customer's mailing list whose
// past runs are the mail orders the history already made from that list (one of them after a failed attempt),
// and a welcome postcard to contacts a week after they join a list, whose recent daily runs found nobody new.
// Both active, their next runs waiting in the scheduler. Nothing here bypasses a rule: the past runs point at
// mail orders the seed made through its own checks.

const SEED_WORKER = "seed";

interface PastRun {
  at: Date;
  outcome: "done" | "retry";
  error?: string;
  result: Record<string, unknown>;
}

async function pastJob(tx: Database, tenantId: number, campaignId: number, runs: PastRun[]): Promise<void> {
  const last = runs[runs.length - 1];
  const [job] = await tx
    .insert(scheduled_jobs)
    .values({
      tenant_id: tenantId,
      kind: "campaign.run",
      subject_id: campaignId,
      payload: { campaign_id: campaignId, occurrence: runs[0].at.toISOString() },
      dedupe_key: `${campaignId}:${runs[0].at.toISOString()}`,
      run_at: runs[0].at,
      state: "done",
      attempts: runs.length,
      finished_at: last.at,
    })
    .returning({ id: scheduled_jobs.id });
  await tx.insert(job_runs).values(
    runs.map((run, i) => ({
      tenant_id: tenantId,
      job_id: job.id,
      kind: "campaign.run",
      subject_id: campaignId,
      attempt: i + 1,
      outcome: run.outcome,
      error: run.error ?? null,
      result: run.outcome === "done" ? run.result : null,
      worker: SEED_WORKER,
      started_at: run.at,
      finished_at: new Date(run.at.getTime() + 1200),
    })),
  );
}

export async function seedCampaigns(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  createdBy: number | null,
  now: Date,
): Promise<void> {
  // The customer's list most mailed in the history, with its mail orders, newest last.
  const mailed = await selectRows<{
    list_id: number;
    list_name: string;
    customer_id: number;
    product_id: number | null;
    id: number;
    mail_order_number: string;
    order_id: number | null;
    order_number: string | null;
    piece_count: number;
    created_at: string | Date;
    drops: string[] | null;
  }>(
    tx,
    sql`with best as (
        select m.list_ids[1] as list_id from mail_orders m join lists l on l.id = m.list_ids[1]
          and l.tenant_id = m.tenant_id and l.customer_id = m.customer_id
        where m.tenant_id = ${tenantId} and m.product_id is not null
        group by 1 order by count(*) desc, 1 limit 1)
      select b.list_id, l.name as list_name, m.customer_id, m.product_id, m.id, m.mail_order_number, m.order_id,
        o.order_number, m.piece_count, m.created_at,
        (select array_agg(d.scheduled_date::text order by d.drop_no) from mail_orders_drops d
          where d.tenant_id = m.tenant_id and d.parent_id = m.id) as drops
      from best b join mail_orders m on m.tenant_id = ${tenantId} and m.list_ids[1] = b.list_id
      join lists l on l.id = b.list_id
      left join orders o on o.id = m.order_id
      where m.product_id is not null
      order by m.created_at desc limit 3`,
  );
  if (mailed.length === 0) return;
  const first = mailed[0];
  const [monthly] = await tx
    .insert(campaigns)
    .values({
      tenant_id: tenantId,
      name: `${first.list_name}: monthly postcard`,
      customer_id: first.customer_id,
      list_id: first.list_id,
      product_id: first.product_id as number,
      cadence: "monthly",
      day_of_month: 1,
      quantity_source: "list",
      mail_class: "marketing",
      lead_days: 3,
      drop_count: 1,
      created_by: createdBy,
      last_run_at: new Date(first.created_at),
    })
    .returning();
  for (const [i, m] of [...mailed].reverse().entries()) {
    const at = new Date(m.created_at);
    const result = {
      order_id: m.order_id,
      order_number: m.order_number,
      mail_order_id: m.id,
      mail_order_number: m.mail_order_number,
      pieces: m.piece_count,
      drop_dates: m.drops ?? [],
    };
    // The oldest run needed a second attempt: the list was still being processed.
    const runs: PastRun[] =
      i === 0
        ? [
            {
              at: new Date(at.getTime() - 3_600_000),
              outcome: "retry",
              error: `The mailing list ${m.list_name} is still processing: its records are not counted yet`,
              result: {},
            },
            { at, outcome: "done", result },
          ]
        : [{ at, outcome: "done", result }];
    await pastJob(tx, tenantId, monthly.id, runs);
  }
  await scheduleNextRun(tx, registry, monthly, now);

  // The welcome postcard: another list of the same customer when it has one, else the same list.
  const [welcomeList] = await selectRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from lists where tenant_id = ${tenantId} and customer_id = ${first.customer_id}
      order by (id = ${first.list_id}), id limit 1`,
  );
  const [welcome] = await tx
    .insert(campaigns)
    .values({
      tenant_id: tenantId,
      name: `${welcomeList.name}: welcome postcard`,
      customer_id: first.customer_id,
      list_id: welcomeList.id,
      product_id: first.product_id as number,
      cadence: "list_join",
      delay_days: 7,
      quantity_source: "list",
      mail_class: "first_class",
      lead_days: 1,
      drop_count: 1,
      created_by: createdBy,
      last_run_at: new Date(now.getTime() - 86_400_000),
    })
    .returning();
  const today = now.toISOString().slice(0, 10);
  for (const back of [3, 2, 1]) {
    const day = addDays(today, -back);
    await pastJob(tx, tenantId, welcome.id, [
      {
        at: new Date(`${day}T12:00:00Z`),
        outcome: "done",
        result: { skipped: `No contacts joined the list on ${addDays(day, -7)}`, pieces: 0 },
      },
    ]);
  }
  await scheduleNextRun(tx, registry, welcome, now);
}
