import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  FILEMAKER_LAYOUTS,
  type FileMakerLayout,
  HEARTLAND_STATUSES,
  type HeartlandFigures,
  isFileMakerPage,
} from "../../src/custom/tools/filemaker-layouts";
import { getAuth, requireAuth } from "../auth/authenticate";
import { HttpError, notFound, validationFailed } from "../http/errors";
import { parseBody } from "../orders/route-helpers";
import { csvCell, csvRecords } from "../resources/csv-export";
import { FileMakerError } from "./filemaker-data-api";
import { type FindRequest, recordSource } from "./filemaker-source";

// The FileMaker pages' server (issue 22), read-only; the spec's route table asks no permission of
// these pages, so a session of the tenant is all they need:
//   GET /filemaker/{page}?q=&f.{field}=&sort=&order=asc|desc&page=&pageSize=   a page of records, and the source
//   GET /filemaker/{page}/export.csv?q=&f.{field}=&sort=&order=                 every record found, as CSV
//   GET /filemaker/heartland-dashboard/figures                       counts by state and status
// {page}: dental-offices, heartland-dashboard, post-offices. A FileMaker Server that refuses or does
// not answer is a 502 with its reason (never an empty list that looks like no records).

/** The most records an export or the dashboard's figures read. */
export const FILEMAKER_MAX_ROWS = 10_000;

const listQuery = z.object({
  q: z.string().max(200, "Search for at most 200 characters").optional(),
  sort: z.string().max(60).optional(),
  order: z.enum(["asc", "desc"], { message: "order is asc or desc" }).default("asc"),
  page: z.coerce.number({ message: "page is a whole number" }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ message: "pageSize is a whole number" }).int().min(1).max(100).default(25),
});

function layoutOf(request: FastifyRequest): FileMakerLayout {
  const page = (request.params as { page: string }).page;
  if (!isFileMakerPage(page)) throw notFound();
  return FILEMAKER_LAYOUTS[page];
}

function findRequest(layout: FileMakerLayout, raw: unknown): FindRequest & { page: number } {
  const q = parseBody(listQuery, raw);
  // f.{field}=value: the records whose field is exactly that value (the dashboard's states and statuses).
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (!key.startsWith("f.")) continue;
    const field = key.slice(2);
    if (!layout.fields.some((f) => f.key === field) || typeof value !== "string" || value.length > 200) {
      throw validationFailed([
        {
          field: key,
          message: `Filter by one of ${layout.fields.map((f) => `f.${f.key}`).join(", ")}, with one value`,
        },
      ]);
    }
    filters[field] = value;
  }
  const sort = q.sort ?? layout.sort;
  if (!layout.fields.some((f) => f.key === sort)) {
    throw validationFailed([
      {
        field: "sort",
        message: `Sort by one of ${layout.fields.map((f) => f.key).join(", ")}`,
      },
    ]);
  }
  return {
    layout: layout.layout,
    fields: layout.fields,
    search: q.q,
    filters,
    sort: { field: sort, desc: q.order === "desc" },
    offset: (q.page - 1) * q.pageSize,
    limit: q.pageSize,
    page: q.page,
  };
}

/** FileMaker's refusal as a 502 the page can show; anything else goes on. */
async function fromFileMaker<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FileMakerError) throw new HttpError(502, error.message);
    throw error;
  }
}

/** Counts of the Heartland jobs by state (most first) and by status (in the order work goes). */
export function heartlandFigures(rows: Record<string, unknown>[]): Omit<HeartlandFigures, "source"> {
  const tally = (key: string) => {
    const counts = new Map<string, number>();
    for (const row of rows) {
      const value = row[key] === null || row[key] === undefined ? "(none)" : String(row[key]);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return counts;
  };
  const states = [...tally("state")]
    .map(([state, count]) => ({ state, count }))
    .sort((a, b) => b.count - a.count || a.state.localeCompare(b.state));
  const statusRank = (s: string) => {
    const i = HEARTLAND_STATUSES.indexOf(s);
    return i < 0 ? HEARTLAND_STATUSES.length : i;
  };
  const statuses = [...tally("status")]
    .map(([status, count]) => ({ status, count }))
    .sort((a, b) => statusRank(a.status) - statusRank(b.status) || a.status.localeCompare(b.status));
  return {
    total: rows.length,
    pieces: rows.reduce((n, r) => n + (typeof r.pieces === "number" ? r.pieces : 0), 0),
    byState: states,
    byStatus: statuses,
  };
}

export async function fileMakerRoutes(app: FastifyInstance): Promise<void> {
  const layouts = Object.values(FILEMAKER_LAYOUTS);
  const sourceFor = (request: FastifyRequest) =>
    recordSource(request.server.db, request.server.config, getAuth(request).tenantId, layouts);

  app.get(
    "/filemaker/heartland-dashboard/figures",
    { onRequest: requireAuth, schema: { hide: true } },
    async (request) => {
      const layout = FILEMAKER_LAYOUTS["heartland-dashboard"];
      const source = sourceFor(request);
      const find = findRequest(layout, {});
      const rows = await fromFileMaker(() => source.all(getAuth(request).tenantId, find, FILEMAKER_MAX_ROWS));
      return { data: { source: source.name, ...heartlandFigures(rows) } satisfies HeartlandFigures };
    },
  );

  app.get("/filemaker/:page", { onRequest: requireAuth, schema: { hide: true } }, async (request) => {
    const layout = layoutOf(request);
    const find = findRequest(layout, request.query);
    const source = sourceFor(request);
    const found = await fromFileMaker(() => source.find(getAuth(request).tenantId, find));
    return {
      data: {
        source: source.name,
        rows: found.rows,
        total: found.total,
        page: find.page,
        pageSize: find.limit,
      },
    };
  });

  app.get(
    "/filemaker/:page/export.csv",
    { onRequest: requireAuth, schema: { hide: true } },
    async (request, reply) => {
      const layout = layoutOf(request);
      const find = findRequest(layout, request.query);
      const source = sourceFor(request);
      const rows = await fromFileMaker(() => source.all(getAuth(request).tenantId, find, FILEMAKER_MAX_ROWS));
      const header = layout.fields.map((f) => f.label);
      const body = rows.map((row) => layout.fields.map((f) => csvCell(row[f.key], f.type === "text")));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${layout.page}.csv"`)
        .send(`\uFEFF${csvRecords([header, ...body])}`);
    },
  );
}
