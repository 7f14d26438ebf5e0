import { type Readable, Transform } from "node:stream";
import { and, asc, eq, gt, inArray, isNotNull, like, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Kind } from "../../src/access/kinds";
import { can } from "../../src/access/permissions";
import { ADDRESS_FIELDS, DEDUPE_RULES, type DedupeRule, OUTCOMES } from "../../src/custom/mail/list-fields";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import type { Database } from "../db/open";
import { list_records } from "../db/schema";
import { fieldError, forbidden, HttpError, notFound, validationFailed } from "../http/errors";
import { writeChangeLogs } from "../resources/change-logs";
import { CsvSyntaxError, parseCsv } from "../resources/csv-parse";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import { lockRecord, modelOf, updateAsServer } from "../resources/hooks/derived-writes";
import type { ResourceModel } from "../resources/model";
import { recordLabel } from "../resources/status-rules";
import { type Classified, classify, dedupeKey, type FieldMapping } from "./list-intake";

// A mailing list's intake (issue 22), under /api/v1/lists/{id}:
//   POST upload?version=       the CSV as the body (text/csv), streamed through csv-parse; replaces the rows
//   GET  intake                header, field map, counts by outcome, the first rows, saved maps
//   POST mapping               { version, name, fields: { street1: "ADDR1", … } } saved as Map rows "{name}: …"
//   POST process               { version, dedupe_rule, suppress_list_id? } validate, suppress, dedupe
//   GET  export.csv?outcome=   the mapped records (valid by default) as a CSV
// List Update for the writes (Map Create/Update too for a mapping), List Read for the reads. The
// List's counts, status, field map and rule are written as the engine writes (version + 1, change log).

export const LIST_BODY_LIMIT = 64 * 1024 * 1024;
export const LIST_MAX_ROWS = 250_000;
const BATCH = 2_000;
const CSV_TYPES = ["text/csv", "application/csv", "text/plain", "application/vnd.ms-excel"];

const idOf = (raw: unknown): number => {
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
    throw notFound();
  }
  return Number(raw);
};

function parse<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw validationFailed(
      parsed.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message })),
    );
  }
  return parsed.data;
}

const version = z.number({ message: "Send the list's version" }).int().min(1);
const mappingBody = z
  .object({
    version,
    name: z.string().trim().min(1, "Name the field map").max(80, "At most 80 characters"),
    fields: z.record(z.string(), z.string().trim().max(200)),
  })
  .strict();
const processBody = z
  .object({
    version,
    dedupe_rule: z.enum(DEDUPE_RULES.map((r) => r.value) as [DedupeRule, ...DedupeRule[]], {
      message: "Choose individual, household or address",
    }),
    suppress_list_id: z.number().int().min(1).nullable().optional(),
  })
  .strict();

function needs(kind: Kind, ...actions: string[]) {
  return async (request: FastifyRequest) => {
    if (!can(await requestGrants(request), kind, actions)) throw forbidden();
  };
}

async function listOf(tx: Database, model: ResourceModel, tenantId: number, id: number, lock = false) {
  const t = model.table.table;
  const row = lock
    ? await lockRecord(tx, model, tenantId, id)
    : (
        await tx
          .select()
          .from(t)
          .where(and(eq(t.tenant_id, tenantId), eq(t.id, id)))
      )[0];
  if (!row) throw notFound();
  return row;
}

function checkVersion(model: ResourceModel, row: Row, sent: number) {
  if (row.version !== sent) throw staleVersion(model);
}

const rowsOf = (tenantId: number, listId: number) =>
  and(eq(list_records.tenant_id, tenantId), eq(list_records.list_id, listId));

async function headerOf(db: Database, tenantId: number, listId: number): Promise<string[] | null> {
  const [row] = await db
    .select({ cells: list_records.cells })
    .from(list_records)
    .where(and(rowsOf(tenantId, listId), eq(list_records.row_no, 1)));
  return row?.cells ?? null;
}

/** The field map set a Map row belongs to: its name up to ": ". */
const setName = (name: unknown) => String(name).split(": ")[0];

