// The refund approvals queue as the server answers it (GET refund-approvals/queue,
// server/refunds/queue.ts): each request with what a manager decides on.

export type QueueFilter = "open" | "approved" | "rejected" | "processed";

export const QUEUE_FILTERS: { value: QueueFilter; label: string }[] = [
  { value: "open", label: "To decide" },
  { value: "approved", label: "Approved, not processed" },
  { value: "rejected", label: "Rejected" },
  { value: "processed", label: "Processed" },
];

export interface QueueEntry {
  id: number;
  version: number;
  status: string;
  amount: number;
  reason: string;
  remedy: string;
  notes: string | null;
  order: { id: number; number: string; customer: string | null };
  payment: { id: number; label: string; method: string; amount: number } | null;
  requested_by: string | null;
  approver: string | null;
  created_at: string;
  decided_at: string | null;
  /** A card refund, approved: it waits for the card processor (not configured yet). */
  awaiting_card_processor: boolean;
  /** A card refund, approved, that Stripe has not refunded (it refused): approving again sends it again. */
  card_resend: boolean;
}

export interface DecisionAnswer {
  refund: Record<string, unknown> & { status: string };
  /** What happened in words, for the page to say. */
  message: string;
}

/** A money refund of a card payment: sent to the card processor once that is configured. */
export const isCardRefund = (remedy: string, paymentMethod: string | null | undefined) =>
  remedy === "refund" && paymentMethod === "card";
