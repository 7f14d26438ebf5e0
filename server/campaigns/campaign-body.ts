import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  type CampaignSettings,
  MAIL_CLASS_LABELS,
  type MailClass,
  MONTHS,
} from "../../src/custom/mail/campaign-words";
import type { Database } from "../db/open";
import { type FieldError, validationFailed } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { words } from "../orders/route-helpers";
import type { ResourceRegistry } from "../resources/model";
import { CADENCES, clampedDate } from "./schedule";

export type { CampaignSettings };

// A campaign's settings as a client sends them (create, or the whole merged record on update): zod for each
// field, then the rules between fields (what each cadence needs) and the references (the tenant's customer,
// product and template; a list of that customer: a customer's lists are theirs alone).

export const MAIL_CLASSES = Object.keys(MAIL_CLASS_LABELS) as [MailClass, ...MailClass[]];

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${what}` })
    .int(`Enter ${what} as a whole number`)
    .min(min, `${what[0].toUpperCase()}${what.slice(1)}: at least ${min}`)
    .max(max, `${what[0].toUpperCase()}${what.slice(1)}: at most ${max.toLocaleString("en-US")}`);
const recordId = (what: string) => whole(what, 1, 2_147_483_647);

export const campaignFields = {
  name: words(120),
  customer_id: recordId("a customer"),
  list_id: recordId("a mailing list"),
  product_id: recordId("a product"),
  template_id: recordId("a template").nullable(),
  cadence: z.enum(CADENCES, { error: "Choose monthly, quarterly, yearly, list_join or anniversary" }),
  day_of_month: whole("the day of the month", 1, 31).nullable(),
  month: whole("the month", 1, 12).nullable(),
  delay_days: whole("the days after joining", 0, 365).nullable(),
  quantity_source: z.enum(["list", "fixed"], { error: "Choose list or fixed" }),
  quantity: whole("the pieces", 1, 10_000_000).nullable(),
  mail_class: z.enum(MAIL_CLASSES, { error: "Choose first_class, marketing or nonprofit_marketing" }),
  lead_days: whole("the days before the first drop", 0, 60),
  drop_count: whole("the drops per run", 1, 4),
  active: z.boolean({ error: "Say whether the campaign is active (true or false)" }),
};

export const createBody = z
  .object({
    ...campaignFields,
    template_id: campaignFields.template_id.optional(),
    day_of_month: campaignFields.day_of_month.optional(),
    month: campaignFields.month.optional(),
    delay_days: campaignFields.delay_days.optional(),
    quantity_source: campaignFields.quantity_source.default("list"),
    quantity: campaignFields.quantity.optional(),
    mail_class: campaignFields.mail_class.default("marketing"),
    lead_days: campaignFields.lead_days.default(3),
    drop_count: campaignFields.drop_count.default(1),
    active: campaignFields.active.default(true),
  })
  .strict();

/** What each cadence needs, and nothing it does not use (cleared, so the record says what runs). */
export function cadenceErrors(s: CampaignSettings): FieldError[] {
  const errors: FieldError[] = [];
  const needs = (field: keyof CampaignSettings, message: string) => {
    if (s[field] === null || s[field] === undefined) errors.push({ field, message });
  };
  if (s.cadence === "monthly" || s.cadence === "quarterly" || s.cadence === "yearly") {
    needs("day_of_month", "Choose the day of the month it runs on");
  }
  if (s.cadence === "quarterly") {
    needs("month", "Choose the month of each quarter it runs in (1, 2 or 3)");
    if (s.month !== null && s.month > 3) {
      errors.push({
        field: "month",
        message: "A quarterly campaign runs in the 1st, 2nd or 3rd month of each quarter",
      });
    }
  }
  if (s.cadence === "yearly") {
    needs("month", "Choose the month it runs in");
    if (s.month !== null && s.day_of_month !== null && s.day_of_month > 29) {
      const last = Number(clampedDate(2028, s.month, 31).slice(8));
      if (s.day_of_month > last) {
        errors.push({
          field: "day_of_month",
          message: `${MONTHS[s.month - 1]} has ${last} days: choose a day up to ${last}`,
        });
      }
    }
  }
  if (s.cadence === "list_join")
    needs("delay_days", "Say how many days after a contact joins the list to mail them");
  if (s.cadence !== "list_join" && s.quantity_source === "fixed") {
    needs("quantity", "Enter how many pieces each run mails");
  }
  return errors;
}

/** The settings as stored: fields the cadence does not use are cleared. */
export function normalised(s: CampaignSettings): CampaignSettings {
  const dated = s.cadence === "monthly" || s.cadence === "quarterly" || s.cadence === "yearly";
  return {
    ...s,
    day_of_month: dated ? s.day_of_month : null,
    month: s.cadence === "quarterly" || s.cadence === "yearly" ? s.month : null,
    delay_days: s.cadence === "list_join" ? s.delay_days : null,
    quantity_source: s.cadence === "list_join" ? "list" : s.quantity_source,
    quantity: s.cadence !== "list_join" && s.quantity_source === "fixed" ? s.quantity : null,
  };
}

/** The references, each the tenant's; the list its customer's. Throws a 400 naming each bad one. */
export async function checkReferences(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  s: CampaignSettings,
): Promise<void> {
  const errors: FieldError[] = [...cadenceErrors(s)];
  const exists = async (kind: string, id: number | null) => {
    if (id === null) return null;
    const t = modelIn(registry, kind).table.table;
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.tenant_id, tenantId), eq(t.id, id)));
    return row ?? undefined;
  };
  if (!(await exists("Customer", s.customer_id))) {
    errors.push({ field: "customer_id", message: `There is no customer ${s.customer_id}` });
  }
  const list = await exists("List", s.list_id);
  if (!list) errors.push({ field: "list_id", message: `There is no mailing list ${s.list_id}` });
  else if (list.customer_id !== s.customer_id) {
    errors.push({ field: "list_id", message: `The mailing list ${String(list.name)} is another customer's` });
  }
  if (!(await exists("Product", s.product_id))) {
    errors.push({ field: "product_id", message: `There is no product ${s.product_id}` });
  }
  if (s.template_id !== null && !(await exists("Template", s.template_id))) {
    errors.push({ field: "template_id", message: `There is no template ${s.template_id}` });
  }
  if (errors.length > 0) throw validationFailed(errors);
}
