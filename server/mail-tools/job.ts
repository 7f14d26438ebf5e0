import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import {
  DEFAULT_POSTAGE_RATES,
  eddmRetailProblems,
  equalDrops,
  MAIL_TOOLS,
  type PostageRate,
  pieceShape,
  type Quote,
  quoteOf,
  sizeProblem,
  TOOL_KEYS,
  TOOL_MAIL_CLASS_KEYS,
  type ToolKey,
  type ToolMailClass,
} from "../../src/custom/mail/mail-tools";
import type { Database } from "../db/open";
import { postage_rates } from "../db/schema";
import { type FieldError, validationFailed } from "../http/errors";
import { modelIn } from "../orders/order-state";
import type { Row } from "../resources/hooks";
import { dropRuleErrors, routeCounts } from "../resources/hooks/mail-order-rules";
import { dropErrors } from "../resources/hooks/mail-orders";
import type { ResourceRegistry } from "../resources/model";

// A postcard or letter tool job (issue 22) as the server takes it: the body (zod, one sentence per
// field), what it mails and its price (the product's tiers for the pieces, postage at the tenant's
// rate for the class and shape), and its drops checked by the mail order's own rules (weekends,
// USPS holidays, 90 days, a year ahead, EDDM Retail's daily limit per ZIP) before anything is written.

const recordId = (what: string) =>
  z
    .number({ error: `Choose ${what}` })
    .int(`Choose ${what}`)
    .min(1, `Choose ${what}`)
    .max(2_147_483_647);
const inches = (side: string) =>
  z
    .number({ error: `Enter the ${side} in inches` })
    .positive(`Enter the ${side} in inches`)
    .max(100, `Enter the ${side} in inches`);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the drop date as YYYY-MM-DD");

export const jobFields = {
  tool: z.enum(TOOL_KEYS as [ToolKey, ...ToolKey[]], { error: "Choose the postcard or the letter tool" }),
  customer_id: recordId("the customer"),
  product_id: recordId("a product"),
  template_id: recordId("a template").nullable().optional(),
  artwork: z
    .array(
      z
        .object({
          name: z.string().trim().min(1).max(200),
          url: z.string().url("Upload the artwork again").max(2000),
          side: z.string().max(40).optional(),
        })
        .strict(),
    )
    .max(4, "At most 4 artwork files")
    .optional(),
  width: inches("width"),
  length: inches("length"),
  source: z.enum(["list", "eddm"], { error: "Mail to a mailing list or to EDDM routes" }),
  list_ids: z.array(recordId("a mailing list")).max(20, "At most 20 lists").default([]),
  route_ids: z.array(recordId("an EDDM route")).max(500, "At most 500 routes").default([]),
  mail_class: z.enum(TOOL_MAIL_CLASS_KEYS as [ToolMailClass, ...ToolMailClass[]], {
    error: "Choose the mail class",
  }),
  quantity: z
    .number({ error: "Enter the pieces to mail" })
    .int("Enter whole pieces")
    .min(1, "Mail at least 1 piece")
    .max(10_000_000)
    .optional(),
  drop_dates: z.array(isoDate).min(1, "Add a drop date").max(52, "At most 52 drops").optional(),
};

export type Job = {
  tool: ToolKey;
  customer_id: number;
  product_id: number;
  template_id?: number | null;
  artwork?: { name: string; url: string; side?: string }[];
  width: number;
  length: number;
  source: "list" | "eddm";
  list_ids: number[];
  route_ids: number[];
  mail_class: ToolMailClass;
  quantity?: number;
  drop_dates?: string[];
};

/** The rules between fields: the tool's sizes, and a list for list classes, routes for EDDM. */
export function jobProblems(job: Job): FieldError[] {
  const errors: FieldError[] = [];
  const size = sizeProblem(MAIL_TOOLS[job.tool], job.width, job.length, job.source);
  if (size) errors.push({ field: "width", message: size });
  if (job.source === "list") {
    if (job.list_ids.length === 0) errors.push({ field: "list_ids", message: "Choose a mailing list" });
    if (job.mail_class === "eddm_retail") {
      errors.push({ field: "mail_class", message: "EDDM Retail mails to carrier routes, not to a list" });
    }
  } else {
    if (job.route_ids.length === 0) errors.push({ field: "route_ids", message: "Choose EDDM routes" });
    if (job.mail_class !== "eddm_retail") {
      errors.push({ field: "mail_class", message: "Mail to EDDM routes as EDDM Retail" });
    }
  }
  return errors;
}

export const jobBody = z
  .object(jobFields)
  .strict()
  .superRefine((job, ctx) => {
    for (const e of jobProblems(job as Job)) {
      ctx.addIssue({ code: "custom", path: [e.field ?? "body"], message: e.message });
    }
  });

export interface RateTable {
  rates: PostageRate[];
  /** 0: the defaults (no row yet). */
  version: number;
}

