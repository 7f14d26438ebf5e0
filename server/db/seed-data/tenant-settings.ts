import { agentExists, DEFAULT_HOURS, federalHolidays } from "../../settings/tenant-settings";
import type { Database } from "../open";
import { tenant_settings } from "../schema";
import { HOUSE_AGENT_ID } from "./agents";
import { TAX_RATE } from "./history/money";

// The demo shop's settings (/settings): its Chicago plant's time zone and address, Monday to
// Friday 08:00–17:00, the federal holidays of 2026 and 2027, the sales tax its retail orders
// carry, the house agent, net 30. The order-number format stays the numbering's (ORD-{n}).
const PLANT = { line1: "2450 W Fulton St", city: "Chicago", state: "IL", postal_code: "60612" };

export async function seedTenantSettings(tx: Database, tenantId: number, companyName: string): Promise<void> {
  await tx.insert(tenant_settings).values({
    tenant_id: tenantId,
    company_name: companyName,
    time_zone: "America/Chicago",
    business_hours: DEFAULT_HOURS,
    holidays: federalHolidays([2026, 2027]),
    tax_rate: Math.round(TAX_RATE * 100_000) / 1000,
    default_agent_id: (await agentExists(tx, tenantId, HOUSE_AGENT_ID)) ? HOUSE_AGENT_ID : null,
    payment_terms: "net_30",
    billing_address: PLANT,
    shipping_address: { ...PLANT, line2: "Dock 2 (enter from Rockwell St)" },
  });
}
