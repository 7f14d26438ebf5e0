import { and, count, eq } from "drizzle-orm";
import type { Database } from "../../db/open";
import { HttpError } from "../../http/errors";
import { defineHooks, type Row } from "../hooks";
import { modelOf } from "./derived-writes";
import { siteName } from "./site-ties";

// Product categories form one tree per site (the /product-categories page nests them by drag and by
// keys): a category may not sit under itself or under one of its own descendants, which would cut
// that branch off from the tree, nor under a category of another site, nor leave its own categories
// on another site by changing its site. Checked after the write, inside its transaction (the
// engine's PATCH, and the tree's one-request moves, server/catalogue/category-moves.ts), so a
// refused move leaves nothing changed.

/** The deepest chain followed; deeper trees are refused too, as no storefront nests that far. */
const MAX_DEPTH = 100;

function refusal(message: string, field = "parent_id"): HttpError {
  return new HttpError(409, message, [{ field, message }]);
}

const siteKey = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A site's name for a sentence ("no site" for none). */
const siteWords = (tx: Database, tenantId: number, id: number | null) =>
  id === null ? Promise.resolve("no site") : siteName(tx, tenantId, id);

/** The ancestors of `parentId`, nearest first, stopping at `id` if it is one. */
async function chainUp(tx: Database, tenantId: number, parentId: number, id: number) {
  const t = (await modelOf("ProductCategory")).table.table;
  const chain: { id: number; name: string; site_id: number | null }[] = [];
  let next: number | null = parentId;
  while (next !== null && chain.length <= MAX_DEPTH) {
    const [row] = await tx
      .select({ id: t.id, name: t.name, parent_id: t.parent_id, site_id: t.site_id })
      .from(t)
      .where(and(eq(t.tenant_id, tenantId), eq(t.id, next)));
    if (!row) break;
    chain.push({ id: Number(row.id), name: String(row.name), site_id: siteKey(row.site_id) });
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
  const parent = chain[0];
  const own = siteKey(record.site_id);
  if (parent && parent.site_id !== own) {
    const [mine, theirs] = await Promise.all([
      siteWords(tx, tenantId, own),
      siteWords(tx, tenantId, parent.site_id),
    ]);
    throw refusal(
      `"${name}" cannot be placed under "${parent.name}": "${name}" is on ${mine} and "${parent.name}" on ${theirs}. Choose a parent on ${mine}`,
    );
  }
}

/** A category whose site changes may not leave its own categories on the old site. */
async function checkChildrenSite(tx: Database, tenantId: number, record: Row): Promise<void> {
  const t = (await modelOf("ProductCategory")).table.table;
  const [row] = await tx
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.parent_id, Number(record.id))));
  const n = Number(row?.n ?? 0);
  if (n === 0) return;
  const name = String(record.name);
  throw refusal(
    `"${name}" has ${n === 1 ? "1 category" : `${n} categories`} under it on its site: move ${n === 1 ? "it" : "them"} out of "${name}" first, then change its site`,
    "site_id",
  );
}

export default defineHooks({
  async afterWrite({ tx, tenantId, action, record, previous }) {
    if (!record || action === "delete") return;
    const siteChanged = action === "update" && siteKey(previous?.site_id) !== siteKey(record.site_id);
    if (siteChanged) await checkChildrenSite(tx, tenantId, record);
    if (action === "update" && previous?.parent_id === record.parent_id && !siteChanged) return;
    await checkNesting(tx, tenantId, record);
  },
});
