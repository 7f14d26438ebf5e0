import { pipeline, type Readable, Transform } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { can } from "../../../src/access/permissions";
import {
  type OfferedAttribute,
  offeredAttributes,
  variantValuesProblems,
} from "../../../src/custom/catalogue/variant-values";
import { getAuth, requestGrants, requireAuth } from "../../auth/authenticate";
import { errorAnswers } from "../../auth/schemas";
import type { Database } from "../../db/open";
import { fieldError, forbidden, HttpError, validationFailed } from "../../http/errors";
import { loadChildren } from "../children";
import {
  checkImport,
  commitImport,
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_ROWS,
  type ImportCheck,
  type ImportError,
} from "../csv-import";
import { databaseError } from "../errors";
import { guardedImportErrors, guardRefusal } from "../guarded-fields";
import { type ChildRows, defineHooks, type Row } from "../hooks";
import { loadRegistry, type ResourceModel } from "../model";
import { checkReferenceValues, referenceValues } from "../reference-checks";
import { modelOf } from "./derived-writes";
import { checkProductMove } from "./site-ties";

// Products are imported from a CSV, one site at a time (spec: /products/{site_id}/import):
//   POST products/import/preview?site_id=   → { data: { rows, valid, errors, sample, columns } }
//   POST products/import/commit?site_id=    → 201 { data: { created, updated } }, or 400 and nothing written
// The body is the CSV itself (text/csv) or a multipart/form-data form with the file. Both need
// Product Import; a commit creates products, so it needs Product Create as well. A product of the
// site already stored (its SKU) is updated instead: its variants named by SKU take the file's price,
// active flag and option values, new ones are added (csv-import.ts, `existing`); the preview names
// those rows in `updated`. A price set or changed still needs Product UpdatePrice (per row).

/** 10,000 rows of a wide product CSV stay well under this; the contract's 1 MiB is for JSON. */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

const CSV_TYPES = ["text/csv", "application/csv", "text/plain", "application/vnd.ms-excel"];
const NOT_CSV = Symbol("not a CSV");

const importErrorSchema = z.object({
  row: z.number().int().describe("The row as a spreadsheet numbers it: the header is row 1"),
  field: z.string().optional(),
  message: z.string(),
});

const previewSchema = z.object({
  data: z.object({
    rows: z.number().int().describe("Data rows in the file"),
    valid: z.number().int().describe("Rows without errors"),
    errors: z.array(importErrorSchema).describe("In row order; at most 1,000"),
    sample: z
      .array(
        z.object({
          row: z.number().int(),
          action: z
            .enum(["create", "update"])
            .describe("A new product, or a stored one whose variants the row updates"),
          values: z.record(z.string(), z.unknown()),
        }),
      )
      .describe("The first 20 rows as they would be stored"),
    columns: z.array(z.string()).describe("The fields the header names, in its order"),
    updating: z.number().int().describe("Products of the file already stored: their variants are updated"),
    updated: z
      .array(z.number().int())
      .describe("The rows (products and variant rows) that update what is stored; every other row creates"),
  }),
});

function needs(...actions: string[]) {
  return async (request: FastifyRequest) => {
    if (!can(await requestGrants(request), "Product", actions)) throw forbidden();
  };
}

const sendCsv = () => fieldError("file", "Send a CSV file: a header row and a row per product");

/**
 * A multipart upload as it streams in, noting whether it holds anything but blanks. At its end, a
 * file @fastify/multipart cut at the size limit (it marks it truncated) fails with the plugin's 413.
 */
class ContentWatch extends Transform {
  blank = true;
  /** Why the upload failed, if it did (then the parse fails with it). */
  failure: Error | undefined;
  constructor(private readonly tooLarge: () => Error | undefined) {
    super();
  }
  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    if (this.blank && /[^\s\uFEFF]/.test(chunk.toString("utf8"))) this.blank = false;
    done(null, chunk);
  }
  override _flush(done: (error?: Error | null) => void) {
    done(this.tooLarge() ?? null);
  }
  // Destroyed with the upload's error before the parse is: so the error is known as the upload's.
  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    if (error && !this.failure) this.failure = error;
    done(error);
  }
}

/**
 * The CSV of the body: its text, or the stream of a multipart form's file (@fastify/multipart,
 * its size limit applying as it streams); or a 400/415 saying what to send.
 */
