import { and, eq } from "drizzle-orm";
import type { TenantSettings, TenantSettingsInput } from "../../src/custom/admin/tenant-settings-values";
import type { Database } from "../db/open";
import { tenant_settings } from "../db/schema";
import { fieldError, HttpError } from "../http/errors";
import { type Changes, writeChangeLogs } from "../resources/change-logs";
import type { ResourceRegistry } from "../resources/model";
import type { SettingsBody } from "./settings-schema";
import { agentExists, readSettings, setOrderNumberFormat } from "./tenant-settings";

// PUT tenant/settings: the whole set, with the version read. A stale version is a 409 naming who
// saved since; the row (created on the first save), the order sequence's format and the change
// log entry are written in the caller's transaction.

/** The change log's kind for a tenant's settings (change_logs.kind; record_id: the row's id). */
export const SETTINGS_LOG_KIND = "TenantSettings";

const EDITABLE: (keyof TenantSettingsInput)[] = [
  "company_name",
  "time_zone",
  "business_hours",
  "holidays",
  "tax_rate",
  "order_number_format",
  "default_agent_id",
  "payment_terms",
  "billing_address",
  "shipping_address",
];

/** Values compared as JSON with sorted keys, so jsonb's key order does not count as a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The edited fields whose values differ, as { field: { from, to } }. */
export function settingsChanges(before: TenantSettingsInput, after: TenantSettingsInput): Changes {
  const changes: Changes = {};
  for (const key of EDITABLE) {
    if (canonical(before[key]) !== canonical(after[key])) {
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
    }
  }
  return changes;
}

export function staleSettings(current: TenantSettings): HttpError {
  const who = current.updated_by?.name ?? "someone else";
  const when = current.updated_at ? ` at ${current.updated_at.slice(0, 16).replace("T", " ")} UTC` : "";
  return new HttpError(
    409,
    `The settings were changed by ${who}${when} since you opened them. Reload them to see their changes, then make yours again.`,
  );
}

export interface SaveContext {
  tx: Database;
  registry: ResourceRegistry;
  tenantId: number;
  userId: number;
  defaultAgentId: number;
}

export async function saveSettings(ctx: SaveContext, body: SettingsBody): Promise<void> {
  const { tx, tenantId, userId } = ctx;
  const current = await readSettings(tx, ctx.registry, tenantId, ctx.defaultAgentId);
  if (body.version !== current.version) throw staleSettings(current);
  if (body.default_agent_id !== null && !(await agentExists(tx, tenantId, body.default_agent_id))) {
    throw fieldError(
      "default_agent_id",
      `This shop has no agent ${body.default_agent_id}: choose one of its agents`,
    );
  }
  const { version, order_number_format, ...values } = body;
  const next = { ...values, order_number_format } as TenantSettingsInput;
  const changes = settingsChanges(current, next);
  if (Object.keys(changes).length === 0) return;
  const now = new Date();
  const t = tenant_settings;
  const stored = { ...values, updated_by: userId, updated_at: now };
  const first = current.updated_at === null;
  const [row] = first
    ? await tx
        .insert(t)
        .values({ tenant_id: tenantId, ...stored, version: version + 1 })
        .onConflictDoNothing()
        .returning({ id: t.id })
    : await tx
        .update(t)
        .set({ ...stored, version: version + 1 })
        .where(and(eq(t.tenant_id, tenantId), eq(t.version, version)))
        .returning({ id: t.id });
  // Another save got in between the read and this write.
  if (!row) throw staleSettings(await readSettings(tx, ctx.registry, tenantId, ctx.defaultAgentId));
  if (changes.order_number_format) {
    await setOrderNumberFormat(tx, ctx.registry, tenantId, order_number_format);
  }
  await writeChangeLogs(tx, SETTINGS_LOG_KIND, [
    { tenantId, recordId: row.id, action: first ? "create" : "update", userId, changes },
  ]);
}
