import { z } from "zod";
import { PAYMENT_TERMS, SEQUENCE_PLACEHOLDER, WEEKDAYS } from "../../src/custom/admin/tenant-settings-values";
import { STATE_CODES, ZIP } from "../../src/custom/mail/list-fields";

// The body of PUT tenant/settings, each rule with the sentence the settings page shows on its
// field. Holidays come back sorted by date; a nine-digit ZIP gets its hyphen.

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Longest order number the Order kind stores (orders.ts: order_number max 20). */
export const ORDER_NUMBER_MAX = 20;
/** Digits the sequence can reach: the demo's numbers are 6 digits; room for growth. */
const SEQUENCE_DIGITS = 8;

let zones: Set<string> | undefined;
/** IANA names Intl knows (Intl.supportedValuesOf), and UTC, which it leaves out. */
export function isTimeZoneName(name: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return zones.has(name);
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Why an order-number format is refused, or null. */
export function orderFormatProblem(format: string): string | null {
  const placeholders = format.match(new RegExp(SEQUENCE_PLACEHOLDER.source, "g")) ?? [];
  if (placeholders.length !== 1 || !new RegExp(`${SEQUENCE_PLACEHOLDER.source}$`).test(format)) {
    return "End the format with the number's place, {n} (or {n:6} for six digits)";
  }
  const prefix = format.replace(SEQUENCE_PLACEHOLDER, "");
  if (!/^[A-Za-z0-9#/._-]*$/.test(prefix)) {
    return "Use letters, digits and # / . _ - before the number";
  }
  const pad = Number(SEQUENCE_PLACEHOLDER.exec(format)?.[1] ?? 0);
  if (pad > 12) return "Pad the number to at most 12 digits";
  if (prefix.length + Math.max(pad, SEQUENCE_DIGITS) > ORDER_NUMBER_MAX) {
    return `Keep the prefix short: order numbers have at most ${ORDER_NUMBER_MAX} characters`;
  }
  return null;
}

function decimals(value: number): number {
  const [, fraction = ""] = String(value).split(".");
  return /e/i.test(String(value)) ? 99 : fraction.length;
}

const dayHours = z
  .object({
    open: z.string().regex(HHMM, "Enter the opening time as HH:mm"),
    close: z.string().regex(HHMM, "Enter the closing time as HH:mm"),
  })
  .strict()
  .nullable()
  .superRefine((hours, ctx) => {
    if (hours && HHMM.test(hours.open) && HHMM.test(hours.close) && hours.close <= hours.open) {
      ctx.addIssue({ code: "custom", path: ["close"], message: "Close after the shop opens" });
    }
  });

const businessHours = z
  .object(Object.fromEntries(WEEKDAYS.map((d) => [d.key, dayHours])) as Record<string, typeof dayHours>)
  .strict()
  .refine((week) => Object.values(week).some((h) => h !== null), {
    message: "Open on at least one day of the week",
  });

const holiday = z
  .object({
    date: z.string().refine(isCalendarDate, "Enter the date as YYYY-MM-DD"),
    name: z.string().trim().max(80, "At most 80 characters").default(""),
  })
  .strict();

const holidays = z
  .array(holiday)
  .max(200, "At most 200 holidays")
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((h, i) => {
      if (seen.has(h.date)) {
        ctx.addIssue({ code: "custom", path: [i, "date"], message: `${h.date} is listed twice` });
      }
      seen.add(h.date);
    });
  })
  .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date)));

const address = z
  .object({
    line1: z.string().trim().min(1, "Enter the street address").max(100, "At most 100 characters"),
    line2: z.string().trim().max(100, "At most 100 characters").optional(),
    city: z.string().trim().min(1, "Enter the city").max(60, "At most 60 characters"),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .refine((s) => STATE_CODES.has(s), "Enter a USPS state code, such as IL"),
    postal_code: z
      .string()
      .trim()
      .regex(ZIP, "Enter a ZIP (12345) or ZIP+4 (12345-6789)")
      .transform((zip) => (zip.length === 9 ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip)),
  })
  .strict()
  .nullable();

const terms = PAYMENT_TERMS.map((t) => t.value);

export const settingsBody = z
  .object({
    version: z.number({ error: "Send the version you read" }).int().min(1),
    company_name: z
      .string({ error: "Enter the company name" })
      .trim()
      .min(1, "Enter the company name")
      .max(200, "At most 200 characters"),
    time_zone: z
      .string({ error: "Choose a time zone" })
      .refine(isTimeZoneName, "Choose a time zone from the list, such as America/Chicago"),
    business_hours: businessHours,
    holidays,
    tax_rate: z
      .number({ error: "Enter the tax rate as a number" })
      .min(0, "Enter a tax rate from 0 to 30 %")
      .max(30, "Enter a tax rate from 0 to 30 %")
      .refine((v) => decimals(v) <= 3, "Use at most 3 decimals"),
    order_number_format: z.string({ error: "Enter the order-number format" }).superRefine((format, ctx) => {
      const problem = orderFormatProblem(format);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    default_agent_id: z.number({ error: "Choose an agent" }).int().positive().nullable(),
    payment_terms: z.enum(terms as [string, ...string[]], {
      error: `Choose the payment terms: ${PAYMENT_TERMS.map((t) => t.label).join(", ")}`,
    }),
    billing_address: address,
    shipping_address: address,
  })
  .strict();

export type SettingsBody = z.infer<typeof settingsBody>;