async function csvSource(request: FastifyRequest): Promise<string | ContentWatch> {
  if (request.isMultipart()) {
    // A form that is not a form (no boundary, cut off) says what to send, as a missing file does.
    const part = await request.file().catch((error: { statusCode?: number }) => {
      if (error.statusCode === 413) throw error;
      throw sendCsv();
    });
    if (!part) throw sendCsv();
    const { RequestFileTooLargeError } = request.server.multipartErrors;
    const watch = new ContentWatch(() => (part.file.truncated ? new RequestFileTooLargeError() : undefined));
    // pipeline, not pipe: the file may have failed already (a form cut off in the middle of it).
    pipeline(part.file as Readable, watch, () => {});
    return watch;
  }
  const body = request.body;
  if (body === NOT_CSV || (body !== undefined && typeof body !== "string")) {
    throw new HttpError(415, "Send the CSV file as text/csv or as a multipart/form-data file");
  }
  if (body === undefined || body.trim() === "") throw sendCsv();
  return body;
}

function siteOf(query: unknown): number {
  const raw = (query as Record<string, unknown> | undefined)?.site_id;
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
    throw fieldError("site_id", "Name the site to import into: ?site_id=<id>");
  }
  return Number(raw);
}

const asFieldErrors = (errors: ImportError[]) =>
  errors.map((e) => ({ field: e.field ? `rows.${e.row}.${e.field}` : `rows.${e.row}`, message: e.message }));

async function importRoutes(app: FastifyInstance, model: ResourceModel): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      CSV_TYPES,
      { parseAs: "string", bodyLimit: IMPORT_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    // A form's file is read as a stream; past the limit it is a 413, as an oversized CSV body is.
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_BODY_LIMIT, fieldSize: 64 * 1024, parts: 100 },
    });
    // Any other type reaches the handler, which says what to send (rather than "send JSON").
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: IMPORT_BODY_LIMIT }, (_r, _b, done) =>
      done(null, NOT_CSV),
    );

    const check = async (request: FastifyRequest) => {
      const auth = getAuth(request);
      const siteId = siteOf(request.query);
      const source = await csvSource(request);
      const registry = await loadRegistry();
      const siteErrors: { field?: string; message: string }[] = [];
      await checkReferenceValues(
        request.server.db,
        registry,
        auth.tenantId,
        referenceValues(model.fields, { site_id: siteId }),
        siteErrors,
      );
      if (siteErrors.length > 0) throw validationFailed(siteErrors);
      const result = await checkImport(
        request.server.db,
        registry,
        model,
        auth.tenantId,
        source,
        { site_id: siteId },
        (skus) => storedProducts(request.server.db, model, auth.tenantId, siteId, skus),
      ).catch((error: unknown) => {
        // A form cut off in the middle of its file is told as a form without a file; too large is a 413.
        const upload = typeof source === "string" ? undefined : source.failure;
        if (error === upload && (error as { statusCode?: number }).statusCode !== 413) throw sendCsv();
        throw error;
      });
      // An uploaded file of nothing but blanks, told as a text/csv body of blanks is.
      if (typeof source !== "string" && source.blank) throw sendCsv();
      await checkImportedVariants(request.server.db, auth.tenantId, result);
      return { ...result, guarded: await guardedImportErrors(request, model, result) };
    };
    const schema = (summary: string, description: string) => ({
      summary,
      description: `${description} The body is the CSV (text/csv) or a multipart/form-data file; header = field names or labels; at most ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows.`,
      tags: [model.resource.label],
      security: [{ bearer: [] }],
      querystring: z.object({ site_id: z.string().describe("The site the products are for") }),
      consumes: ["text/csv", "multipart/form-data"],
      body: z.string().describe("The CSV file (as a multipart/form-data form: its one file)"),
    });

    scope.post(
      "/import/preview",
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        onRequest: [requireAuth, needs("Import")],
        schema: {
          ...schema("Check a product CSV", "Validates every row as a create would; writes nothing."),
          response: { 200: previewSchema, ...errorAnswers(400, 401, 403, 413, 415) },
        },
      },
      async (request) => {
        const { rows, valid, errors, sample, columns, guarded, badRecords, updated, previous } =
          await check(request);
        // Prices the caller may not set (Product UpdatePrice, a variant's too) are errors of their rows here.
        const refused = guarded.filter((e) => !badRecords.has(e.record)).map((e) => e.record);
        const all = [...errors, ...guarded.map(({ row, field, message }) => ({ row, field, message }))];
        all.sort((a, b) => a.row - b.row);
        return {
          data: {
            rows,
            valid: valid - new Set(refused).size,
            errors: all.slice(0, IMPORT_MAX_ERRORS),
            sample,
            columns,
            updating: previous.filter(Boolean).length,
            updated,
          },
        };
      },
    );

    scope.post(
      "/import/commit",
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        onRequest: [requireAuth, needs("Import", "Create")],
        schema: {
          ...schema(
            "Import a product CSV",
            "All or nothing: any invalid row is a 400 listing the rows' errors (field rows.<row>.<field>) and nothing is written.",
          ),
          response: {
            201: z.object({ data: z.object({ created: z.number().int(), updated: z.number().int() }) }),
            ...errorAnswers(400, 401, 403, 409, 413, 415),
          },
        },
      },
      async (request, reply) => {
        const result = await check(request);
        const [first] = result.guarded;
        if (first) {
          const paths = result.guarded.filter((e) => e.action === first.action);
          throw guardRefusal(model, first.action, [...new Set(paths.map((e) => `rows.${e.row}.${e.field}`))]);
        }
        if (result.errors.length > 0) throw validationFailed(asFieldErrors(result.errors));
        if (result.rows === 0) throw fieldError("file", "The file has no products: add a row per product");
        const auth = getAuth(request);
        try {
          const written = await commitImport(
            request.server.db,
            model,
            auth.tenantId,
            auth.user.id,
            result.values,
            result.children,
            result.previous,
          );
          return reply.code(201).send({ data: written });
        } catch (error) {
          // A product written meanwhile with one of the file's SKUs: the unique index refuses.
          if (databaseError(error)?.code === "23505") {
            throw new HttpError(
              409,
              `Another ${model.singular} was just saved with a value of this file that must be unique. Preview the file again.`,
            );
          }
          throw error;
        }
      },
    );
  });
}

