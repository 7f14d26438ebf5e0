import { and, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Kind } from "../../src/access/kinds";
import type { MergedPermissions } from "../../src/access/permissions";
import { type Field, labelFromName } from "../../src/resource-engine/fields";
import { getAuth, requestGrants } from "../auth/authenticate";
import type { Database } from "../db/open";
import { notFound } from "../http/errors";
import { type Action, diffFields, listChangeLogs, writeChangeLogs } from "../resources/change-logs";
import { listText, readPage } from "../resources/list-page";
import { listSets } from "../resources/model";
import { listQuerySchemas } from "../resources/openapi";
import { type ListSchema, orderBy, parseListQuery } from "../resources/query-language";
import { type RecordKind, recordRoutes } from "../resources/record-routes";
import { checkVersion, updateAtVersion } from "../resources/version-check";
import { guard } from "./guard";

// The administration's kinds (roles, user groups, users) on the engine's routes: their records
// live in the identity tables (a user is one identity across tenants, a group's sites, roles and
// members are link tables), so they are not declared kinds, but they are served by the same route
// factory (server/resources/record-routes.ts), read their lists with the same parser (their fields
// declared in the engine's field language: query-language.ts, also the stock dialect), check the
// version with the same check (version-check.ts) and keep the same change logs. Every write is one
// transaction under the tenant's lock (writes.ts; administrators.ts adds the last-administrator
// rule). What is special to a kind is its AdminKind's hooks: roles.ts, groups.ts, users.ts.

/** A stored row of an administration table. */
export interface StoredRow {
  id: number;
  version: number;
}

/** What a kind's write hooks work with. */
export interface AdminWrite {
  tx: Database;
  tenantId: number;
  /** The caller, and what they hold (administration is no way up: escalation.ts). */
  userId: number;
  held: MergedPermissions;
}

/** A transaction of one tenant's administration writes (lockedWrite or guardedWrite). */
export type AdminTransaction = <T>(
  db: Database,
  tenantId: number,
  change: (tx: Database) => Promise<T>,
) => Promise<T>;

export interface AdminKind<Row extends StoredRow, Rec extends object, CreateBody, UpdateBody> {
  /** The permission kind, also the change logs' kind. */
  kind: Kind;
  /** The API path and the OpenAPI tag. */
  path: string;
  singular: string;
  plural: string;
  table: PgTable;
  /** The record's fields as the engine declares fields: what lists sort, filter and search, what logs record. */
  fields: Record<string, Field>;
  /** Fields the change log leaves out (a user's last sign-in is no change anyone made). */
  unlogged?: string[];
  /** The list's schema over the tenant's rows (a filter on a link table may need the tenant). */
  list(tenantId: number): ListSchema;
  /** The condition of the tenant's rows (another tenant's record is a 404). */
  inTenant(tenantId: number): SQL;
  /** Rows → the contract's records, their associations loaded in a query each. */
  records(db: Database, tenantId: number, rows: Row[]): Promise<Rec[]>;
  schemas: { record: z.ZodType; create?: z.ZodType; update: z.ZodType };
  notes?: RecordKind["notes"];
  transaction: AdminTransaction;
  /** Checks of the body alone (400, 403), before the transaction. */
  check?(held: MergedPermissions, body: CreateBody | UpdateBody): void;
  /** Inserts the record (after its checks); answers the row. */
  create?(w: AdminWrite, body: CreateBody): Promise<Row>;
  /** The checks of a change of `current` (read under the lock, at the version read); answers the columns to set. */
  update(w: AdminWrite, current: Row, before: Rec, body: UpdateBody): Promise<Record<string, unknown>>;
  /** What changes with the row (associations, memberships, sessions), after the UPDATE. */
  afterUpdate?(w: AdminWrite, row: Row, before: Rec, body: UpdateBody): Promise<void>;
  /** Checks, then deletes the record (and whatever goes with it). */
  remove(w: AdminWrite, current: Row, before: Rec): Promise<void>;
}

/** The fields with their labels filled in, as defineResource fills a declaration's. */
export function withLabels<F extends Record<string, Field>>(fields: F): F {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      { ...field, label: field.label ?? labelFromName(name) },
    ]),
  ) as F;
}

/**
 * A list schema over an identity table: what the fields' declarations allow (the engine's rule,
 * model.ts), the contract's default sort, the table's columns by field name (`columns` for the
 * fields named otherwise) and the id lists held in link tables.
 */
export function adminList(
  fields: Record<string, Field>,
  table: PgTable,
  options: { columns?: Record<string, PgColumn>; linkedIds?: Record<string, SQL> } = {},
): ListSchema {
  const columns: Record<string, PgColumn> = { ...getTableColumns(table), ...options.columns };
  return {
    fields,
    ...listSets(fields),
    sort: "-id",
    column: (name) => columns[name],
    linkedIds: options.linkedIds,
  };
}

