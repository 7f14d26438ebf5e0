import { and, asc, eq, sql } from "drizzle-orm";
import type {
  PostalAddress,
  TenantSettings,
  TenantSettingsInput,
  Weekday,
} from "../../src/custom/admin/tenant-settings-values";
import type { Numbering } from "../../src/resource-engine/fields";
import { type Database, selectRows } from "../db/open";
import { numbering_sequences, tenant_settings, tenants, users } from "../db/schema";
import { uspsHolidaysOf } from "../resources/hooks/usps-holidays";
import type { ResourceRegistry } from "../resources/model";
import { sequenceFromRecords } from "../resources/numbering";

// A tenant's settings: its tenant_settings row, or, until a product admin saves them, the
// defaults that keep the shop working as it did before settings existed: its name, its first
// facility's time zone, Monday to Friday 08:00–17:00, the federal (USPS) holidays of this year and
// the next, no tax, due on receipt, the server's default agent when the tenant has it. The
// order-number format is the Order sequence's own (numbering_sequences).

type Row = typeof tenant_settings.$inferSelect;

const WEEKDAY_HOURS = { open: "08:00", close: "17:00" };
export const DEFAULT_HOURS: TenantSettingsInput["business_hours"] = {
  mon: WEEKDAY_HOURS,
  tue: WEEKDAY_HOURS,
  wed: WEEKDAY_HOURS,
  thu: WEEKDAY_HOURS,
  fri: WEEKDAY_HOURS,
  sat: null,
  sun: null,
};

/** The federal holidays as USPS observes them, of `years`, in date order. */
export function federalHolidays(years: number[]): { date: string; name: string }[] {
  return years.flatMap((year) => [...uspsHolidaysOf(year)].map(([date, name]) => ({ date, name })));
}

function orderNumbering(registry: ResourceRegistry) {
  const model = registry.byKind.get("Order" as never);
  const field = model?.fields.order_number as { numbering?: Numbering } | undefined;
  return model && field?.numbering ? { model, numbering: field.numbering } : undefined;
}

/** The Order sequence's format: its row's, else where its records leave off, else the declared one. */
async function orderNumberFormat(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
): Promise<string> {
  const [row] = await db
    .select({ format: numbering_sequences.format })
    .from(numbering_sequences)
    .where(
      and(
        eq(numbering_sequences.tenant_id, tenantId),
        eq(numbering_sequences.kind, "Order"),
        eq(numbering_sequences.field, "order_number"),
      ),
    );
  if (row) return row.format;
  const order = orderNumbering(registry);
  if (!order) return "ORD-{n}";
  return (await sequenceFromRecords(db, order.model, "order_number", order.numbering, tenantId)).format;
}

/** Points new order numbers at `format`; the sequence goes on from where it is. */
export async function setOrderNumberFormat(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  format: string,
): Promise<void> {
  const order = orderNumbering(registry);
  if (!order) return;
  const s = numbering_sequences;
  const [updated] = await tx
    .update(s)
    .set({ format, updated_at: new Date(), version: sql`${s.version} + 1` })
    .where(and(eq(s.tenant_id, tenantId), eq(s.kind, "Order"), eq(s.field, "order_number")))
    .returning({ id: s.id });
  if (updated) return;
  const start = await sequenceFromRecords(tx, order.model, "order_number", order.numbering, tenantId);
  await tx
    .insert(s)
    .values({ tenant_id: tenantId, kind: "Order", field: "order_number", format, next_value: start.next })
    .onConflictDoUpdate({ target: [s.tenant_id, s.kind, s.field], set: { format } });
}

/** Whether the tenant has an agent of this id. */
export async function agentExists(db: Database, tenantId: number, agentId: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from agents where tenant_id = ${tenantId} and id = ${agentId}`,
  );
  return rows.length > 0;
}

async function defaults(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  defaultAgentId: number,
  now: Date,
) {
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  const location = registry.byKind.get("Location" as never)?.table.table;
  const [facility] = location
    ? await db
        .select({ tz: location.timezone })
        .from(location)
        .where(eq(location.tenant_id, tenantId))
        .orderBy(asc(location.id))
        .limit(1)
    : [];
  const year = Number(now.toISOString().slice(0, 4));
  return {
    company_name: tenant?.name ?? "",
    time_zone: (facility?.tz as string | null) ?? "UTC",
    business_hours: DEFAULT_HOURS,
    holidays: federalHolidays([year, year + 1]),
    tax_rate: 0,
    default_agent_id: (await agentExists(db, tenantId, defaultAgentId)) ? defaultAgentId : null,
    payment_terms: "due_on_receipt" as const,
    billing_address: null,
    shipping_address: null,
  };
}

export async function settingsRow(db: Database, tenantId: number): Promise<Row | undefined> {
  const [row] = await db.select().from(tenant_settings).where(eq(tenant_settings.tenant_id, tenantId));
  return row;
}

/** The stored settings, or the defaults (version 1) when none are stored. */
export async function readSettings(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  defaultAgentId: number,
  now = new Date(),
): Promise<TenantSettings> {
  const [row, order_number_format] = await Promise.all([
    settingsRow(db, tenantId),
    orderNumberFormat(db, registry, tenantId),
  ]);
  if (!row) {
    return {
      tenant_id: tenantId,
      ...(await defaults(db, registry, tenantId, defaultAgentId, now)),
      order_number_format,
      logo: null,
      version: 1,
      updated_at: null,
      updated_by: null,
    };
  }
  const [by] = row.updated_by
    ? await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.updated_by))
    : [];
  return {
    tenant_id: tenantId,
    company_name: row.company_name,
    time_zone: row.time_zone,
    business_hours: row.business_hours as Record<Weekday, { open: string; close: string } | null>,
    holidays: row.holidays,
    tax_rate: Number(row.tax_rate),
    order_number_format,
    default_agent_id: row.default_agent_id,
    payment_terms: row.payment_terms as TenantSettings["payment_terms"],
    billing_address: row.billing_address as PostalAddress | null,
    shipping_address: row.shipping_address as PostalAddress | null,
    logo:
      row.logo_key && row.logo_name && row.logo_type
        ? { name: row.logo_name, type: row.logo_type, url: `tenant/settings/logo?v=${row.version}` }
        : null,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
    updated_by: by ?? null,
  };
}
