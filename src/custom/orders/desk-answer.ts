// The order page's data as the server answers it (GET orders/{id}/desk, server/orders/desk-data.ts):
// the order with its items, the names of what it references, its statuses, each item's product,
// options in words, run and production timeline, and the records the caller may read that hang
// off it (payments, refund requests, packing slips, mail orders). Shared by server and app.
import type { DeskStatus } from "./desk-rules";
import type { TimelineStep } from "./status-history";

export type Rec = Record<string, unknown> & { id: number };

export interface DeskItemView {
  id: number;
  number: number;
  product: { id: number; name: string; sku: string | null } | null;
  options: { name: string; value: string }[];
  run: { id: number; number: string; status: string | null; open: boolean } | null;
  timeline: TimelineStep[];
  /** Pieces listed as shipped on its packing slips. */
  shipped: number;
}

export interface DeskNames {
  customer: string | null;
  site: string | null;
  bill_to: string | null;
  ship_to: string | null;
  cost_center: string | null;
  sales_rep: string | null;
  csr: string | null;
}

export interface SlipSummary {
  id: number;
  slip_number: string;
  status: string;
  carrier: string | null;
  tracking_number: string | null;
  packed_at: string | null;
  print_count: number;
  shipped: number;
}

export interface MailOrderSummary {
  id: number;
  mail_order_number: string;
  mail_class: string | null;
  piece_count: number | null;
  status: string | null;
  drops: number;
}

export interface RefundSummary {
  id: number;
  version: number;
  amount: number;
  reason: string;
  remedy: string;
  status: string;
  requested_by: string | null;
  approver: string | null;
  created_at: string;
  decided_at: string | null;
  payment: string | null;
}

export interface DeskAnswer {
  order: Rec & { version: number; order_number: string; items: Rec[] };
  statuses: { order: DeskStatus[]; order_item: DeskStatus[] };
  names: DeskNames;
  items: DeskItemView[];
  /** null: the caller may not read them. */
  payments: Rec[] | null;
  refunds: RefundSummary[] | null;
  packing_slips: SlipSummary[] | null;
  mail_orders: MailOrderSummary[] | null;
  job_ticket_prints: number;
  card: { configured: boolean; message: string };
}
