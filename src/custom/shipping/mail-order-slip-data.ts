// A mail order's drops and their packing slips, as the server answers them
// (GET mail-orders/{id}/packing-slip, server/shipping/mail-order-slip.ts).

export interface MailDrop {
  id: number;
  drop_no: number;
  scheduled_date: string | null;
  quantity: number;
  status: string;
  mailed_at: string | null;
  /** The packing slip that lists it, if any. */
  slip: { id: number; slip_number: string; status: string } | null;
}

export interface MailOrderSlipAnswer {
  id: number;
  mail_order_number: string;
  customer: string | null;
  order: { id: number; number: string } | null;
  entry_facility: string | null;
  status: string | null;
  /** The order's item that prints the mail pieces (the mail order's product), if there is one. */
  item: { id: number; number: number; description: string; quantity: number } | null;
  drops: MailDrop[];
  slips: { id: number; slip_number: string; status: string; print_count: number }[];
}

/** The line a drop makes on its slip; the slip's lines are matched back to drops by these words. */
export const dropLine = (mailOrderNumber: string, dropNo: number, date: string | null) =>
  `${mailOrderNumber} drop ${dropNo}${date ? ` · mails ${date}` : ""}`;