/** The list's field map: the active list_field rows of the set its map_id names. */
async function mappingOf(db: Database, mapModel: ResourceModel, tenantId: number, mapId: unknown) {
  if (typeof mapId !== "number") return null;
  const t = mapModel.table.table;
  const [first] = await db
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.id, mapId)));
  if (!first) return null;
  const name = setName(first.name);
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.tenant_id, tenantId),
        eq(t.kind, "list_field"),
        eq(t.active, true),
        like(t.name, `${name.replace(/[\\%_]/g, "\\$&")}: %`),
      ),
    )
    .orderBy(asc(t.id));
  const fields: FieldMapping = {};
  for (const row of rows) {
    const key = String(row.target_key);
    fields[key] ??= {
      column: String(row.source_key),
      transform: String(row.transform ?? "none"),
      defaultValue: (row.default_value as string | null) ?? null,
    };
  }
  return { name, fields };
}

/** The upload as it streams in; past the limit, a 413. */
function limited(source: Readable): Readable {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > LIST_BODY_LIMIT) {
        done(
          new HttpError(413, `The file is larger than ${LIST_BODY_LIMIT / 1024 / 1024} MB: split the list`),
        );
      } else done(null, chunk);
    },
  });
  source.on("error", (e) => counter.destroy(e));
  return source.pipe(counter);
}

async function readUpload(request: FastifyRequest): Promise<string[][]> {
  const body = request.body as Readable | undefined;
  // A CSV type's body is the request's stream; any other (JSON, a form) is not a list file.
  if (typeof body?.pipe !== "function") {
    throw new HttpError(415, "Send the list as a CSV file (text/csv): a header row and a row per address");
  }
  let records: string[][];
  try {
    records = await parseCsv(limited(body));
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw fieldError(`rows.${error.row}`, `Row ${error.row}: ${error.message}`);
    throw error;
  }
  if (records.length < 2) throw fieldError("file", "The file needs a header row and at least one address");
  if (records.length - 1 > LIST_MAX_ROWS) {
    throw fieldError(
      "file",
      `At most ${LIST_MAX_ROWS.toLocaleString("en-US")} addresses a list; this file has ${(records.length - 1).toLocaleString("en-US")}`,
    );
  }
  const header = records[0].map((c) => c.trim());
  const blank = header.indexOf("");
  if (blank >= 0) throw fieldError("rows.1", `Column ${blank + 1} of the header has no name`);
  const twice = header.find((c, i) => header.indexOf(c) !== i);
  if (twice) throw fieldError("rows.1", `The header names "${twice}" twice`);
  return [header, ...records.slice(1)];
}

/** Where a list's status may go from here; a refusal in words when it may not. */
function statusAfter(model: ResourceModel, list: Row, step: "upload" | "mapping" | "process"): string {
  const status = String(list.status);
  const label = recordLabel(model, list);
  const allowed: Record<typeof step, string[]> = {
    upload: ["uploaded", "mapped", "failed"],
    mapping: ["uploaded", "mapped", "processed", "failed"],
    process: ["mapped", "processed"],
  };
  if (!allowed[step].includes(status)) {
    const why =
      step === "process" && (status === "uploaded" || status === "failed")
        ? "map its columns first"
        : `a ${status.replace("_", " ")} list cannot be ${step === "upload" ? "uploaded again" : step === "mapping" ? "re-mapped" : "processed again"}`;
    throw new HttpError(409, `${label} is ${status.replace("_", " ")}: ${why}`);
  }
  return { upload: "uploaded", mapping: "mapped", process: "processed" }[step];
}