/** The site's products with these SKUs (lower case), with their variants: the ones an import updates. */
async function storedProducts(
  db: Database,
  model: ResourceModel,
  tenantId: number,
  siteId: number,
  skus: string[],
) {
  const found = new Map<string, { row: Row; children: ChildRows }>();
  if (skus.length === 0) return found;
  const t = model.table.table;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.site_id, siteId), inArray(sql`lower(${t.sku})`, skus)));
  for (const row of rows) {
    found.set(String(row.sku).toLowerCase(), {
      row,
      children: await loadChildren(db, model, tenantId, row.id as number),
    });
  }
  return found;
}

/** The product's attributes (its attribute_ids) with their value codes, as stored in the tenant. */
async function attributesOf(db: Database, tenantId: number, ids: unknown): Promise<OfferedAttribute[]> {
  const wanted = Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
  if (wanted.length === 0) return [];
  const a = (await modelOf("Attribute")).table.table;
  const rows = await db
    .select({ code: a.code, name: a.name, values: a.values })
    .from(a)
    .where(and(eq(a.tenant_id, tenantId), inArray(a.id, wanted)));
  return offeredAttributes(rows);
}

/** Each imported product's variants checked against its attributes: errors on the variants' rows. */
async function checkImportedVariants(db: Database, tenantId: number, check: ImportCheck) {
  for (const [i, values] of check.values.entries()) {
    const variants = check.children[i]?.rows.variants;
    if (!variants?.length) continue;
    const problems = variantValuesProblems(await attributesOf(db, tenantId, values.attribute_ids), variants);
    const record = check.rowOf[i];
    for (const p of problems) {
      const row = check.childRowsOf[i]?.variants?.[p.index] ?? record;
      check.errors.push({ row, field: "variants.attribute_values", message: p.message });
    }
    if (problems.length > 0 && !check.badRecords.has(record)) {
      check.badRecords.add(record);
      check.valid -= 1;
    }
  }
  check.errors.sort((x, y) => x.row - y.row);
}

export default defineHooks({
  routes: importRoutes,
  async afterWrite({ tx, tenantId, action, record, previous, children }) {
    // A product stays on its site while that site's orders carry it (site-ties.ts).
    if (action === "update" && record) await checkProductMove(tx, tenantId, record, previous);
    // Its variants name only its own options and their values (variant-values.ts).
    const variants = children?.variants;
    if (record && variants?.length) {
      const problems = variantValuesProblems(
        await attributesOf(tx, tenantId, record.attribute_ids),
        variants,
      );
      if (problems.length > 0)
        throw validationFailed(problems.map(({ field, message }) => ({ field, message })));
    }
  },
});
