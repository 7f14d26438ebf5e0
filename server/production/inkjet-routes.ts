import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  INKJET_ACTIONS,
  INKJET_CODES,
  type InkjetAction,
  type InkjetDrop,
  type InkjetRow,
  stageOf,
} from "../../src/custom/production/inkjet-logic";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { can } from "../auth/permissions";
import { type Database, selectRows } from "../db/open";
import { forbidden, notFound, validationFailed } from "../http/errors";
import type { ResourceRegistry } from "../resources/model";
import { toRecord } from "../resources/records";
import { tableOf } from "./board-query";
import { inkjetAction } from "./inkjet-actions";

// The inkjet queue's server (issue 18):
//   GET  /inkjet-queue                                       the queue (MailOrder Read)
//   POST /mail-orders/{id}/addressing/{start|complete|hold|release}   an action (MailOrder Update)
// Body { version, reason? }: the version read (a stale one is a 409), a reason to hold.

export const QUEUE_LIMIT = 500;

type Row = Record<string, unknown>;

const bodySchema = z
  .object({
    version: z.number().int().min(1),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();

async function queueRows(db: Database, registry: ResourceRegistry, tenantId: number): Promise<InkjetRow[]> {
  const statuses = tableOf(registry, "Status");
  const codes = Object.values(INKJET_CODES);
  const rows = await selectRows<Row>(
    db,
    sql`select mo.id, mo.version, mo.mail_order_number, mo.mail_class, mo.shape, mo.status_id,
          s.code, s.name as status, s.color, c.name as customer, mo.order_id, o.order_number,
          coalesce(d.drops, '[]'::json) as drops, coalesce(d.pieces, 0)::int as pieces, d.next_drop::text as next_drop,
          case when s.code = ${INKJET_CODES.held} then (
            select hs.name from change_logs cl
            join ${statuses} hs on hs.tenant_id = mo.tenant_id
              and hs.id::text = (cl.changes -> 'status_id' ->> 'from')
            where cl.tenant_id = mo.tenant_id and cl.kind = 'MailOrder' and cl.record_id = mo.id
              and (cl.changes -> 'status_id' ->> 'to') = mo.status_id::text
            order by cl.changed_at desc, cl.id desc limit 1
          ) end as held_from
        from ${tableOf(registry, "MailOrder")} mo
        join ${statuses} s on s.id = mo.status_id and s.tenant_id = mo.tenant_id
        left join ${tableOf(registry, "Customer")} c on c.id = mo.customer_id and c.tenant_id = mo.tenant_id
        left join ${tableOf(registry, "Order")} o on o.id = mo.order_id and o.tenant_id = mo.tenant_id
        left join lateral (
          select json_agg(json_build_object('drop_no', dr.drop_no, 'scheduled_date', dr.scheduled_date,
                   'quantity', dr.quantity, 'status', dr.status) order by dr.drop_no) as drops,
                 sum(dr.quantity) as pieces, min(dr.scheduled_date) as next_drop
          from ${tableOf(registry, "MailOrder", "drops")} dr
          where dr.parent_id = mo.id and dr.tenant_id = mo.tenant_id and dr.status in ('scheduled', 'in_production')
        ) d on true
        where mo.tenant_id = ${tenantId} and mo.addressing = 'inkjet' and s.entity = 'mail_order'
          and s.code = any(${`{${codes.join(",")}}`}::text[])
        order by d.next_drop asc nulls last, mo.mail_order_number
        limit ${QUEUE_LIMIT}`,
  );
  return rows.map((r) => {
    const drops = (typeof r.drops === "string" ? JSON.parse(r.drops) : r.drops) as InkjetDrop[];
    return {
      id: Number(r.id),
      version: Number(r.version),
      mail_order_number: String(r.mail_order_number),
      customer: (r.customer as string | null) ?? null,
      order_id: r.order_id === null ? null : Number(r.order_id),
      order_number: (r.order_number as string | null) ?? null,
      mail_class: String(r.mail_class),
      shape: String(r.shape),
      status_id: Number(r.status_id),
      status: String(r.status),
      stage: stageOf(String(r.code)) ?? "ready",
      color: (r.color as string | null) ?? null,
      drops: drops.map((d) => ({ ...d, scheduled_date: String(d.scheduled_date).slice(0, 10) })),
      pieces: Number(r.pieces),
      next_drop: (r.next_drop as string | null) ?? null,
      held_from: (r.held_from as string | null) ?? null,
    };
  });
}

function idOf(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
}

export async function inkjetRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  app.get("/inkjet-queue", { onRequest: requireAuth, schema: { hide: true } }, async (request) => {
    if (!can(await requestGrants(request), "MailOrder", "Read")) throw forbidden();
    return { data: { rows: await queueRows(app.db, registry, getAuth(request).tenantId) } };
  });

  app.post(
    "/mail-orders/:id/addressing/:action",
    { onRequest: requireAuth, schema: { hide: true } },
    async (request: FastifyRequest) => {
      const { id, action } = request.params as { id: string; action: string };
      if (!(INKJET_ACTIONS as readonly string[]).includes(action)) throw notFound();
      if (!can(await requestGrants(request), "MailOrder", "Read", "Update")) throw forbidden();
      const parsed = bodySchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw validationFailed(
          parsed.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message })),
        );
      }
      if (action === "hold" && !parsed.data.reason) {
        throw validationFailed([{ field: "reason", message: "Say why the addressing is put on hold" }]);
      }
      const auth = getAuth(request);
      const { model, row } = await app.db.transaction((tx) =>
        inkjetAction(
          tx,
          registry,
          { tenantId: auth.tenantId, userId: auth.user.id },
          idOf(id),
          action as InkjetAction,
          parsed.data,
        ),
      );
      return { data: toRecord(model, row) };
    },
  );
}
