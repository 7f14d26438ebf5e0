import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/open";
import { HttpError } from "../../http/errors";
import { defineHooks, type Row } from "../hooks";
import { modelOf } from "./derived-writes";

// Product categories form a tree (the /product-categories page nests them by drag and by keys): a
// category may not sit under itself or under one of its own descendants, which would cut that
// branch off from the tree. Checked after the write, inside its transaction, so a refused move
// leaves nothing changed.

/** The deepest chain followed; deeper trees are refused too, as no storefront nests that far. */
const MAX_DEPTH = 100;

function refusal(message: string): HttpError {
  return new HttpError(409, message, [{ field: "parent_id", message }]);
}

/** The ancestors of `parentId`, nearest first, as (id, name), stopping at `id` if it is one. */
async function chainUp(tx: Database, tenantId: number, parentId: number, id: number) {
  const t = (await modelOf("ProductCategory")).table.table;
  const chain: { id: number; name: string }[] = [];
  let next: number | null = parentId;
  while (next !== null && chain.length <= MAX_DEPTH) {
    const [row] = await tx
      .select({ id: t.id, name: t.name, parent_id: t.parent_id })
      .from(t)
      .where(and(eq(t.tenant_id, tenantId), eq(t.id, next)));
    if (!row) break;
    chain.push({ id: Number(row.id), name: String(row.name) });
    if (Number(row.id) === id) break;
    next = row.parent_id === null ? null : Number(row.parent_id);
  }
  return chain;
}

async function checkNesting(tx: Database, tenantId: number, record: Row): Promise<void> {
  const id = Number(record.id);
  if (record.parent_id === null || record.parent_id === undefined) return;
  const parentId = Number(record.parent_id);
  const name = String(record.name);
  if (parentId === id) throw refusal(`"${name}" cannot be placed under itself: choose another parent`);
  const chain = await chainUp(tx, tenantId, parentId, id);
  if (chain.at(-1)?.id === id) {
    const parent = chain[0].name;
    throw refusal(
      `"${name}" cannot be placed under "${parent}": "${parent}" is inside "${name}". Move "${parent}" out first, or choose another parent`,
    );
  }
  if (chain.length > MAX_DEPTH) throw refusal(`Categories nest at most ${MAX_DEPTH} levels deep`);
}

export default defineHooks({
  async afterWrite({ tx, tenantId, action, record, previous }) {
    if (!record || action === "delete") return;
    if (action === "update" && previous?.parent_id === record.parent_id) return;
    await checkNesting(tx, tenantId, record);
  },
});
