// /4-over-tool's answers and actions (server/tools/four-over-routes.ts) through the app's one http client: a
// failure is shown by it (the server's sentence, e.g. "4over is not configured: …") and rethrown.
import { request } from "../../providers/http-client";

export interface FourOverItem {
  /** The order item's id, as item_id. */
  id: number;
  item_id: number;
  order_id: number;
  order_number: string;
  order_version: number;
  item_number: number;
  customer: string | null;
  description: string;
  quantity: number;
  color_spec: string | null;
  options: Record<string, string>;
  sku: string | null;
  product_name: string | null;
  item_status: string | null;
  four_over_product: string | null;
  job_id: string | null;
  reference: string | null;
  /** null: not sent; "Sending" while 4over is asked; else 4over's last status. */
  status: string | null;
  tracking: string | null;
  history: { at: string; status: string }[];
  polled_at: string | null;
  sent_at: string | null;
  shipping_method: string | null;
  /** While "Sending": since when. */
  sending_since: string | null;
  /** "Sending" for over five minutes: its answer was lost, a person resolves it (recoverFourOver). */
  stale: boolean;
}

export interface FourOverList {
  configured: boolean;
  message: string | null;
  rows: FourOverItem[];
}

export interface FourOverPreview {
  product_uuid: string;
  chosen: { group: string; option: string }[];
  unmapped: string[];
  ship_to: Record<string, string | undefined>;
  shipping_options: { code: string; name: string; price: number | null }[];
  files: Record<string, string>;
  test_order: boolean;
  sent: boolean;
}

export const STATES = [
  { value: "candidate", label: "Ready to send" },
  { value: "sent", label: "Sent to 4over" },
] as const;

export type ListState = (typeof STATES)[number]["value"];

/** The list's filters from the address: state (candidate, sent) and a search of order or job numbers. */
export function parseFourOverFilters(params: URLSearchParams): { state?: ListState; q?: string } {
  const state = STATES.find((s) => s.value === params.get("state"))?.value;
  const q = params.get("q")?.trim().slice(0, 60) || undefined;
  return { ...(state ? { state } : {}), ...(q ? { q } : {}) };
}

export function previewFourOver(itemId: number) {
  return request<{ data: FourOverPreview }>({
    method: "POST",
    resource: `four-over/items/${itemId}/preview`,
  });
}

export function submitFourOver(itemId: number, version: number, shippingCode: string) {
  return request<{ data: { item: FourOverItem; message: string } }>({
    method: "POST",
    resource: `four-over/items/${itemId}/submit`,
    data: { version, shipping_code: shippingCode },
  });
}

/** A lost answer resolved: the job 4over has under the item's reference, or nothing there (send it again). */
export function recoverFourOver(itemId: number, found: { job_id: string } | { resend: true }) {
  return request<{ data: { item: FourOverItem; message: string } }>({
    method: "POST",
    resource: `four-over/items/${itemId}/recover`,
    data: found,
  });
}

export function refreshFourOver(itemId: number) {
  return request<{ data: { item: FourOverItem } }>({
    method: "POST",
    resource: `four-over/items/${itemId}/refresh`,
  });
}
