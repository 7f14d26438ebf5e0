// The settings page's form values and their conversion to and from the API's settings
// (tenant-settings-values.ts). Pure, so it is tested without rendering.
import {
  type DayHours,
  type PostalAddress,
  type TenantSettings,
  type TenantSettingsInput,
  WEEKDAYS,
  type Weekday,
} from "./tenant-settings-values";

/** A weekday in the form: a switch for open, and its hours (kept while closed, for a quick reopen). */
export interface DayForm {
  is_open: boolean;
  open: string;
  close: string;
}

export interface AddressForm {
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
}

export type SettingsForm = Omit<
  TenantSettingsInput,
  "business_hours" | "billing_address" | "shipping_address"
> & {
  business_hours: Record<Weekday, DayForm>;
  billing_address: AddressForm;
  shipping_address: AddressForm;
};

const CLOSED_DEFAULT = { open: "08:00", close: "17:00" };

function addressForm(address: PostalAddress | null): AddressForm {
  return address ? { ...address, line2: address.line2 ?? "" } : {};
}

/** The form's values for settings as read. */
export function toForm(settings: TenantSettings): SettingsForm {
  const hours = Object.fromEntries(
    WEEKDAYS.map(({ key }) => {
      const day: DayHours | null = settings.business_hours[key] ?? null;
      return [key, day ? { is_open: true, ...day } : { is_open: false, ...CLOSED_DEFAULT }];
    }),
  ) as Record<Weekday, DayForm>;
  return {
    company_name: settings.company_name,
    time_zone: settings.time_zone,
    business_hours: hours,
    holidays: settings.holidays.map((h) => ({ ...h })),
    tax_rate: settings.tax_rate,
    order_number_format: settings.order_number_format,
    default_agent_id: settings.default_agent_id,
    payment_terms: settings.payment_terms,
    billing_address: addressForm(settings.billing_address),
    shipping_address: addressForm(settings.shipping_address),
  };
}

const blank = (v: string | undefined) => (v ?? "").trim() === "";

/** An address left wholly empty is none; otherwise the server checks every part. */
function addressOf(form: AddressForm | undefined): PostalAddress | null {
  const a = form ?? {};
  if ([a.line1, a.line2, a.city, a.state, a.postal_code].every(blank)) return null;
  return {
    line1: (a.line1 ?? "").trim(),
    ...(blank(a.line2) ? {} : { line2: (a.line2 ?? "").trim() }),
    city: (a.city ?? "").trim(),
    state: (a.state ?? "").trim(),
    postal_code: (a.postal_code ?? "").trim(),
  };
}

/** The PUT body for the form's values and the version they were read at. */
export function toBody(form: SettingsForm, version: number): TenantSettingsInput & { version: number } {
  const business_hours = Object.fromEntries(
    WEEKDAYS.map(({ key }) => {
      const day = form.business_hours[key];
      return [key, day?.is_open ? { open: day.open, close: day.close } : null];
    }),
  ) as TenantSettingsInput["business_hours"];
  return {
    version,
    company_name: form.company_name ?? "",
    time_zone: form.time_zone,
    business_hours,
    holidays: (form.holidays ?? []).map((h) => ({ date: h.date, name: (h.name ?? "").trim() })),
    tax_rate: form.tax_rate,
    order_number_format: (form.order_number_format ?? "").trim(),
    default_agent_id: form.default_agent_id ?? null,
    payment_terms: form.payment_terms,
    billing_address: addressOf(form.billing_address),
    shipping_address: addressOf(form.shipping_address),
  };
}

/** The form field a server error names ("holidays.1.date" → ["holidays", 1, "date"]). */
export function formPath(field: string): (string | number)[] {
  return field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const FIELD_PATHS = [
  /^(company_name|time_zone|tax_rate|payment_terms|default_agent_id|order_number_format)$/,
  /^business_hours\.(mon|tue|wed|thu|fri|sat|sun)\.(open|close)$/,
  /^holidays\.\d+\.(date|name)$/,
  /^(billing|shipping)_address\.(line1|line2|city|state|postal_code)$/,
];

/** Whether a server error's field is one of the form's inputs (else the page lists it above the form). */
export const isFormField = (field: string) => FIELD_PATHS.some((pattern) => pattern.test(field));

const LABELS: Record<string, string> = {
  company_name: "Company name",
  time_zone: "Time zone",
  business_hours: "Business hours",
  holidays: "Holidays",
  tax_rate: "Tax rate",
  order_number_format: "Order-number format",
  default_agent_id: "Default agent",
  payment_terms: "Payment terms",
  billing_address: "Billing address",
  shipping_address: "Shipping and return address",
  logo: "Logo",
};

/** A setting's name as the page shows it. */
export const settingLabel = (field: string) => LABELS[field] ?? field;

/** A logged value in a few words: hours per open day, holidays counted, addresses on one line. */
export function describeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "business_hours" && typeof value === "object") {
    const days = WEEKDAYS.filter(({ key }) => (value as Record<string, unknown>)[key]).map(
      ({ key, label }) => {
        const day = (value as Record<string, DayHours>)[key];
        return `${label.slice(0, 3)} ${day.open}–${day.close}`;
      },
    );
    return days.join(", ") || "closed";
  }
  if (field === "holidays" && Array.isArray(value)) {
    return value.length === 1 ? "1 holiday" : `${value.length} holidays`;
  }
  if (field === "tax_rate") return `${value} %`;
  if (typeof value === "object") {
    const a = value as PostalAddress;
    return [a.line1, a.line2, a.city, `${a.state} ${a.postal_code}`].filter(Boolean).join(", ");
  }
  return String(value);
}

/** The holidays added and removed between two lists, for the change log ("+ 2026-12-31 Year end"). */
export function holidayDiff(from: unknown, to: unknown): string[] {
  const list = (v: unknown) => (Array.isArray(v) ? (v as { date: string; name: string }[]) : []);
  const before = new Map(list(from).map((h) => [h.date, h.name]));
  const after = new Map(list(to).map((h) => [h.date, h.name]));
  const added = [...after].filter(([d]) => !before.has(d)).map(([d, n]) => `+ ${d}${n ? ` ${n}` : ""}`);
  const removed = [...before].filter(([d]) => !after.has(d)).map(([d, n]) => `− ${d}${n ? ` ${n}` : ""}`);
  return [...added, ...removed];
}
