// /messaging's calls (server/tools/messaging-routes.ts) through the app's one http client: a
// failure is shown by it (spec §8) and rethrown as a RequestError; a 403 resolves with undefined.
import { request } from "../../providers/http-client";
import type { Rendered } from "./sms-merge";

export interface Preview extends Rendered {
  template: { id: number; name: string; active: boolean };
  order: { id: number; order_number: string; customer_name: string | null };
  /** The customer's phone as E.164, or null when it has none that is one. */
  to: string | null;
  phone_on_file: string | null;
  configured: boolean;
}

export interface SmsMessage {
  id: number;
  created_at: string;
  to: string;
  body: string;
  status: "outbox" | "sent" | "failed";
  provider_id: string | null;
  error: string | null;
  template_id: number | null;
  template_name: string | null;
  order_id: number | null;
  order_number: string | null;
  sent_by: string | null;
}

export interface Outbox {
  configured: boolean;
  rows: SmsMessage[];
}

export async function previewTemplate(templateId: number, orderId: number): Promise<Preview | undefined> {
  const answer = await request<{ data: Preview }>({
    method: "POST",
    resource: `sms-templates/${templateId}/preview`,
    data: { order_id: orderId },
  });
  return answer?.data;
}

export async function sendTemplate(
  templateId: number,
  orderId: number,
  to: string | undefined,
): Promise<(SmsMessage & { message: string }) | undefined> {
  const answer = await request<{ data: SmsMessage & { message: string } }>({
    method: "POST",
    resource: `sms-templates/${templateId}/send`,
    data: { order_id: orderId, ...(to ? { to } : {}) },
  });
  return answer?.data;
}
