// A tenant's settings as GET/PUT tenant/settings answer and take them (server/settings/), and the
// words the settings page shows for them. Pure: shared by the page and the server.

export const WEEKDAYS = [
  { key: "mon", label: "Monday" },
  { key: "tue", label: "Tuesday" },
  { key: "wed", label: "Wednesday" },
  { key: "thu", label: "Thursday" },
  { key: "fri", label: "Friday" },
  { key: "sat", label: "Saturday" },
  { key: "sun", label: "Sunday" },
] as const;

export type Weekday = (typeof WEEKDAYS)[number]["key"];

/** Date.getUTCDay() (0 Sunday) → the weekday's key. */
export const WEEKDAY_OF_DAY: readonly Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

export const PAYMENT_TERMS = [
  { value: "due_on_receipt", label: "Due on receipt" },
  { value: "net_15", label: "Net 15" },
  { value: "net_30", label: "Net 30" },
  { value: "net_45", label: "Net 45" },
  { value: "net_60", label: "Net 60" },
] as const;

export type PaymentTerms = (typeof PAYMENT_TERMS)[number]["value"];

export interface DayHours {
  open: string;
  close: string;
}

export interface Holiday {
  date: string;
  name: string;
}

export interface PostalAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postal_code: string;
}

export interface Logo {
  name: string;
  type: string;
  /** Where the image is served (GET tenant/settings/logo). */
  url: string;
}

/** What a product admin edits (PUT tenant/settings takes these and `version`). */
export interface TenantSettingsInput {
  company_name: string;
  time_zone: string;
  /** Each weekday's hours, or null when the shop is closed that day. */
  business_hours: Record<Weekday, DayHours | null>;
  holidays: Holiday[];
  /** Percent, 0–30, up to 3 decimals. */
  tax_rate: number;
  /** The order numbers' pattern: text ending in {n} ({n:6}: six digits, zero-padded). */
  order_number_format: string;
  default_agent_id: number | null;
  payment_terms: PaymentTerms;
  billing_address: PostalAddress | null;
  shipping_address: PostalAddress | null;
}

export interface TenantSettings extends TenantSettingsInput {
  tenant_id: number;
  logo: Logo | null;
  version: number;
  updated_at: string | null;
  updated_by: { id: number; name: string } | null;
}

/** A numbering format's place for the number: "{n}", or "{n:6}" for six digits, zero-padded. */
export const SEQUENCE_PLACEHOLDER = /\{n(?::(\d+))?\}/;

/** The number `format` gives to `n` ("ORD-{n}", 100001 → "ORD-100001"; "{n:6}" pads to 6). */
export function formatSequenceNumber(format: string, n: number): string {
  return format.replace(SEQUENCE_PLACEHOLDER, (_, pad: string | undefined) =>
    String(n).padStart(Number(pad ?? 0), "0"),
  );
}