/** The record with `id` of the tenant, or null. */
export async function findInTenant<Row extends StoredRow>(
  kind: { table: PgTable; inTenant(tenantId: number): SQL },
  db: Database,
  tenantId: number,
  id: number,
): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(kind.table)
    .where(and(eq(getTableColumns(kind.table).id, id), kind.inTenant(tenantId)));
  return (row as Row | undefined) ?? null;
}

/** One change-log entry of a write (records as answered); an update that changed nothing logs none. */
export async function logChange(
  kind: Pick<AdminKind<StoredRow, object, unknown, unknown>, "kind" | "fields" | "unlogged">,
  w: AdminWrite,
  recordId: number,
  action: Action,
  before: object | null,
  after: object | null,
): Promise<void> {
  const logged = Object.fromEntries(
    Object.entries(kind.fields).filter(([name]) => !kind.unlogged?.includes(name)),
  );
  const changes = diffFields(
    logged,
    before as Record<string, unknown> | null,
    after as Record<string, unknown> | null,
  );
  if (action === "update" && Object.keys(changes).length === 0) return;
  await writeChangeLogs(w.tx, kind.kind, [
    { tenantId: w.tenantId, recordId, action, userId: w.userId, changes },
  ]);
}

async function writer(request: FastifyRequest, tx: Database): Promise<AdminWrite> {
  const { tenantId, user } = getAuth(request);
  return { tx, tenantId, userId: user.id, held: await requestGrants(request) };
}

/** The kind's steps for the shared route factory. */
function recordKind<Row extends StoredRow, Rec extends object, C, U>(
  app: FastifyInstance,
  kind: AdminKind<Row, Rec, C, U>,
): RecordKind {
  const one = async (db: Database, tenantId: number, row: Row) =>
    (await kind.records(db, tenantId, [row]))[0];
  const find = async (db: Database, tenantId: number, id: number) => {
    const row = await findInTenant<Row>(kind, db, tenantId, id);
    if (!row) throw notFound();
    return row;
  };
  const idColumn = getTableColumns(kind.table).id;
  const create = kind.create;
  return {
    singular: kind.singular,
    plural: kind.plural,
    tag: kind.path,
    allow: (verb) => guard(kind.kind, verb),
    schemas: { ...kind.schemas, listQuery: listQuerySchemas(kind.list(0)).listQuery },
    notes: kind.notes,
    async list(request) {
      const { tenantId } = getAuth(request);
      const schema = kind.list(tenantId);
      const query = parseListQuery(schema, request.query);
      const where = and(kind.inTenant(tenantId), ...query.conditions);
      const page = await readPage(app.db, kind.table, where, query, orderBy(schema, query.sort));
      return listText(await kind.records(app.db, tenantId, page.rows as Row[]), query, page.total);
    },
    async read(request, id) {
      const { tenantId } = getAuth(request);
      return JSON.stringify({ data: await one(app.db, tenantId, await find(app.db, tenantId, id)) });
    },
    create:
      create &&
      (async (request) => {
        const { tenantId } = getAuth(request);
        const body = request.body as C;
        kind.check?.(await requestGrants(request), body);
        return kind.transaction(app.db, tenantId, async (tx) => {
          const w = await writer(request, tx);
          const row = await create(w, body);
          const after = await one(tx, tenantId, row);
          await logChange(kind, w, row.id, "create", null, after);
          return after;
        });
      }),
    async update(request, id) {
      const { tenantId } = getAuth(request);
      const body = request.body as U;
      kind.check?.(await requestGrants(request), body);
      const { version } = request.body as { version: number };
      return kind.transaction(app.db, tenantId, async (tx) => {
        const w = await writer(request, tx);
        const current = await find(tx, tenantId, id);
        checkVersion(current, version, kind);
        const before = await one(tx, tenantId, current);
        const values = await kind.update(w, current, before, body);
        const where = and(eq(idColumn, id), kind.inTenant(tenantId));
        const row = (await updateAtVersion(tx, kind.table, where, version, values, kind)) as Row;
        await kind.afterUpdate?.(w, row, before, body);
        const after = await one(tx, tenantId, row);
        await logChange(kind, w, id, "update", before, after);
        return after;
      });
    },
    async remove(request, id) {
      const { tenantId } = getAuth(request);
      await kind.transaction(app.db, tenantId, async (tx) => {
        const w = await writer(request, tx);
        const current = await find(tx, tenantId, id);
        const before = await one(tx, tenantId, current);
        await kind.remove(w, current, before);
        await logChange(kind, w, id, "delete", before, null);
      });
    },
    async changeLogs(request, id, { page, limit }) {
      const { tenantId } = getAuth(request);
      await find(app.db, tenantId, id);
      return listChangeLogs(app.db, kind.kind, tenantId, id, page, limit);
    },
  };
}

/** The kind's routes under /{path} (`extra`: routes of its own, such as a role's duplicate). */
export async function adminKindRoutes<Row extends StoredRow, Rec extends object, C, U>(
  app: FastifyInstance,
  kind: AdminKind<Row, Rec, C, U>,
  extra?: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(
    async (scope) => {
      recordRoutes(scope, recordKind(scope, kind));
      extra?.(scope);
    },
    { prefix: `/${kind.path}` },
  );
}
