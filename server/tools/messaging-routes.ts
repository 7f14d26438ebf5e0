import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { e164, renderTemplate } from "../../src/custom/tools/sms-merge";
import { getAuth, requireAuth, requirePermission } from "../auth/authenticate";
import { selectRows } from "../db/open";
import { sms_messages, users } from "../db/schema";
import { fieldError, HttpError, notFound, validationFailed } from "../http/errors";
import { parseBody, pathId, requireCan } from "../orders/route-helpers";
import { tableOf } from "../production/board-query";
import type { ResourceRegistry } from "../resources/model";
import { mergeValues, mobileOf, proofLinks, smsOrder, smsTemplate } from "./order-sms";
import { STATUS_SMS_JOB, statusSmsHandler } from "./status-notifications";
import { sendSms } from "./twilio-sms";

// /messaging's server (issue 22):
//   POST /sms-templates/{id}/preview { order_id }          the template rendered with the order (SmsTemplate Preview)
//   POST /sms-templates/{id}/send    { order_id, to? }     rendered and sent (SmsTemplate Send): through Twilio
//        when the server is configured for it (TWILIO_*), else kept in the outbox and said so; never a pretend send
//   GET  /sms-messages?limit=                              what was sent or kept, newest first (SmsTemplate Read)
// Both render on the server (src/custom/tools/sms-merge.ts) and need Order ReadAny too: the text shows the order.
// A message with unknown or empty tags, or without a number to send to, is refused with the reason.

const orderBody = z
  .object({ order_id: z.number({ message: "Choose an order" }).int().min(1).max(2_147_483_647) })
  .strict();
const sendBody = orderBody
  .extend({ to: z.string().trim().max(30, "A phone number has at most 30 characters").optional() })
  .strict();

export async function messagingRoutes(app: FastifyInstance, { registry }: { registry: ResourceRegistry }) {
  // The texts statuses send on their own (status-notifications.ts), after the write that reached them.
  app.scheduler.handle(STATUS_SMS_JOB, statusSmsHandler(registry, app.config, app.prefix));
  const templateOf = async (request: FastifyRequest, tenantId: number) => {
    const id = pathId((request.params as { id: string }).id);
    const row = await smsTemplate(request.server.db, registry, tenantId, id);
    if (!row) throw notFound();
    return row;
  };

  const orderOf = async (request: FastifyRequest, tenantId: number, id: number) => {
    const row = await smsOrder(request.server.db, registry, tenantId, id);
    if (!row) throw fieldError("order_id", "There is no such order");
    return row;
  };

  const readsOrders = (request: FastifyRequest) => requireCan(request, "Order", "ReadAny");

  const rendered = async (request: FastifyRequest, orderId: number) => {
    const auth = getAuth(request);
    const template = await templateOf(request, auth.tenantId);
    const order = await orderOf(request, auth.tenantId, orderId);
    const values = mergeValues(order, proofLinks(app.config, app.prefix, auth.tenantId));
    return { template, order, phone: mobileOf(order), result: renderTemplate(template.body, values) };
  };

  app.post(
    "/sms-templates/:id/preview",
    {
      onRequest: requireAuth,
      preHandler: [requirePermission("SmsTemplate", "Preview"), readsOrders],
      schema: { hide: true },
    },
    async (request) => {
      const { order_id } = parseBody(orderBody, request.body);
      const { template, order, phone, result } = await rendered(request, order_id);
      return {
        data: {
          template: { id: template.id, name: template.name, active: template.active },
          order: { id: order.id, order_number: order.order_number, customer_name: order.customer_name },
          to: phone,
          phone_on_file: order.contact_phone,
          configured: Boolean(request.server.config.twilio),
          ...result,
        },
      };
    },
  );

  app.post(
    "/sms-templates/:id/send",
    {
      onRequest: requireAuth,
      preHandler: [requirePermission("SmsTemplate", "Send"), readsOrders],
      schema: { hide: true },
    },
    async (request, reply) => {
      const auth = getAuth(request);
      const body = parseBody(sendBody, request.body);
      const { template, order, phone, result } = await rendered(request, body.order_id);
      if (!template.active) {
        throw new HttpError(
          409,
          `The template “${template.name}” is inactive: make it active before sending it`,
        );
      }
      const problems = [
        ...result.unknown.map((tag) => ({
          field: "body",
          message: `${tag} is not a merge tag: change the template`,
        })),
        ...result.empty.map((tag) => ({
          field: "body",
          message: `Order ${order.order_number} has no ${tag.replace("_", " ")}: fill it in or choose another order`,
        })),
      ];
      if (problems.length > 0) throw validationFailed(problems);
      const to = body.to ? e164(body.to) : phone;
      if (!to) {
        throw fieldError(
          "to",
          body.to
            ? `“${body.to}” is not a phone number: type 10 digits, or + and the country code`
            : `${order.customer_name ?? "The customer"} has no mobile number on file: type the number to send to`,
        );
      }
      const twilio = request.server.config.twilio;
      const outcome = twilio ? await sendSms(twilio, to, result.text) : null;
      const [message] = await request.server.db
        .insert(sms_messages)
        .values({
          tenant_id: auth.tenantId,
          template_id: template.id,
          order_id: order.id,
          to,
          body: result.text,
          status: outcome === null ? "outbox" : outcome.ok ? "sent" : "failed",
          provider_id: outcome?.ok ? outcome.sid : null,
          error: outcome && !outcome.ok ? outcome.error : null,
          sent_by: auth.user.id,
        })
        .returning();
      if (outcome && !outcome.ok) throw new HttpError(502, outcome.error);
      reply.code(201);
      return {
        data: {
          ...message,
          message:
            outcome === null
              ? `SMS is not configured on this server: the message to ${to} is kept in the outbox, not sent`
              : `Sent to ${to} through Twilio (${outcome.sid})`,
        },
      };
    },
  );

  app.get(
    "/sms-messages",
    { onRequest: requireAuth, preHandler: requirePermission("SmsTemplate", "Read"), schema: { hide: true } },
    async (request) => {
      const auth = getAuth(request);
      const raw = Number((request.query as { limit?: string }).limit ?? 50);
      const limit = Number.isInteger(raw) && raw >= 1 && raw <= 200 ? raw : 50;
      // The template's name and the order's number as they are now (either may have been deleted since).
      const rows = await selectRows<Record<string, unknown>>(
        request.server.db,
        sql`select m.id, m.created_at, m.to, m.body, m.status, m.provider_id, m.error, m.template_id, m.order_id,
              t.name as template_name, o.order_number, u.name as sent_by
            from ${sms_messages} m
            left join ${tableOf(registry, "SmsTemplate")} t on t.id = m.template_id and t.tenant_id = m.tenant_id
            left join ${tableOf(registry, "Order")} o on o.id = m.order_id and o.tenant_id = m.tenant_id
            left join ${users} u on u.id = m.sent_by
            where m.tenant_id = ${auth.tenantId}
            order by m.id desc
            limit ${limit}`,
      );
      return { data: { configured: Boolean(request.server.config.twilio), rows } };
    },
  );
}