async function saveMapping(
  tx: Database,
  mapModel: ResourceModel,
  ctx: { tenantId: number; userId: number },
  name: string,
  fields: Record<string, string>,
): Promise<number> {
  const t = mapModel.table.table;
  const existing = await tx
    .select()
    .from(t)
    .where(
      and(
        eq(t.tenant_id, ctx.tenantId),
        eq(t.kind, "list_field"),
        like(t.name, `${name.replace(/[\\%_]/g, "\\$&")}: %`),
      ),
    );
  let firstId: number | undefined;
  const created: Row[] = [];
  for (const field of ADDRESS_FIELDS) {
    const column = fields[field.key];
    const rowName = `${name}: ${field.mapLabel}`;
    const before = existing.find((r) => r.name === rowName);
    if (before) {
      const after = await updateAsServer(
        tx,
        mapModel,
        ctx,
        before,
        column ? { source_key: column, target_key: field.key, active: true } : { active: false },
      );
      if (column) firstId ??= after.id as number;
    } else if (column) {
      const [row] = await tx
        .insert(t)
        .values({
          tenant_id: ctx.tenantId,
          name: rowName,
          kind: "list_field",
          source_key: column,
          target_key: field.key,
          transform: field.transform,
          active: true,
        })
        .returning();
      created.push(row);
      firstId ??= row.id as number;
    }
  }
  await writeChangeLogs(
    tx,
    mapModel,
    created.map((row) => ({
      tenantId: ctx.tenantId,
      recordId: row.id as number,
      action: "create" as const,
      userId: ctx.userId,
      changes: Object.fromEntries(
        ["name", "kind", "source_key", "target_key", "transform", "active"].map((k) => [
          k,
          { from: null, to: row[k] },
        ]),
      ),
    })),
  );
  if (firstId === undefined) throw fieldError("fields", "Map at least the address fields");
  return firstId;
}

async function countsOf(db: Database, tenantId: number, listId: number) {
  const rows = await db
    .select({ outcome: list_records.outcome, n: sql<number>`count(*)::int` })
    .from(list_records)
    .where(and(rowsOf(tenantId, listId), gt(list_records.row_no, 1)))
    .groupBy(list_records.outcome);
  const counts: Record<string, number> = {
    records: 0,
    valid: 0,
    invalid: 0,
    duplicate: 0,
    suppressed: 0,
    unprocessed: 0,
  };
  for (const r of rows) {
    counts.records += Number(r.n);
    counts[r.outcome ?? "unprocessed"] += Number(r.n);
  }
  return counts;
}

async function writeOutcomes(tx: Database, tenantId: number, listId: number, records: Classified[]) {
  for (let i = 0; i < records.length; i += BATCH) {
    const batch = records
      .slice(i, i + BATCH)
      .map((r) => ({ row_no: r.row, address: r.address, outcome: r.outcome, reason: r.reason }));
    await tx.execute(sql`
      UPDATE list_records AS r
         SET address = v.address, outcome = v.outcome, reason = v.reason, updated_at = now(), version = r.version + 1
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
             AS v(row_no int, address jsonb, outcome text, reason text)
       WHERE r.tenant_id = ${tenantId} AND r.list_id = ${listId} AND r.row_no = v.row_no`);
  }
}

