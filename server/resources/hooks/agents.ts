import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/open";
import { fieldError, HttpError } from "../../http/errors";
import { defineHooks, type Row, type WriteContext } from "../hooks";

// The house agent (the server's DEFAULT_AGENT_ID, spec §9: 30 in the demo) holds the accounts no
// agent brought in. It stays: it cannot be deleted or made inactive. And an account is either the
// house's or a broker's, never both: adding a customer to one list while it is on the other is a
// 400. Every write that adds customers locks the house's row first, so a house write and a broker
// write racing for one customer queue on it and the second sees the first's list.

const houseId = (ctx: WriteContext) => ctx.config?.defaultAgentId;
const ids = (value: unknown) => (Array.isArray(value) ? (value as number[]) : []);

function houseRefusal(id: number, what: string): HttpError {
  return new HttpError(
    409,
    `This agent is the house agent (agent ${id}, the server's default agent): it holds the accounts no agent brought in and cannot be ${what}.`,
  );
}

/** "C10005, C10009" for the customers' ids (their numbers, else their ids). */
async function customerNames(tx: Database, tenantId: number, customerIds: number[]): Promise<string> {
  const rows = await selectRows<{ id: number; customer_number: string | null }>(
    tx,
    sql`select id, customer_number from customers where tenant_id = ${tenantId} and id = any(${`{${customerIds.join(",")}}`}::integer[]) order by id`,
  );
  return rows.map((r) => r.customer_number ?? `customer ${r.id}`).join(", ");
}

/** Refuses customers newly added to `record` that the other side (house or brokers) already has. */
async function checkHouseOrBroker(ctx: WriteContext, house: number, record: Row, previous: Row | null) {
  const before = new Set(ids(previous?.customer_ids));
  const added = ids(record.customer_ids).filter((id) => !before.has(id));
  if (added.length === 0) return;
  const { tx, tenantId } = ctx;
  const list = `{${added.join(",")}}`;
  // The house's row is the lock both sides take (the house's own update holds it already).
  const [houseRow] = await selectRows<{ customer_ids: number[] | null }>(
    tx,
    sql`select customer_ids from agents where tenant_id = ${tenantId} and id = ${house} for update`,
  );
  if (!houseRow) return;
  let clash: number[];
  let where: string;
  if (record.id === house) {
    const rows = await selectRows<{ id: number }>(
      tx,
      sql`select distinct unnest(customer_ids) as id from agents
          where tenant_id = ${tenantId} and id <> ${house} and customer_ids && ${list}::integer[]`,
    );
    const taken = new Set(rows.map((r) => Number(r.id)));
    clash = added.filter((id) => taken.has(id));
    where = "another agent's account; take it off that agent first";
  } else {
    const houseHas = new Set(ids(houseRow.customer_ids));
    clash = added.filter((id) => houseHas.has(id));
    where = "the house agent's account; take it off the house agent first";
  }
  if (clash.length === 0) return;
  const names = await customerNames(tx, tenantId, clash);
  throw fieldError(
    "customer_ids",
    `A customer belongs to the house agent or to one broker, not both: ${names} ${clash.length === 1 ? "is" : "are"} already ${where}`,
  );
}

export default defineHooks({
  async beforeDelete(ctx) {
    const house = houseId(ctx);
    if (house !== undefined && ctx.record.id === house) throw houseRefusal(house, "deleted");
  },
  async afterWrite(ctx) {
    const house = houseId(ctx);
    const { record, previous } = ctx;
    if (house === undefined || !record) return;
    if (record.id === house && record.status !== "active") throw houseRefusal(house, "made inactive");
    await checkHouseOrBroker(ctx, house, record, previous);
  },
});
