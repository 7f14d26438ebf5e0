import { and, eq, sql } from "drizzle-orm";
import { formatSequenceNumber, SEQUENCE_PLACEHOLDER } from "../../src/custom/admin/tenant-settings-values";
import type { Numbering, TextField } from "../../src/resource-engine/fields";
import type { Database } from "../db/open";
import { numbering_sequences } from "../db/schema";
import type { ResourceModel, ResourceRegistry } from "./model";

// Document numbers (fields declared with `numbering`, fields.ts): one sequence per tenant, kind
// and field in numbering_sequences. A create that leaves the number empty takes the next one
// with an UPDATE … RETURNING inside its own transaction: the row stays locked until the create
// commits, so concurrent creates queue on it and never share a number (on PostgreSQL as on
// PGlite, which runs one transaction at a time), and a create that fails gives its number back.
//
// A tenant without a sequence yet (a new tenant, a database seeded before numbering existed)
// starts after the numbers its records already carry: the most used "<prefix><digits>" form
// among them is its numbering (the seed's "OP-2001" for the second demo shop), else the
// declared format from its start. A number typed by a user is taken as it is; the sequence
// steps over it when it gets there.

type Numbered = TextField & { numbering: Numbering };

/** Numbers past this lose precision as JavaScript numbers; longer digit runs are not numbering. */
const MAX_DIGITS = 15;
/** How many numbers typed ahead of the sequence a create steps over before giving up. */
const MAX_STEPS = 1000;

/** The fields of a kind whose values the tenant's numbering assigns. */
export function numberedFields(model: ResourceModel): [string, Numbered][] {
  return Object.entries(model.fields).filter(
    (entry): entry is [string, Numbered] => entry[1].type === "text" && entry[1].numbering !== undefined,
  );
}

/** `format` with `n` at its "{n}" ("{n:6}" zero-pads to 6 digits). */
export const formatNumber = formatSequenceNumber;

const prefixOf = (format: string) => format.split(SEQUENCE_PLACEHOLDER)[0];

interface Sequence {
  format: string;
  next: number;
}

/** Where a tenant's sequence starts: after the numbers of its records (see above). */
export async function sequenceFromRecords(
  tx: Database,
  model: ResourceModel,
  name: string,
  numbering: Numbering,
  tenantId: number,
): Promise<Sequence> {
  const t = model.table.table;
  const col = t[name];
  const digits = sql`substring(${col} from '[0-9]+$')`;
  const prefix = sql<string>`regexp_replace(${col}, '[0-9]+$', '')`;
  const [top] = await tx
    .select({
      prefix,
      count: sql<number>`count(*)::integer`,
      max: sql<string>`max(${digits}::numeric)::text`,
    })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), sql`${col} ~ '[0-9]$'`, sql`length(${digits}) <= ${MAX_DIGITS}`))
    .groupBy(prefix)
    .orderBy(sql`2 desc`, prefix)
    .limit(1);
  const start = numbering.start ?? 1;
  if (!top) return { format: numbering.format, next: start };
  // The declared format when it is the records' own (it keeps its padding), else theirs.
  const format = top.prefix === prefixOf(numbering.format) ? numbering.format : `${top.prefix}{n}`;
  return { format, next: Math.max(Number(top.max) + 1, format === numbering.format ? start : 1) };
}

/** The next number of the sequence, taken (locks its row until the transaction ends); undefined without a row. */
async function take(tx: Database, kind: string, name: string, tenantId: number) {
  const s = numbering_sequences;
  const [row] = await tx
    .update(s)
    .set({ next_value: sql`${s.next_value} + 1`, updated_at: new Date(), version: sql`${s.version} + 1` })
    .where(and(eq(s.tenant_id, tenantId), eq(s.kind, kind), eq(s.field, name)))
    .returning({ next: s.next_value, format: s.format });
  return row ? { n: Number(row.next) - 1, format: row.format } : undefined;
}

/** The next free number of `name` for a new record of the tenant, in the create's transaction. */
/** A tenant's sequence of one numbered field, starting where its records leave off. */
const sequenceRow = (
  model: ResourceModel,
  name: string,
  tenantId: number,
  start: { format: string; next: number },
) => ({ tenant_id: tenantId, kind: model.kind, field: name, format: start.format, next_value: start.next });

export async function nextNumber(
  tx: Database,
  model: ResourceModel,
  name: string,
  numbering: Numbering,
  tenantId: number,
): Promise<string> {
  const t = model.table.table;
  for (let step = 0; step < MAX_STEPS; step++) {
    let taken = await take(tx, model.kind, name, tenantId);
    if (!taken) {
      const start = await sequenceFromRecords(tx, model, name, numbering, tenantId);
      // Of two first creates, the second waits here for the first's row, then takes after it.
      await tx
        .insert(numbering_sequences)
        .values(sequenceRow(model, name, tenantId, start))
        .onConflictDoNothing();
      taken = await take(tx, model.kind, name, tenantId);
      if (!taken) throw new Error(`No numbering sequence for ${model.kind}.${name}`);
    }
    const number = formatNumber(taken.format, taken.n);
    const [used] = await tx
      .select({ id: t.id })
      .from(t)
      // Taken in any case, as the unique index on lower(column) sees it (code-normalise.ts).
      .where(and(eq(t.tenant_id, tenantId), sql`lower(${t[name]}) = lower(${number})`))
      .limit(1);
    if (!used) return number;
  }
  throw new Error(`${model.kind}.${name}: ${MAX_STEPS} numbers in a row are taken`);
}

/**
 * After seeding a tenant: each numbered field's sequence continues after the numbers the seed
 * gave (and in its format), so the next create never collides.
 */
export async function seedNumbering(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
): Promise<void> {
  for (const model of registry.models) {
    for (const [name, field] of numberedFields(model)) {
      const start = await sequenceFromRecords(tx, model, name, field.numbering, tenantId);
      await tx
        .insert(numbering_sequences)
        .values(sequenceRow(model, name, tenantId, start))
        .onConflictDoUpdate({
          target: [numbering_sequences.tenant_id, numbering_sequences.kind, numbering_sequences.field],
          set: { format: start.format, next_value: start.next, updated_at: new Date() },
        });
    }
  }
}