export async function rateTable(db: Database, tenantId: number): Promise<RateTable> {
  const [row] = await db.select().from(postage_rates).where(eq(postage_rates.tenant_id, tenantId));
  if (!row) return { rates: DEFAULT_POSTAGE_RATES, version: 0 };
  // Tables saved before EDDM was priced as a flat have no flat row: they take the default one (the rates editor
  // edits rows, it does not add them; a class a table left out on purpose stays out).
  const rates = row.rates as PostageRate[];
  const missing = DEFAULT_POSTAGE_RATES.filter(
    (d) => d.shape === "flat" && !rates.some((r) => r.mail_class === d.mail_class && r.shape === d.shape),
  );
  return { rates: [...rates, ...missing], version: row.version };
}

export interface Priced extends Quote {
  /** What the list or routes give. */
  available: number;
  product_name: string;
  template_name: string | null;
  drops: { drop_no: number; scheduled_date: string; quantity: number }[];
}

const count = (n: number) => n.toLocaleString("en-US");

/** What the job mails and costs; a 400 naming the field for anything that does not add up. */
export async function priceJob(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  job: Job,
  now = Date.now(),
): Promise<Priced> {
  const p = modelIn(registry, "Product").table.table;
  const [product] = await tx
    .select({ name: p.name, tiers: p.price_tiers })
    .from(p)
    .where(and(eq(p.tenant_id, tenantId), eq(p.id, job.product_id)));
  if (!product) throw validationFailed([{ field: "product_id", message: "Choose a product of this shop" }]);
  const c = modelIn(registry, "Customer").table.table;
  const [customer] = await tx
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.tenant_id, tenantId), eq(c.id, job.customer_id)));
  if (!customer)
    throw validationFailed([{ field: "customer_id", message: "Choose a customer of this shop" }]);
  let templateName: string | null = null;
  if (typeof job.template_id === "number") {
    const tp = modelIn(registry, "Template").table.table;
    const [template] = await tx
      .select({ name: tp.name })
      .from(tp)
      .where(and(eq(tp.tenant_id, tenantId), eq(tp.id, job.template_id)));
    if (!template)
      throw validationFailed([{ field: "template_id", message: "Choose a template of this shop" }]);
    templateName = String(template.name);
  }
  let available = 0;
  if (job.source === "list") {
    const l = modelIn(registry, "List").table.table;
    const lists = await tx
      .select({ records: l.record_count, valid: l.valid_count })
      .from(l)
      .where(and(eq(l.tenant_id, tenantId), eq(l.customer_id, job.customer_id), inArray(l.id, job.list_ids)));
    if (lists.length !== new Set(job.list_ids).size) {
      throw validationFailed([{ field: "list_ids", message: "Choose mailing lists of this customer" }]);
    }
    // A processed list mails its valid records; one not processed yet, all of them.
    for (const list of lists)
      available += Number(list.valid) > 0 ? Number(list.valid) : Number(list.records ?? 0);
  } else {
    const routes = await routeCounts(tx, tenantId, job.route_ids);
    if (routes.length !== new Set(job.route_ids).size) {
      throw validationFailed([{ field: "route_ids", message: "Choose EDDM routes of this shop" }]);
    }
    available = routes.reduce((n, r) => n + r.total_count, 0);
  }
  if (available === 0) {
    throw validationFailed([
      { field: job.source === "list" ? "list_ids" : "route_ids", message: "These have no addresses to mail" },
    ]);
  }
  const pieces = job.quantity ?? available;
  if (pieces > available) {
    throw validationFailed([
      { field: "quantity", message: `Mail at most the ${count(available)} addresses chosen` },
    ]);
  }
  const shape = pieceShape(MAIL_TOOLS[job.tool], job.source);
  const { rates } = await rateTable(tx, tenantId);
  const rate = rates.find((r) => r.mail_class === job.mail_class && r.shape === shape);
  if (!rate) {
    throw validationFailed([
      { field: "mail_class", message: "The postage rate table has no rate for this class" },
    ]);
  }
  const quote = quoteOf(product.tiers, pieces, rate.rate);
  if (!quote) {
    throw validationFailed([
      { field: "product_id", message: "This product has no price tiers to price it from" },
    ]);
  }
  const dates = job.drop_dates ?? [];
  const quantities = equalDrops(pieces, Math.max(dates.length, 1));
  const drops = dates.map((date, i) => ({ drop_no: i + 1, scheduled_date: date, quantity: quantities[i] }));
  if (drops.length > 0) await checkDrops(tx, tenantId, job, drops, now);
  return { ...quote, available, product_name: String(product.name), template_name: templateName, drops };
}

/** The mail order's rules on the drops, as errors on drop_dates.{i} (route_ids for EDDM's limit). */
async function checkDrops(tx: Database, tenantId: number, job: Job, drops: Row[], now: number) {
  const errors = [...dropErrors(drops), ...dropRuleErrors(drops, [], now)].map((e) => ({
    field: (e.field ?? "").replace(/^drops\.(\d+)\.\w+$/, "drop_dates.$1"),
    message: e.message,
  }));
  if (job.mail_class === "eddm_retail") {
    const days = drops.map((d) => ({ date: String(d.scheduled_date), pieces: Number(d.quantity) }));
    for (const message of eddmRetailProblems(await routeCounts(tx, tenantId, job.route_ids), days)) {
      errors.push({ field: "route_ids", message });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}
