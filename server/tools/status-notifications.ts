import { sql } from "drizzle-orm";
import { renderTemplate } from "../../src/custom/tools/sms-merge";
import type { Config } from "../config";
import { type Database, selectRows } from "../db/open";
import { sms_messages } from "../db/schema";
import { tableOf } from "../production/board-query";
import type { Row } from "../resources/hooks";
import { isServiceLine } from "../resources/hooks/order-service-lines";
import type { ResourceRegistry } from "../resources/model";
import { enqueueJob } from "../scheduler/job-queue";
import type { JobHandler } from "../scheduler/scheduler";
import { mergeValues, mobileOf, proofLinks, smsOrder, smsTemplate } from "./order-sms";
import { sendSms } from "./twilio-sms";

// Status notifications (issue 22, /messaging): when an order, or an item of it, reaches a status marked
// notify_customer with an SMS template, the customer gets that template rendered with the order, its
// {{status}} the reached status's customer label. The write only puts a job in the durable scheduler's
// table, in its own transaction (so a rolled-back write notifies nobody and a committed one is never
// forgotten); the job sends after the commit, through Twilio when configured, else into the outbox.
// One message per order and status: three items shipped together make one "shipped" text, and a status
// reached again (after a hold) does not text twice (the job's dedupe key).
// What cannot be sent (no mobile number, a tag the order has no value for) is recorded as failed with its
// reason, for the staff to see on /messaging; Twilio's refusal or absence is retried with backoff.

export const STATUS_SMS_JOB = "status-sms";

interface Reached {
  status_id: number;
  template_id: number;
}

/** The statuses `ids` among them that notify the customer with a template. */
async function notifying(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  ids: number[],
): Promise<Reached[]> {
  return selectRows<Reached>(
    tx,
    sql`select id as status_id, sms_template_id as template_id from ${tableOf(registry, "Status")}
        where tenant_id = ${tenantId} and notify_customer = true and sms_template_id is not null
          and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
}

/**
 * Called by the order's write (hooks/orders.ts) with the order and its items as written and as they were:
 * queues a notification for each notifying status the order or an item has just reached.
 */
export async function queueStatusNotifications(input: {
  tx: Database;
  registry: ResourceRegistry;
  tenantId: number;
  record: Row;
  previous: Row | null;
  items: Row[] | undefined;
  previousItems: Row[] | undefined;
}): Promise<void> {
  const { tx, registry, tenantId, record, previous, items, previousItems } = input;
  const reached = new Set<number>();
  if (typeof record.status_id === "number" && record.status_id !== previous?.status_id)
    reached.add(record.status_id);
  const before = new Map((previousItems ?? []).map((i) => [i.id, i.item_status_id]));
  for (const item of items ?? []) {
    if (isServiceLine(item) || typeof item.item_status_id !== "number") continue;
    if (before.get(item.id) !== item.item_status_id) reached.add(item.item_status_id);
  }
  if (reached.size === 0) return;
  const orderId = record.id as number;
  for (const { status_id, template_id } of await notifying(tx, registry, tenantId, [...reached])) {
    await enqueueJob(tx, {
      tenantId,
      kind: STATUS_SMS_JOB,
      subjectId: orderId,
      payload: { order_id: orderId, status_id, template_id },
      runAt: new Date(),
      dedupeKey: `order:${orderId}:status:${status_id}`,
      maxAttempts: 5,
    });
  }
}

/** The job: render and send (or keep) the message; its result says what became of it. */
export function statusSmsHandler(registry: ResourceRegistry, config: Config, prefix: string): JobHandler {
  const twilio = config.twilio;
  const record = (
    tx: Database,
    tenantId: number,
    values: Omit<typeof sms_messages.$inferInsert, "tenant_id">,
  ) =>
    tx
      .insert(sms_messages)
      .values({ ...values, tenant_id: tenantId, sent_by: null })
      .returning({ id: sms_messages.id });
  return {
    async run({ tx, job }) {
      const tenantId = job.tenant_id;
      const orderId = Number(job.payload.order_id);
      const statusId = Number(job.payload.status_id);
      const templateId = Number(job.payload.template_id);
      const [order, template, status] = await Promise.all([
        smsOrder(tx, registry, tenantId, orderId),
        smsTemplate(tx, registry, tenantId, templateId),
        statusLabel(tx, registry, tenantId, statusId),
      ]);
      if (!order) return { skipped: "The order no longer exists" };
      if (!template?.active) return { skipped: "The status's SMS template is gone or inactive" };
      const values = mergeValues(order, proofLinks(config, prefix, tenantId));
      const rendered = renderTemplate(template.body, { ...values, status });
      const to = mobileOf(order);
      const base = { template_id: template.id, order_id: order.id, body: rendered.text };
      const problem = !to
        ? `${order.customer_name ?? "The customer"} has no mobile number on file`
        : rendered.unknown.length > 0
          ? `${rendered.unknown.join(", ")} is not a merge tag: change the template “${template.name}”`
          : rendered.empty.length > 0
            ? `Order ${order.order_number} has no ${rendered.empty.map((t) => t.replace(/_/g, " ")).join(", ")}`
            : null;
      if (problem || !to) {
        const [row] = await record(tx, tenantId, { ...base, to: to ?? "", status: "failed", error: problem });
        return { message_id: row?.id, status: "failed", error: problem };
      }
      if (!twilio) {
        const [row] = await record(tx, tenantId, { ...base, to, status: "outbox" });
        return { message_id: row?.id, status: "outbox" };
      }
      const outcome = await sendSms(twilio, to, rendered.text);
      // Twilio away or refusing: the scheduler tries again later (and records the last failure below).
      if (!outcome.ok) throw new Error(outcome.error);
      const [row] = await record(tx, tenantId, { ...base, to, status: "sent", provider_id: outcome.sid });
      return { message_id: row?.id, status: "sent", sid: outcome.sid };
    },
    async failed({ tx, job }) {
      const order = await smsOrder(tx, registry, job.tenant_id, Number(job.payload.order_id));
      if (!order) return;
      await record(tx, job.tenant_id, {
        template_id: Number(job.payload.template_id),
        order_id: order.id,
        to: mobileOf(order) ?? "",
        body: "",
        status: "failed",
        error: `Not sent after ${job.attempts} attempts: ${job.last_error ?? "Twilio refused it"}`,
      });
    },
  };
}

/** What customers see of a status: its customer label, else its name. */
async function statusLabel(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  id: number,
): Promise<string | null> {
  const [row] = await selectRows<{ label: string }>(
    tx,
    sql`select coalesce(nullif(customer_label, ''), name) as label from ${tableOf(registry, "Status")}
        where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row?.label ?? null;
}
