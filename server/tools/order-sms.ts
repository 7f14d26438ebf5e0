import { sql } from "drizzle-orm";
import { e164, type MergeValues, trackingUrl } from "../../src/custom/tools/sms-merge";
import { type Database, selectRows } from "../db/open";
import { order_files } from "../db/schema";
import { linkSigner, PROOF_LINK_TTL_SECONDS } from "../files/links";
import { tableOf } from "../production/board-query";
import type { ResourceRegistry } from "../resources/model";

// An order as an SMS sees it (/messaging's Preview and Send, and the status notifications): the merge
// tags' values (src/custom/tools/sms-merge.ts) and the customer's mobile number, tenant-scoped.

export interface SmsTemplateRow {
  id: number;
  name: string;
  body: string;
  active: boolean;
}

export interface SmsOrder {
  id: number;
  order_number: string;
  customer_name: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  status: string | null;
  due: string | null;
  amount_due: string | null;
  /** The newest proof file of the order, for {{proof_url}}. */
  proof_file_id: number | null;
  /** The newest packing slip of the order with a tracking number, for {{tracking_url}}. */
  carrier: string | null;
  tracking_number: string | null;
  /** The order's mail order with its latest mailed drop (else its newest mail order, with no drop). */
  mail_order_number: string | null;
  drop_no: number | null;
  drop_quantity: number | null;
}

const DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const MONEY = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export async function smsTemplate(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  id: number,
): Promise<SmsTemplateRow | undefined> {
  const [row] = await selectRows<SmsTemplateRow>(
    db,
    sql`select id, name, body, active from ${tableOf(registry, "SmsTemplate")} where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row;
}

/** The order with what its messages show; undefined when the tenant has no such order. */
export async function smsOrder(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  id: number,
): Promise<SmsOrder | undefined> {
  const [row] = await selectRows<SmsOrder>(
    db,
    sql`select o.id, o.order_number, c.name as customer_name, c.contact_name, c.contact_phone,
          coalesce(nullif(s.customer_label, ''), s.name) as status, o.wanted_by::text as due, o.amount_due::text as amount_due,
          (select f.id from ${order_files} f where f.tenant_id = o.tenant_id and f.order_id = o.id and f.kind = 'proof'
            order by f.id desc limit 1) as proof_file_id,
          shipped.carrier, shipped.tracking_number,
          mailed.mail_order_number, mailed.drop_no, mailed.drop_quantity
        from ${tableOf(registry, "Order")} o
        left join lateral (select p.carrier, p.tracking_number from ${tableOf(registry, "PackingSlip")} p
            where p.tenant_id = o.tenant_id and p.order_id = o.id and coalesce(p.tracking_number, '') <> ''
            order by p.id desc limit 1) shipped on true
        left join lateral (select m.mail_order_number, d.drop_no, d.quantity as drop_quantity
            from ${tableOf(registry, "MailOrder")} m
            left join ${tableOf(registry, "MailOrder", "drops")} d
              on d.tenant_id = m.tenant_id and d.parent_id = m.id and d.status = 'mailed'
            where m.tenant_id = o.tenant_id and m.order_id = o.id
            order by (d.id is null), d.mailed_at desc nulls last, d.drop_no desc, m.id desc limit 1) mailed on true
        left join ${tableOf(registry, "Customer")} c on c.id = o.customer_id and c.tenant_id = o.tenant_id
        left join ${tableOf(registry, "Status")} s on s.id = o.status_id and s.tenant_id = o.tenant_id
        where o.tenant_id = ${tenantId} and o.id = ${id}`,
  );
  return row;
}

/** The merge tags' values; `proofLink` turns a proof file into the link a customer opens. */
export const mergeValues = (order: SmsOrder, proofLink: (fileId: number) => string): MergeValues => ({
  customer_name: order.customer_name,
  contact_name: order.contact_name,
  order_number: order.order_number,
  status: order.status,
  due_date: order.due ? DATE.format(new Date(`${order.due.slice(0, 10)}T00:00:00Z`)) : null,
  amount_due: order.amount_due === null ? null : MONEY.format(Number(order.amount_due)),
  proof_url: order.proof_file_id === null ? null : proofLink(Number(order.proof_file_id)),
  tracking_url: order.tracking_number ? trackingUrl(order.carrier, order.tracking_number) : null,
  mail_order_number: order.mail_order_number,
  drop_no: order.drop_no === null ? null : String(order.drop_no),
  quantity: order.drop_quantity === null ? null : Number(order.drop_quantity).toLocaleString("en-US"),
});

/** Links to proofs as the proof mail gives them: signed, for 14 days (server/files/links.ts). */
export function proofLinks(
  config: { fileLinkSecret?: string; publicUrl: string },
  prefix: string,
  tenantId: number,
) {
  const signer = linkSigner(config.fileLinkSecret, `${prefix}/files`);
  return (fileId: number) =>
    `${config.publicUrl}${signer.sign(fileId, tenantId, Date.now(), PROOF_LINK_TTL_SECONDS).url}`;
}

/** The customer's mobile number in E.164, or null when there is none that reads as one. */
export const mobileOf = (order: SmsOrder): string | null =>
  order.contact_phone ? e164(order.contact_phone) : null;
