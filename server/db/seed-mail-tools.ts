import { DEFAULT_POSTAGE_RATES } from "../../src/custom/mail/mail-tools";
import type { Database } from "./open";
import { mail_tool_drafts, postage_rates } from "./schema";

// The postcard and letter tools' demo data (server/mail-tools): the shop's postage rate table (USPS-like
// commercial rates, which an admin edits from the tools) and a job of each tool that its administrator saved
// part-way, to resume at /postcard-tool/{id} and /letter-tool/{id}.

export async function seedMailTools(tx: Database, tenantId: number, adminId: number | null): Promise<void> {
  await tx
    .insert(postage_rates)
    .values({ tenant_id: tenantId, rates: DEFAULT_POSTAGE_RATES, updated_by: adminId });
  if (adminId === null) return;
  await tx.insert(mail_tool_drafts).values([
    {
      tenant_id: tenantId,
      user_id: adminId,
      tool: "postcard",
      step: 1,
      state: { width: 4.25, length: 6, source: "list", mail_class: "marketing", drop_dates: [] },
    },
    {
      tenant_id: tenantId,
      user_id: adminId,
      tool: "letter",
      step: 0,
      state: { width: 6, length: 9, source: "list", mail_class: "first_class", drop_dates: [] },
    },
  ]);
}
