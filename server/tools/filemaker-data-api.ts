import type { FileMakerField, FileMakerRow } from "../../src/custom/tools/filemaker-layouts";
import type { FileMakerConfig } from "../config";
import type { FindRequest, FindResult, RecordSource } from "./filemaker-source";

// The FileMaker pages' records through Claris's FileMaker Data API (documented requests only):
//   POST   /fmi/data/vLatest/databases/{db}/sessions            Basic auth → response.token
//   GET    …/layouts/{layout}/records?_offset&_limit&_sort       a page of every record
//   POST   …/layouts/{layout}/_find { query, sort, offset, limit } a page of the found set
//   DELETE …/sessions/{token}                                    logout
// One session per read (opened, used for every page it needs, closed), so no token outlives a request.
// Every answer carries messages[0].code: "0" is OK, "401" is FileMaker's "No records match the
// request" (an empty found set, not an error); anything else becomes a FileMakerError with its text.
// A token FileMaker no longer takes (HTTP 401 with code 952: it expired after 15 idle minutes, or the
// server restarted) is renewed once by logging in again and the request sent again; a second refusal
// is reported as it is.

const TIMEOUT_MS = 15_000;
/** The Data API's largest page is not documented as bounded; reads here go 1,000 at a time. */
const PAGE = 1_000;

export class FileMakerError extends Error {}

/** FileMaker refused the session token (code 952, "Invalid FileMaker Data API token"). */
class ExpiredToken extends FileMakerError {
  constructor(readonly detail: string) {
    super(`FileMaker refused the session token: ${detail} (code 952)`);
  }
}

interface Answer {
  response?: {
    token?: string;
    dataInfo?: { foundCount?: number; totalRecordCount?: number; returnedCount?: number };
    data?: { recordId: string; fieldData: Record<string, unknown> }[];
  };
  messages?: { code: string; message: string }[];
}

/** A FileMaker find request's text matches as typed: its operators (= ! < > … * @ # ? " ~ \) escaped. */
export function findText(term: string): string {
  return term.replace(/[=!<>≤≥…*@#?"~\\/]/g, (c) => `\\${c}`);
}

/** FileMaker's date (MM/DD/YYYY) as ISO; numbers as numbers; empty as null. */
function value(field: FileMakerField, raw: unknown): string | number | null {
  if (raw === undefined || raw === null || raw === "") return null;
  if (field.type === "number") {
    const n = typeof raw === "number" ? raw : Number(raw);
    return Number.isFinite(n) ? n : null;
  }
  const text = String(raw);
  if (field.type === "date") {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    return m ? `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}` : text;
  }
  return text;
}

/** A request of the open session (its token added). */
type Send = (method: string, path: string, body?: unknown) => Promise<Answer>;

export function fileMakerSource(config: FileMakerConfig): RecordSource {
  const base = `${config.url}/fmi/data/vLatest/databases/${encodeURIComponent(config.database)}`;

  async function call(method: string, path: string, auth: string, body?: unknown): Promise<Answer> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: auth,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const why =
        error instanceof Error && error.name === "TimeoutError"
          ? "did not answer in time"
          : "is not reachable";
      throw new FileMakerError(`FileMaker Server at ${config.url} ${why}`);
    }
    let answer: Answer;
    try {
      answer = (await res.json()) as Answer;
    } catch {
      throw new FileMakerError(`FileMaker Server answered ${res.status} without the Data API's JSON`);
    }
    const first = answer.messages?.[0];
    if (first?.code === "952") {
      throw new ExpiredToken(first.message);
    }
    if (first?.code === "401") return { response: { dataInfo: { foundCount: 0 }, data: [] } };
    if (!res.ok || (first && first.code !== "0")) {
      throw new FileMakerError(
        `FileMaker refused the request: ${first?.message ?? res.statusText} (code ${first?.code ?? res.status})`,
      );
    }
    return answer;
  }

  async function login(): Promise<string> {
    const basic = Buffer.from(`${config.user}:${config.password}`).toString("base64");
    const answer = await call("POST", "/sessions", `Basic ${basic}`, {});
    const token = answer.response?.token;
    if (!token) throw new FileMakerError("FileMaker gave no session token");
    return token;
  }

  /** Runs `work` with a session's requests: a refused token is renewed once, then the request sent again. */
  async function withSession<T>(work: (send: Send) => Promise<T>): Promise<T> {
    let token = await login();
    let renewed = false;
    const send: Send = async (method, path, body) => {
      try {
        return await call(method, path, `Bearer ${token}`, body);
      } catch (error) {
        if (!(error instanceof ExpiredToken)) throw error;
        if (renewed) {
          throw new FileMakerError(
            `FileMaker refused the session token again after a new login: ${error.detail} (code 952)`,
          );
        }
        renewed = true;
        token = await login();
        return send(method, path, body);
      }
    };
    try {
      return await work(send);
    } finally {
      // A failed logout leaves a session FileMaker ends itself after 15 idle minutes.
      await call("DELETE", `/sessions/${encodeURIComponent(token)}`, `Bearer ${token}`).catch(
        () => undefined,
      );
    }
  }

  async function page(send: Send, request: FindRequest, offset: number, limit: number): Promise<FindResult> {
    const { layout, fields, search, sort, filters = {} } = request;
    const at = `/layouts/${encodeURIComponent(layout)}`;
    const sortRule = [{ fieldName: sort.field, sortOrder: sort.desc ? "descend" : "ascend" }];
    const term = search?.trim();
    // "==": the field's whole value (FileMaker's exact-match operator).
    const exact = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, `==${findText(v)}`]));
    // One request per searchable field: FileMaker joins a find's requests with OR, a request's fields with AND.
    // A field both searched and filtered matches the search exactly when its filter value holds the term.
    const query = term
      ? fields
          .filter((f) => f.searchable)
          .flatMap((f) =>
            f.key in filters
              ? filters[f.key].toLowerCase().includes(term.toLowerCase())
                ? [exact]
                : []
              : [{ [f.key]: `*${findText(term)}*`, ...exact }],
          )
      : [exact];
    if (query.length === 0) return { rows: [], total: 0 };
    // FileMaker numbers from 1.
    const answer =
      term || Object.keys(exact).length > 0
        ? await send("POST", `${at}/_find`, {
            query,
            sort: sortRule,
            offset: String(offset + 1),
            limit: String(limit),
          })
        : await send(
            "GET",
            `${at}/records?${new URLSearchParams({
              _offset: String(offset + 1),
              _limit: String(limit),
              _sort: JSON.stringify(sortRule),
            })}`,
          );
    const data = answer.response?.data ?? [];
    const rows: FileMakerRow[] = data.map((record) => {
      const row: FileMakerRow = { recordId: String(record.recordId) };
      for (const field of fields) row[field.key] = value(field, record.fieldData?.[field.key]);
      return row;
    });
    return { rows, total: answer.response?.dataInfo?.foundCount ?? rows.length };
  }

  return {
    name: "FileMaker",
    find: (_tenantId, request) => withSession((send) => page(send, request, request.offset, request.limit)),
    async all(_tenantId, request, max) {
      return withSession(async (send) => {
        const rows: FileMakerRow[] = [];
        for (;;) {
          const got = await page(send, request, rows.length, Math.min(PAGE, max - rows.length));
          rows.push(...got.rows);
          if (got.rows.length === 0 || rows.length >= got.total || rows.length >= max) return rows;
        }
      });
    },
  };
}