const csvCell = (v: string) =>
  /[",\r\n]/.test(v) || /^[=+\-@\t\r]/.test(v)
    ? `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"`
    : v;

export async function listIntakeRoutes(app: FastifyInstance, model: ResourceModel): Promise<void> {
  const mapModel = await modelOf("Map");
  await app.register(async (scope) => {
    scope.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));
    scope.addContentTypeParser("*", (_request, payload, done) => {
      payload.resume();
      done(null, Symbol("not a CSV"));
    });
    scope.post(
      "/:id/upload",
      { onRequest: requireAuth, preHandler: needs("List", "Update"), schema: { hide: true } },
      async (request) => {
        const auth = getAuth(request);
        const id = idOf((request.params as { id: string }).id);
        const sent = Number((request.query as Record<string, string>).version);
        const records = await readUpload(request);
        const list = await request.server.db.transaction(async (tx) => {
          const before = await listOf(tx, model, auth.tenantId, id, true);
          checkVersion(model, before, sent);
          const status = statusAfter(model, before, "upload");
          await tx.delete(list_records).where(rowsOf(auth.tenantId, id));
          for (let i = 0; i < records.length; i += BATCH) {
            await tx
              .insert(list_records)
              .values(
                records
                  .slice(i, i + BATCH)
                  .map((cells, j) => ({ tenant_id: auth.tenantId, list_id: id, row_no: i + j + 1, cells })),
              );
          }
          return updateAsServer(tx, model, { tenantId: auth.tenantId, userId: auth.user.id }, before, {
            status,
            record_count: records.length - 1,
            valid_count: 0,
            undeliverable_count: 0,
            duplicate_count: 0,
          });
        });
        return {
          data: { rows: records.length - 1, columns: records[0], version: list.version, status: list.status },
        };
      },
    );
  });

  app.get(
    "/:id/intake",
    { onRequest: requireAuth, preHandler: needs("List", "Read"), schema: { hide: true } },
    async (request) => {
      const auth = getAuth(request);
      const id = idOf((request.params as { id: string }).id);
      const db = request.server.db;
      const list = await listOf(db, model, auth.tenantId, id);
      const [header, mapping, counts, sample, maps] = await Promise.all([
        headerOf(db, auth.tenantId, id),
        mappingOf(db, mapModel, auth.tenantId, list.map_id),
        countsOf(db, auth.tenantId, id),
        db
          .select({
            row: list_records.row_no,
            cells: list_records.cells,
            address: list_records.address,
            outcome: list_records.outcome,
            reason: list_records.reason,
          })
          .from(list_records)
          .where(and(rowsOf(auth.tenantId, id), gt(list_records.row_no, 1)))
          .orderBy(sql`${list_records.outcome} = 'valid'`, asc(list_records.row_no))
          .limit(50),
        db
          .selectDistinct({ name: sql<string>`split_part(${mapModel.table.table.name}, ': ', 1)` })
          .from(mapModel.table.table)
          .where(
            and(
              eq(mapModel.table.table.tenant_id, auth.tenantId),
              eq(mapModel.table.table.kind, "list_field"),
            ),
          ),
      ]);
      return {
        data: {
          id,
          version: list.version,
          status: list.status,
          header,
          mapping,
          counts,
          sample,
          maps: maps.map((m) => m.name).sort(),
        },
      };
    },
  );

  app.post(
    "/:id/mapping",
    { onRequest: requireAuth, preHandler: needs("List", "Update"), schema: { hide: true } },
    async (request) => {
      if (!can(await requestGrants(request), "Map", ["Create", "Update"])) throw forbidden();
      const auth = getAuth(request);
      const id = idOf((request.params as { id: string }).id);
      const body = parse(mappingBody, request.body);
      const ctx = { tenantId: auth.tenantId, userId: auth.user.id };
      const list = await request.server.db.transaction(async (tx) => {
        const before = await listOf(tx, model, auth.tenantId, id, true);
        checkVersion(model, before, body.version);
        const header = await headerOf(tx, auth.tenantId, id);
        if (!header)
          throw new HttpError(
            409,
            `${recordLabel(model, before)} has no uploaded file: upload its CSV first`,
          );
        const errors = ADDRESS_FIELDS.flatMap((f) => {
          const column = body.fields[f.key];
          if (!column)
            return f.required
              ? [{ field: `fields.${f.key}`, message: `Choose the column that holds ${f.label}` }]
              : [];
          return header.includes(column)
            ? []
            : [{ field: `fields.${f.key}`, message: `The file has no column "${column}"` }];
        });
        const unknown = Object.keys(body.fields).filter((k) => !ADDRESS_FIELDS.some((f) => f.key === k));
        for (const k of unknown)
          errors.push({ field: `fields.${k}`, message: `"${k}" is not an address field` });
        if (errors.length > 0) throw validationFailed(errors);
        const status = statusAfter(model, before, "mapping");
        const mapId = await saveMapping(tx, mapModel, ctx, body.name, body.fields);
        return updateAsServer(tx, model, ctx, before, { map_id: mapId, status });
      });
      return { data: { version: list.version, status: list.status, map_id: list.map_id } };
    },
  );

  app.post(
    "/:id/process",
    { onRequest: requireAuth, preHandler: needs("List", "Update"), schema: { hide: true } },
    async (request) => {
      const auth = getAuth(request);
      const id = idOf((request.params as { id: string }).id);
      const body = parse(processBody, request.body);
      const ctx = { tenantId: auth.tenantId, userId: auth.user.id };
      const result = await request.server.db.transaction(async (tx) => {
        const before = await listOf(tx, model, auth.tenantId, id, true);
        checkVersion(model, before, body.version);
        const label = recordLabel(model, before);
        const status = statusAfter(model, before, "process");
        const mapping = await mappingOf(tx, mapModel, auth.tenantId, before.map_id);
        if (!mapping) throw new HttpError(409, `${label} has no field map: map its columns first`);
        const stored = await tx
          .select({ row: list_records.row_no, cells: list_records.cells })
          .from(list_records)
          .where(rowsOf(auth.tenantId, id))
          .orderBy(asc(list_records.row_no));
        if (stored.length < 2)
          throw new HttpError(409, `${label} has no uploaded file: upload its CSV first`);
        const suppress = new Set<string>();
        if (body.suppress_list_id) {
          if (body.suppress_list_id === id)
            throw fieldError("suppress_list_id", "A list cannot suppress itself");
          const other = await listOf(tx, model, auth.tenantId, body.suppress_list_id).catch(() => {
            throw fieldError("suppress_list_id", "There is no such list");
          });
          const addresses = await tx
            .select({ address: list_records.address })
            .from(list_records)
            .where(
              and(
                rowsOf(auth.tenantId, other.id as number),
                isNotNull(list_records.address),
                inArray(list_records.outcome, ["valid", "duplicate", "suppressed"]),
              ),
            );
          if (addresses.length === 0) {
            throw new HttpError(
              409,
              `${recordLabel(model, other)} has no processed addresses: upload and process it before suppressing with it`,
            );
          }
          for (const a of addresses) if (a.address) suppress.add(dedupeKey(a.address, body.dedupe_rule));
        }
        const [header, ...rows] = stored;
        const { records, counts } = classify(header.cells, rows, mapping.fields, body.dedupe_rule, suppress);
        await writeOutcomes(tx, auth.tenantId, id, records);
        // mapped → processing → processed, as the kind's transitions go (one transaction: nobody sees the middle).
        const processing =
          before.status === "mapped"
            ? await updateAsServer(tx, model, ctx, before, { status: "processing" })
            : before;
        const after = await updateAsServer(tx, model, ctx, processing, {
          status,
          dedupe_rule: body.dedupe_rule,
          record_count: counts.records,
          valid_count: counts.valid,
          undeliverable_count: counts.invalid,
          duplicate_count: counts.duplicate,
        });
        return { counts, version: after.version, status: after.status };
      });
      return { data: result };
    },
  );

  app.get(
    "/:id/export.csv",
    { onRequest: requireAuth, preHandler: needs("List", "Read"), schema: { hide: true } },
    async (request, reply) => {
      const auth = getAuth(request);
      const id = idOf((request.params as { id: string }).id);
      const raw = (request.query as Record<string, string>).outcome ?? "valid";
      const outcomes = raw === "all" ? [...OUTCOMES] : raw.split(",");
      if (!outcomes.every((o) => (OUTCOMES as readonly string[]).includes(o))) {
        throw fieldError("outcome", "outcome is all, or any of valid, invalid, duplicate, suppressed");
      }
      const db = request.server.db;
      const list = await listOf(db, model, auth.tenantId, id);
      const rows = await db
        .select({
          row: list_records.row_no,
          address: list_records.address,
          outcome: list_records.outcome,
          reason: list_records.reason,
        })
        .from(list_records)
        .where(
          and(
            rowsOf(auth.tenantId, id),
            isNotNull(list_records.address),
            inArray(list_records.outcome, outcomes),
          ),
        )
        .orderBy(asc(list_records.row_no));
      const head = [...ADDRESS_FIELDS.map((f) => f.label), "Row", "Outcome", "Reason"].join(",");
      const lines = rows.map((r) =>
        [
          ...ADDRESS_FIELDS.map((f) => r.address?.[f.key] ?? ""),
          String(r.row),
          r.outcome ?? "",
          r.reason ?? "",
        ]
          .map(csvCell)
          .join(","),
      );
      const file =
        String(list.name)
          .replace(/[^\w -]+/g, "")
          .trim()
          .replace(/\s+/g, "-") || `list-${id}`;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file}.csv"`)
        .send(`${[head, ...lines].join("\r\n")}\r\n`);
    },
  );
}

/** Removes a deleted list's uploaded rows (the List kind's afterWrite). */
export async function dropListRows(tx: Database, tenantId: number, listId: number): Promise<void> {
  await tx.delete(list_records).where(rowsOf(tenantId, listId));
}
