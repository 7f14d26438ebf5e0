// The prepress queues' shapes (server/production/queue-queries.ts answers them) and their small
// pure rules, shared by the server and the pages: when an order is complete in staging, and what
// a packing slip made from an order lists.

export interface StagingItem {
  id: number;
  /** Its place in the order, from 1. */
  number: number;
  description: string;
  product: string | null;
  quantity: number;
  status: string | null;
  status_code: string | null;
  color: string | null;
  run_number: string | null;
  /** Staged, or further along (packed, shipped …). */
  staged: boolean;
  cancelled: boolean;
}

export interface StagingOrder {
  id: number;
  order_number: string;
  version: number;
  customer: string | null;
  due: string | null;
  rush: boolean;
  status: string | null;
  items: StagingItem[];
  /** Items in (staged or beyond) of the items not cancelled. */
  staged: number;
  total: number;
}

export interface ShippingOrder {
  id: number;
  order_number: string;
  version: number;
  customer: string | null;
  due: string | null;
  rush: boolean;
  ship_method: string | null;
  items: StagingItem[];
  /** Pieces of its items (not cancelled) that no packing slip lists yet. */
  left_to_ship: number;
  slips: { id: number; slip_number: string; status: string }[];
}

export interface OutsourcedItem {
  id: number;
  order_id: number;
  order_number: string;
  customer: string | null;
  description: string;
  quantity: number;
  status: string | null;
  vendor_id: number;
  vendor: string;
  due: string | null;
  /** The trade printer's order reference (4over order id). */
  external_ref: string | null;
  po_id: number | null;
  po_number: string | null;
  po_status: string | null;
  sent_on: string | null;
  expected_on: string | null;
  tracking_number: string | null;
}

/** "3 of 4 items staged". */
export const completeness = (order: Pick<StagingOrder, "staged" | "total">): string =>
  `${order.staged} of ${order.total} item${order.total === 1 ? "" : "s"} staged`;

/** Whether every item not cancelled is in: the order may go to shipping. */
export const allIn = (order: Pick<StagingOrder, "staged" | "total">): boolean =>
  order.total > 0 && order.staged === order.total;

/** A carrier's tracking page for a number (UPS 1Z…, FedEx 12/15 digits, USPS 20–22 digits), or null. */
export function trackingUrl(tracking: string | null): string | null {
  if (!tracking) return null;
  const t = tracking.replace(/\s/g, "");
  if (/^1Z[0-9A-Z]{16}$/i.test(t)) return `https://www.ups.com/track?tracknum=${t}`;
  if (/^\d{12}$|^\d{15}$/.test(t)) return `https://www.fedex.com/fedextrack/?trknbr=${t}`;
  if (/^\d{20,22}$/.test(t)) return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${t}`;
  return null;
}
