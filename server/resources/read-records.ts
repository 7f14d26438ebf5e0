import { and } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { getAuth } from "../auth/authenticate";
import { notFound } from "../http/errors";
import { listAnswerKey, listAnswers, recordAnswerKey, recordAnswers, recordTables } from "./answer-cache";
import { ownerOf, scopeOf, visibleRows } from "./caller-scope";
import { type ChangeLogAnswer, listChangeLogs } from "./change-logs";
import { childrenOf } from "./children";
import { listCountKey, listTotals } from "./count-cache";
import type { KindContext } from "./kind-context";
import { countRows, listText, readPage } from "./list-page";
import { orderBy, type Paging, parseListQuery } from "./query-language";
import type { ListText } from "./record-routes";
import { toRecord } from "./records";
import { listTables } from "./search-references";

// The read steps of a declared kind: a list page, one record (with its child collections) and a
// record's history, each within what the caller may see (caller-scope.ts). Lists and records are
// answered as JSON text kept until a table they were read from changes (answer-cache.ts).

/** GET {path}: the query read (query-language.ts), one page and the total. */
export async function readList({ app, model }: KindContext, request: FastifyRequest): Promise<ListText> {
  const query = parseListQuery(model, request.query);
  const where = and(visibleRows(model, request), ...query.conditions);
  const { tenantId } = getAuth(request);
  const owner = ownerOf(request);
  const tables = listTables(model, request.query);
  const t = model.table.table;
  // The total is cached apart (count-cache.ts): the other pages of the same query share it.
  const total = () =>
    listTotals.get(app.db, tables, listCountKey(model.kind, tenantId, owner, request.query), () =>
      countRows(app.db, t, where),
    );
  const answer = async () => {
    const page = await readPage(app.db, t, where, query, orderBy(model, query.sort), total);
    return listText(
      page.rows.map((row) => toRecord(model, row)),
      query,
      page.total,
    );
  };
  return listAnswers.get(app.db, tables, listAnswerKey(model, tenantId, owner, request.query), answer);
}

/** GET {path}/{id}: the record with its collections, or 404. */
export async function readRecord(
  { app, model }: KindContext,
  request: FastifyRequest,
  id: number,
): Promise<string> {
  const { tenantId } = getAuth(request);
  const answer = async () => {
    const [row] = await app.db
      .select()
      .from(model.table.table)
      .where(visibleRows(model, request, id));
    if (!row) throw notFound();
    const children = await childrenOf(app.db, model, tenantId, id);
    return JSON.stringify({ data: toRecord(model, row, { children }) });
  };
  const key = recordAnswerKey(model, tenantId, ownerOf(request), id);
  return recordAnswers.get(app.db, recordTables(model), key, answer);
}

/**
 * GET {path}/{id}/change-logs: kept after the record is deleted, so a record that is gone still
 * has its history, unless the caller sees only their own records (whose it was is gone with it).
 */
export async function readChangeLogs(
  { app, model }: KindContext,
  request: FastifyRequest,
  id: number,
  { page, limit }: Paging,
): Promise<{ rows: ChangeLogAnswer[]; total: number }> {
  const t = model.table.table;
  const [row] = await app.db
    .select({ id: t.id })
    .from(t)
    .where(visibleRows(model, request, id));
  if (!row && scopeOf(request) === "own") throw notFound();
  const history = await listChangeLogs(app.db, model, getAuth(request).tenantId, id, page, limit);
  if (!row && history.total === 0) throw notFound();
  return history;
}
