import { and, count, eq, inArray, ne } from "drizzle-orm";
import { HttpError, validationFailed } from "../../http/errors";
import { defineHooks } from "../hooks";
import { entityWords } from "../reference-checks";
import { referencing } from "../release-references";

// Status setup cannot be corrupted while in use (checked after the write, in its transaction):
// - a status records point at (as their status, or as a next status) keeps its entity: 409
//   naming how many use it;
// - code is unique per tenant and entity, trimmed and case-insensitive: a unique index (so
//   concurrent creates are settled too), refused with a 409 that names the rule;
// - next_status_ids name statuses of the same entity only: 400.

export default defineHooks({
  async afterWrite({ tx, model, tenantId, action, record, previous }) {
    if (action === "delete" || !record) return;
    const t = model.table.table;
    const id = record.id as number;

    if (previous && previous.entity !== record.entity) {
      const uses: string[] = [];
      for (const ref of model.incoming) {
        const { table, where } = referencing(ref, model, tenantId, id);
        const [{ n }] = await tx.select({ n: count() }).from(table).where(where);
        const words = ref.child ?? ref.from;
        if (n > 0) uses.push(`${n} ${n === 1 ? words.singular : words.plural}`);
      }
      if (uses.length > 0) {
        const list = uses.length > 1 ? `${uses.slice(0, -1).join(", ")} and ${uses.at(-1)}` : uses[0];
        throw new HttpError(
          409,
          `This status is used by ${list}: a status in use cannot change entity (${entityWords(previous.entity)} to ${entityWords(record.entity)})`,
          [{ field: "entity", message: "A status in use cannot change entity" }],
        );
      }
    }

    const next = (record.next_status_ids as number[] | null) ?? [];
    if (next.length > 0) {
      const others = await tx
        .select({ name: t.name, entity: t.entity })
        .from(t)
        .where(and(eq(t.tenant_id, tenantId), inArray(t.id, next), ne(t.entity, record.entity as string)));
      if (others.length > 0) {
        throw validationFailed([
          {
            field: "next_status_ids",
            message: `"${String(others[0].name)}" is a status of ${entityWords(others[0].entity)}; a status of ${entityWords(record.entity)} can only lead to statuses of ${entityWords(record.entity)}`,
          },
        ]);
      }
    }
  },

  uniqueMessages: {
    statuses_tenant_entity_code_key: (values) =>
      `Another status of ${entityWords(values.entity ?? "this entity")} already has the code "${String(values.code ?? "").trim()}": codes are unique per entity. Use a different code.`,
  },

  schema: [
    `CREATE UNIQUE INDEX IF NOT EXISTS "statuses_tenant_entity_code_key" ON "statuses" ("tenant_id", "entity", lower(btrim("code")))`,
  ],
});
