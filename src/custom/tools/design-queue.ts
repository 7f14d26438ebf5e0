// The graphic service manager's rules, shared by the page and its server (server/tools/graphic-services.ts):
// a request's status, the queue's filters as they stand in the address, the order by due date, and the
// price of the hours logged (the design service's hourly rate, never less than its minimum charge).

export const DESIGN_STATUSES = [
  { value: "unassigned", label: "Unassigned", color: "red" },
  { value: "in_design", label: "In design", color: "blue" },
  { value: "proof_sent", label: "Proof sent", color: "green" },
] as const;
export type DesignStatus = (typeof DESIGN_STATUSES)[number]["value"];

export interface DesignRequest {
  order_id: number;
  order_number: string;
  order_version: number;
  item_id: number;
  item_number: number;
  description: string;
  customer: string | null;
  request: string;
  designer_id: number | null;
  designer: string | null;
  design_due: string | null;
  proofs_sent: number;
  hours: number;
  status: DesignStatus;
}

export function designStatus(designerId: number | null, proofsSent: number): DesignStatus {
  if (proofsSent > 0) return "proof_sent";
  return designerId === null ? "unassigned" : "in_design";
}

/** The queue's filters: `designer` a user id or "none" (unassigned), `status`, `sort` due or -due. */
export interface QueueFilters {
  designer?: number | "none";
  status?: DesignStatus;
  sort: "due" | "-due";
}

export function parseQueueFilters(params: URLSearchParams): QueueFilters {
  const designer = params.get("designer");
  const status = params.get("status");
  return {
    designer:
      designer === "none" ? "none" : designer && /^\d{1,10}$/.test(designer) ? Number(designer) : undefined,
    status: DESIGN_STATUSES.some((s) => s.value === status) ? (status as DesignStatus) : undefined,
    sort: params.get("sort") === "-due" ? "-due" : "due",
  };
}

/** By due date (earliest first, or latest with "-due"); requests without one last, then by order number. */
export function sortByDue<T extends Pick<DesignRequest, "design_due" | "order_number" | "item_number">>(
  rows: T[],
  sort: QueueFilters["sort"],
): T[] {
  const sign = sort === "-due" ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (a.design_due !== b.design_due) {
      if (a.design_due === null) return 1;
      if (b.design_due === null) return -1;
      return sign * (a.design_due < b.design_due ? -1 : 1);
    }
    return a.order_number.localeCompare(b.order_number) || a.item_number - b.item_number;
  });
}

/** Hours × rate in cents, rounded to the cent, at least the minimum charge. */
export function serviceCharge(hours: number, rate: number, minCharge: number | null): number {
  const cents = Math.round(hours * rate * 100);
  return Math.max(cents, Math.round((minCharge ?? 0) * 100)) / 100;
}

const MONEY = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** The Service line's description: "Graphic design: 1.5 h at $75.00/h for item 2". */
export function serviceLineDescription(
  service: string,
  hours: number,
  rate: number,
  itemNumber: number,
): string {
  return `${service}: ${hours} h at ${MONEY.format(rate)}/h for item ${itemNumber}`;
}
