// The packing slip's print ticket as the server answers it (GET packing-slips/{id}/ticket,
// server/shipping/slip-ticket.ts; domain.md "Print-outs"). No prices: the slip travels with the goods.

export interface SlipTicketLine {
  id: number;
  description: string;
  item_number: number | null;
  quantity_ordered: number;
  quantity_shipped: number;
  quantity_backordered: number;
}

export interface SlipTicket {
  id: number;
  slip_number: string;
  order_number: string;
  mail_order_number: string | null;
  customer_po: string | null;
  /** The sender: the shop (its name, and the facility shipped from), or on a blind shipment the customer's return address. */
  sender: { name: string; address: string | null };
  blind_ship: boolean;
  bill_to: string | null;
  ship_to: string | null;
  ship_method: string | null;
  carrier: string | null;
  service: string | null;
  tracking_number: string | null;
  cartons: number | null;
  quantity_per_carton: number | null;
  weight: number | null;
  packed_by: string | null;
  packed_at: string | null;
  status: string;
  print_count: number;
  lines: SlipTicketLine[];
}
