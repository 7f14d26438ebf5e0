// The job ticket's contents as the server answers them (GET orders/{id}/job-ticket,
// server/orders/job-ticket.ts; domain.md "Print-outs"): what the floor needs to make each item,
// and no prices.

export interface TicketItem {
  id: number;
  number: number;
  description: string;
  product: string | null;
  sku: string | null;
  quantity: number;
  options: { name: string; value: string }[];
  finished: [number, number] | null;
  flat: [number, number] | null;
  stock: string | null;
  colours: string | null;
  coating: string | null;
  proof_version: number;
  status: string | null;
  run: {
    number: string;
    press: string | null;
    sheets: number | null;
    overs: number | null;
    number_up: number | null;
    quantity_required: number | null;
    due_at: string | null;
  } | null;
  /** The product's production route: its stations' names, in order. */
  route: string[];
}

export interface JobTicket {
  id: number;
  order_number: string;
  customer: string | null;
  customer_po: string | null;
  sales_rep: string | null;
  csr: string | null;
  ordered_at: string | null;
  proof_due_at: string | null;
  wanted_by: string | null;
  firm_due_date: boolean;
  turnaround: string | null;
  ship_method: string | null;
  blind_ship: boolean;
  special_instructions: string | null;
  items: TicketItem[];
  print_count: number;
}
