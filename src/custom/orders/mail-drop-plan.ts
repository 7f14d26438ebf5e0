// Manage mail drops (issue 19, /orders/manage-mail-drops/{order_id}): add a drop, split one into
// two, reschedule one, as pure changes of a mail order's drops. Shared by the server
// (server/orders/mail-drops.ts, which decides) and the page (which proposes). Each answers the
// whole new list of drops, to be written as the mail order's `drops` with its version: the mail
// order's own rules (server/resources/hooks/mail-orders.ts: no weekend or USPS holiday, within 90
// days of the first drop, equal quantities, no more pieces than its lists and order give) are
// checked there on the write. Here only what belongs to the action itself: which drops may move,
// and that a split's two drops add up to the pieces of the drop split.

export interface DropRow {
  id?: number;
  drop_no: number;
  scheduled_date: string;
  quantity: number;
  list_segment?: string | null;
  status: string;
  [field: string]: unknown;
}

export interface Refusal {
  status: 400 | 409;
  field?: string;
  message: string;
}

export type DropOutcome = { drops: DropRow[] } | { refusal: Refusal };

/** A mail order has at most this many drops (the declaration's drop_no maximum). */
export const MAX_DROPS = 52;

const count = (n: number) => n.toLocaleString("en-US");

function movable(drop: DropRow, verb: string): Refusal | null {
  if (drop.status === "scheduled") return null;
  return {
    status: 409,
    message: `Drop ${drop.drop_no} is ${drop.status.replace("_", " ")}: only a scheduled drop can be ${verb}`,
  };
}

function nextNumber(drops: DropRow[]): number | Refusal {
  const next = Math.max(0, ...drops.map((d) => d.drop_no)) + 1;
  return next > MAX_DROPS
    ? { status: 409, message: `A mail order mails in at most ${MAX_DROPS} drops` }
    : next;
}

/** A new scheduled drop after the others. */
export function addDrop(
  drops: DropRow[],
  input: { scheduled_date: string; quantity: number; list_segment?: string | null },
): DropOutcome {
  const drop_no = nextNumber(drops);
  if (typeof drop_no !== "number") return { refusal: drop_no };
  return {
    drops: [
      ...drops,
      {
        drop_no,
        scheduled_date: input.scheduled_date,
        quantity: input.quantity,
        list_segment: input.list_segment ?? null,
        status: "scheduled",
      },
    ],
  };
}

/**
 * Drop `dropId` keeps its date and all but `quantity` of its pieces; a new drop on
 * `scheduled_date` mails those `quantity`: together they mail what the drop did.
 */
export function splitDrop(
  drops: DropRow[],
  dropId: number,
  input: { scheduled_date: string; quantity: number },
): DropOutcome | null {
  const drop = drops.find((d) => d.id === dropId);
  if (!drop) return null;
  const refusal = movable(drop, "split");
  if (refusal) return { refusal };
  if (drop.quantity < 2) {
    return { refusal: { status: 409, message: `Drop ${drop.drop_no} mails one piece: it cannot be split` } };
  }
  if (input.quantity < 1 || input.quantity >= drop.quantity) {
    return {
      refusal: {
        status: 400,
        field: "quantity",
        message: `The two drops add up to the ${count(drop.quantity)} pieces of drop ${drop.drop_no}: the new drop mails 1 to ${count(drop.quantity - 1)} of them`,
      },
    };
  }
  const drop_no = nextNumber(drops);
  if (typeof drop_no !== "number") return { refusal: drop_no };
  return {
    drops: [
      ...drops.map((d) => (d === drop ? { ...d, quantity: d.quantity - input.quantity } : d)),
      {
        drop_no,
        scheduled_date: input.scheduled_date,
        quantity: input.quantity,
        list_segment: drop.list_segment ?? null,
        status: "scheduled",
      },
    ],
  };
}

/** Drop `dropId` on another date. */
export function rescheduleDrop(drops: DropRow[], dropId: number, scheduledDate: string): DropOutcome | null {
  const drop = drops.find((d) => d.id === dropId);
  if (!drop) return null;
  const refusal = movable(drop, "rescheduled");
  if (refusal) return { refusal };
  if (drop.scheduled_date === scheduledDate) {
    return {
      refusal: {
        status: 400,
        field: "scheduled_date",
        message: `Drop ${drop.drop_no} is already scheduled on ${scheduledDate}: choose another date`,
      },
    };
  }
  return { drops: drops.map((d) => (d === drop ? { ...d, scheduled_date: scheduledDate } : d)) };
}

/** Half of a drop's pieces (rounded down), what the page proposes to split off. */
export const halfOf = (quantity: number) => Math.floor(quantity / 2);

export interface CalendarDrop {
  mail_order_number: string;
  drop_no: number;
  quantity: number;
  status: string;
}

/** The drops of several mail orders by date (cancelled ones left out), for the calendar. */
export function dropsByDate(
  mailOrders: { mail_order_number: string; drops: DropRow[] }[],
): Map<string, CalendarDrop[]> {
  const byDate = new Map<string, CalendarDrop[]>();
  for (const m of mailOrders) {
    for (const d of m.drops) {
      if (d.status === "cancelled") continue;
      const day = byDate.get(d.scheduled_date) ?? [];
      day.push({
        mail_order_number: m.mail_order_number,
        drop_no: d.drop_no,
        quantity: d.quantity,
        status: d.status,
      });
      byDate.set(d.scheduled_date, day);
    }
  }
  return byDate;
}
