// What the campaign pages say about a campaign, pure: its settings' type (as server/campaigns/campaign-body.ts
// takes them), the choices' labels, and its calendar in words ("Monthly on the 15th").

export const CADENCE_LABELS = {
  monthly: "Monthly",
  quarterly: "Quarterly",
  yearly: "Yearly on a date",
  list_join: "Days after a contact joins the list",
  anniversary: "The customer's anniversary",
} as const;
export type Cadence = keyof typeof CADENCE_LABELS;
export const CADENCES = Object.keys(CADENCE_LABELS) as Cadence[];

export const MAIL_CLASS_LABELS = {
  first_class: "First-Class",
  marketing: "Marketing Mail",
  nonprofit_marketing: "Nonprofit Marketing Mail",
} as const;
export type MailClass = keyof typeof MAIL_CLASS_LABELS;

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export interface CampaignSettings {
  name: string;
  customer_id: number;
  list_id: number;
  product_id: number;
  template_id: number | null;
  cadence: Cadence;
  day_of_month: number | null;
  month: number | null;
  delay_days: number | null;
  quantity_source: "list" | "fixed";
  quantity: number | null;
  mail_class: MailClass;
  lead_days: number;
  drop_count: number;
  active: boolean;
}

/** The settings a campaign's change log names, with their labels (its rows: { field: { from, to } }). */
export const SETTING_LABELS: Record<keyof CampaignSettings, string> = {
  name: "Name",
  customer_id: "Customer",
  list_id: "Mailing list",
  product_id: "Product",
  template_id: "Template",
  cadence: "When",
  day_of_month: "Day of the month",
  month: "Month",
  delay_days: "Days after joining",
  quantity_source: "Pieces from",
  quantity: "Pieces",
  mail_class: "Mail class",
  lead_days: "Days to the first drop",
  drop_count: "Drops",
  active: "Active",
};

/** The settings that differ between two versions of a campaign, as { field: { from, to } }. */
export function settingsChanges(
  before: CampaignSettings | null,
  after: CampaignSettings,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(SETTING_LABELS) as (keyof CampaignSettings)[]) {
    const from = before ? (before[key] ?? null) : null;
    const to = after[key] ?? null;
    if (from !== to) changes[key] = { from, to };
  }
  return changes;
}

/** One change in words: "Day of the month: 15 → 20"; a record's id as #id, a cadence, class or yes/no by name. */
export function describeSettingChange(field: string, from: unknown, to: unknown): string {
  const value = (v: unknown): string => {
    if (v === null || v === undefined || v === "") return "—";
    if (typeof v === "boolean") return v ? "Yes" : "No";
    if (field === "cadence") return CADENCE_LABELS[v as Cadence] ?? String(v);
    if (field === "mail_class") return MAIL_CLASS_LABELS[v as MailClass] ?? String(v);
    if (field === "month" && typeof v === "number") return MONTHS[v - 1] ?? String(v);
    if (field.endsWith("_id")) return `#${String(v)}`;
    return String(v);
  };
  const label = SETTING_LABELS[field as keyof CampaignSettings] ?? field;
  return from === null || from === undefined
    ? `${label}: ${value(to)}`
    : `${label}: ${value(from)} → ${value(to)}`;
}

/** What a campaign's run made (the scheduler's job_runs.result), or why it mailed nothing. */
export interface CampaignRunResult {
  order_id?: number;
  order_number?: string;
  mail_order_id?: number;
  mail_order_number?: string;
  pieces?: number;
  drop_dates?: string[];
  /** Why nothing was mailed (a paused campaign, no new contacts). */
  skipped?: string;
}

export function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** "Monthly on the 31st (a shorter month's last day)", "Every 3 months from February, on the 10th", … */
export function describeCalendar(
  c: Pick<CampaignSettings, "cadence" | "day_of_month" | "month" | "delay_days">,
): string {
  const day = c.day_of_month ?? 1;
  const short = day > 28 ? " (a shorter month's last day)" : "";
  switch (c.cadence) {
    case "monthly":
      return `Monthly on the ${ordinal(day)}${short}`;
    case "quarterly": {
      const months = [0, 3, 6, 9].map((k) => MONTHS[(c.month ?? 1) - 1 + k].slice(0, 3)).join(", ");
      return `Quarterly on the ${ordinal(day)} of ${months}${short}`;
    }
    case "yearly":
      return `Yearly on ${MONTHS[(c.month ?? 1) - 1]} ${day}${c.month === 2 && day === 29 ? " (Feb 28 in common years)" : ""}`;
    case "list_join": {
      const n = c.delay_days ?? 0;
      return n === 0
        ? "Daily: contacts the day they join the list"
        : `Daily: contacts ${n} ${n === 1 ? "day" : "days"} after they join the list`;
    }
    case "anniversary":
      return "Yearly on the day the customer joined";
  }
}

/** What a run mails, in words. */
export function describeQuantity(
  c: Pick<CampaignSettings, "cadence" | "quantity_source" | "quantity" | "drop_count">,
): string {
  const pieces =
    c.cadence === "list_join"
      ? "the contacts who joined that day"
      : c.quantity_source === "fixed"
        ? `${(c.quantity ?? 0).toLocaleString("en-US")} pieces`
        : "every valid record of the list";
  return c.drop_count > 1 ? `${pieces}, in ${c.drop_count} drops a week apart` : pieces;
}

export const OUTCOME_LABELS: Record<string, { label: string; color: string }> = {
  done: { label: "Done", color: "green" },
  retry: { label: "Failed, will retry", color: "orange" },
  failed: { label: "Failed", color: "red" },
  scheduled: { label: "Waiting", color: "blue" },
  running: { label: "Running", color: "geekblue" },
};

/** "Mar 15, 2027, 6:00 AM" in the browser's zone; a dash for never. */
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—";

/** What a person who may not read mail orders is told on the campaigns' pages (their server asks MailOrder Read). */
export const CAMPAIGNS_NEED =
  "Automated campaigns make mail orders, so seeing them needs permission to read mail orders (Mail orders: Read).";
