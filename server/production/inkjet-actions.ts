import { and, eq } from "drizzle-orm";
import { INKJET_CODES, type InkjetAction } from "../../src/custom/production/inkjet-logic";
import type { Database } from "../db/open";
import { HttpError, notFound } from "../http/errors";
import type { Changes } from "../resources/change-logs";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import type { ResourceModel, ResourceRegistry } from "../resources/model";
import { recordLabel } from "../resources/status-rules";
import { checkStatusMoves } from "../resources/workflow";
import { type EntityStatus, entityStatuses, heldFromStatus, writeStatusChange } from "./status-writes";

// An addressing action on a mail order (the inkjet queue), in one transaction over its locked row:
// - start moves it from the press (printing) onto the inkjet (inkjet_addressing); complete moves it
//   on to the first status, in the tenant's order, that inkjet_addressing leads to (tabbing or
//   trayed in the seed) other than a hold or a cancellation; hold puts it on hold (a reason is
//   required); release puts it back where it was held from;
// - each target is the tenant's mail order status of that code, and the move is checked by the
//   engine's own rule against the from-status's next_status_ids (workflow.ts): 409 naming both;
// - the write is the engine's: version checked (a stale one is the usual 409) and + 1, the change
//   log with who, when, the action and the reason, then the kind's afterWrite hook.

export interface InkjetBody {
  version: number;
  reason?: string;
}

const missing = (code: string) =>
  new HttpError(409, `There is no mail order status with code "${code}": add it in the statuses first`);

function byCode(statuses: EntityStatus[], code: string): EntityStatus {
  const found = statuses.find((s) => s.code === code);
  if (!found) throw missing(code);
  return found;
}

async function targetOf(
  tx: Database,
  tenantId: number,
  id: number,
  action: InkjetAction,
  statuses: EntityStatus[],
  current: EntityStatus | undefined,
  label: string,
): Promise<EntityStatus> {
  switch (action) {
    case "start":
      return byCode(statuses, INKJET_CODES.addressing);
    case "hold":
      return byCode(statuses, INKJET_CODES.held);
    case "complete": {
      const addressing = byCode(statuses, INKJET_CODES.addressing);
      const onward = statuses.find(
        (s) => addressing.next.includes(s.id) && s.code !== INKJET_CODES.held && s.category !== "cancelled",
      );
      if (!onward)
        throw new HttpError(409, `${addressing.name} leads to no status to complete addressing into`);
      return onward;
    }
    case "release": {
      if (current?.code !== INKJET_CODES.held) {
        throw new HttpError(
          409,
          `${label} is ${current?.name ?? "without a status"}, not on hold: there is nothing to release`,
        );
      }
      const from = await heldFromStatus(tx, tenantId, "MailOrder", id, current.id);
      const back = statuses.find((s) => s.id === from) ?? statuses.find((s) => current.next.includes(s.id));
      if (!back) throw new HttpError(409, `${label} has no status to be released to`);
      return back;
    }
  }
}

export async function inkjetAction(
  tx: Database,
  registry: ResourceRegistry,
  ctx: { tenantId: number; userId: number },
  id: number,
  action: InkjetAction,
  body: InkjetBody,
): Promise<{ model: ResourceModel; row: Row }> {
  const model = registry.byKind.get("MailOrder");
  if (!model) throw notFound();
  const t = model.table.table;
  const [before] = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, ctx.tenantId), eq(t.id, id)))
    .for("update");
  if (!before) throw notFound();
  if (before.version !== body.version) throw staleVersion(model);
  const label = recordLabel(model, before);
  if (before.addressing !== "inkjet") {
    const how = before.addressing ? String(before.addressing).replace("_", " ") : "no addressing";
    throw new HttpError(409, `${label} is addressed by ${how}, not on the inkjet`);
  }
  const statuses = await entityStatuses(tx, registry, ctx.tenantId, "mail_order");
  const current = statuses.find((s) => s.id === before.status_id);
  const target = await targetOf(tx, ctx.tenantId, id, action, statuses, current, label);
  if (target.id === before.status_id) throw new HttpError(409, `${label} is already ${target.name}`);
  if (typeof before.status_id === "number") {
    await checkStatusMoves(
      tx,
      registry,
      ctx.tenantId,
      [{ words: "mail order", path: "status_id", from: before.status_id, to: target.id }],
      label,
    );
  }
  const changes: Changes = { action: { from: null, to: `${action} addressing` } };
  if (body.reason) changes.reason = { from: null, to: body.reason };
  const after = await writeStatusChange(tx, model, ctx, before, { status_id: target.id }, changes);
  return { model, row: after };
}
