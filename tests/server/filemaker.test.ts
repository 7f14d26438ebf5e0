import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// The FileMaker pages' server (issue 22): lists with search, sort and paging, CSV export and the
// Heartland figures, from the seeded demo tables by default and through FileMaker's Data API when
// configured (a local server below answers the Data API's documented requests: sessions, records,
// _find, logout). Expected rows and counts are read off server/db/seed-filemaker.ts by hand.

const get = (app: FastifyInstance, url: string, token?: string) =>
  app.inject({ method: "GET", url: `/api/v1/${url}`, headers: token ? bearer(token) : {} });

// --- a FileMaker Data API of our own, as Claris documents it -------------------------------------

const FM_USER = "web-reader";
const FM_PASSWORD = "s3cret pass";
const DB_PATH = "/fmi/data/vLatest/databases/Shop%20Records";

/** The Dental Offices layout's records: fieldData as FileMaker answers it (dates MM/DD/YYYY, "" for empty). */
const FM_RECORDS = [
  {
    practice_name: "Lakeview Dental",
    dentist: "Dr. Ada Stone",
    city: "Duluth",
    state: "MN",
    chairs: 6,
    last_mailed: "03/14/2026",
  },
  {
    practice_name: "Aspen Family Dental",
    dentist: "Dr. Ben Ortiz",
    city: "Fargo",
    state: "ND",
    chairs: 4,
    last_mailed: "",
  },
  {
    practice_name: "Harbor Smiles",
    dentist: "Dr. Cai Lin",
    city: "Duluth",
    state: "MN",
    chairs: 9,
    last_mailed: "11/02/2026",
  },
].map((fieldData, i) => ({ recordId: String(101 + i), modId: "3", fieldData, portalData: {} }));

interface FmLog {
  method: string;
  path: string;
  auth: string;
  body?: unknown;
}

function fmAnswer(res: import("node:http").ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const OK = [{ code: "0", message: "OK" }];

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

function sortRecords(records: typeof FM_RECORDS, sort: { fieldName: string; sortOrder: string }[]) {
  const [rule] = sort;
  if (!rule) return records;
  const sign = rule.sortOrder === "descend" ? -1 : 1;
  return [...records].sort((a, b) => {
    const x = a.fieldData[rule.fieldName as "city"];
    const y = b.fieldData[rule.fieldName as "city"];
    return (
      sign *
      (typeof x === "number" ? (x as number) - (y as unknown as number) : String(x).localeCompare(String(y)))
    );
  });
}

/**
 * `account.password`: what the server accepts (a test changes it, as an administrator revoking access would);
 * `account.expire`: how many of the next data requests find their token expired (952, the token forgotten).
 */
function fileMakerServer(log: FmLog[], account: { password: string; expire?: number }): Server {
  const tokens = new Set<string>();
  let next = 1;
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fm.test");
    const body = await readJson(req);
    const auth = req.headers.authorization ?? "";
    log.push({ method: req.method ?? "", path: url.pathname + url.search, auth, body });
    if (!url.pathname.startsWith(DB_PATH))
      return fmAnswer(res, 404, { messages: [{ code: "404", message: "Not found" }] });
    const rest = url.pathname.slice(DB_PATH.length);
    if (req.method === "POST" && rest === "/sessions") {
      const expected = `Basic ${Buffer.from(`${FM_USER}:${account.password}`).toString("base64")}`;
      if (auth !== expected) {
        return fmAnswer(res, 401, {
          response: {},
          messages: [{ code: "212", message: "Invalid user account and/or password; please try again" }],
        });
      }
      const token = `tok-${next++}`;
      tokens.add(token);
      return fmAnswer(res, 200, { response: { token }, messages: OK }, { "X-FM-Data-Access-Token": token });
    }
    const token = auth.replace(/^Bearer /, "");
    if (account.expire && req.method !== "DELETE") {
      account.expire -= 1;
      tokens.delete(token);
    }
    if (!tokens.has(token)) {
      return fmAnswer(res, 401, {
        response: {},
        messages: [{ code: "952", message: "Invalid FileMaker Data API token (*)" }],
      });
    }
    if (req.method === "DELETE" && rest === `/sessions/${token}`) {
      tokens.delete(token);
      return fmAnswer(res, 200, { response: {}, messages: OK });
    }
    if (rest !== "/layouts/Dental%20Offices/records" && rest !== "/layouts/Dental%20Offices/_find") {
      return fmAnswer(res, 500, { response: {}, messages: [{ code: "105", message: "Layout is missing" }] });
    }
    let found = FM_RECORDS;
    let offset: number;
    let limit: number;
    let sort: { fieldName: string; sortOrder: string }[];
    if (req.method === "GET") {
      offset = Number(url.searchParams.get("_offset") ?? 1);
      limit = Number(url.searchParams.get("_limit") ?? 100);
      sort = JSON.parse(url.searchParams.get("_sort") ?? "[]");
    } else {
      const find = body as {
        query: Record<string, string>[];
        sort?: typeof sort;
        offset?: string;
        limit?: string;
      };
      // A request's criteria "*text*": the field contains the text (FileMaker's * wildcard); a request's
      // criteria are ANDed, the requests ORed.
      found = FM_RECORDS.filter((r) =>
        find.query.some((request) =>
          Object.entries(request).every(([field, criterion]) => {
            const value = String(r.fieldData[field as "city"] ?? "").toLowerCase();
            const plain = (text: string) => text.replace(/\\(.)/g, "$1").toLowerCase();
            // "==text": the whole field is the text.
            if (criterion.startsWith("==")) return value === plain(criterion.slice(2));
            return value.includes(plain(criterion.replace(/^\*|\*$/g, "")));
          }),
        ),
      );
      if (found.length === 0) {
        return fmAnswer(res, 500, {
          response: {},
          messages: [{ code: "401", message: "No records match the request" }],
        });
      }
      offset = Number(find.offset ?? 1);
      limit = Number(find.limit ?? 100);
      sort = find.sort ?? [];
    }
    const page = sortRecords(found, sort).slice(offset - 1, offset - 1 + limit);
    return fmAnswer(res, 200, {
      response: {
        dataInfo: {
          database: "Shop Records",
          layout: "Dental Offices",
          table: "Dental",
          totalRecordCount: FM_RECORDS.length,
          foundCount: found.length,
          returnedCount: page.length,
        },
        data: page,
      },
      messages: OK,
    });
  });
}

// --- the tests -------------------------------------------------------------------------------------

describeEachStore("FileMaker pages (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let press: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    [admin, press, other] = await Promise.all([
      signIn(t.app, "admin@pressroom.test"),
      signIn(t.app, "press@pressroom.test"),
      signIn(t.app, "admin@other.test", 2),
    ]);
  });
  afterAll(() => t?.dispose());

  it.each([
    // page, query, who, total, the first rows' key field
    [
      "dental-offices",
      "",
      "admin",
      36,
      ["Bright Smile Dental of Des Moines", "Bright Smile Dental of Knoxville"],
    ],
    [
      "dental-offices",
      "q=SPRINGFIELD",
      "admin",
      3,
      ["Nguyen Family Dentistry", "Riverside Dental Care of Springfield"],
    ],
    [
      "dental-offices",
      "q=orthodontics&sort=chairs&order=desc",
      "press",
      6,
      ["Chen Orthodontics", "Yoder Orthodontics"],
    ],
    [
      "dental-offices",
      "sort=practice_name&order=desc&pageSize=2&page=1",
      "admin",
      36,
      ["Yoder Orthodontics", "Weber Orthodontics"],
    ],
    ["dental-offices", "", "other", 8, ["Boise Pediatric Dentistry", "Bright Smile Dental of Salem"]],
    ["dental-offices", "q=Tacoma", "admin", 0, []],
    ["dental-offices", "q=Springfield", "other", 0, []],
    ["heartland-dashboard", "", "admin", 48, ["HD26-0027", "HD26-0045"]],
    ["heartland-dashboard", "q=on%20hold", "admin", 1, ["HD26-0045"]],
    ["heartland-dashboard", "f.state=WI&f.status=Mailed", "admin", 4, ["HD26-0013", "HD26-0038"]],
    ["heartland-dashboard", "q=naperville&f.state=IL", "admin", 2, ["HD26-0027", "HD26-0003"]],
    ["heartland-dashboard", "f.state=Wi", "admin", 0, []],
    ["post-offices", "", "admin", 30, ["Carmel Main Post Office", "Cedar Rapids Main Post Office"]],
    ["post-offices", "q=bmeu&sort=city", "admin", 6, ["Champaign BMEU", "Columbus BMEU"]],
    ["post-offices", "q=100%25", "admin", 0, []],
  ] as const)("GET filemaker/%s?%s as %s: %i found", async (page, query, who, total, first) => {
    const token = { admin, press, other }[who];
    const res = await get(t.app, `filemaker/${page}?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.source).toBe("the demo tables");
    expect(data.total).toBe(total);
    const key = {
      "dental-offices": "practice_name",
      "heartland-dashboard": "job_number",
      "post-offices": "name",
    }[page];
    expect(data.rows.slice(0, 2).map((r: Record<string, unknown>) => r[key])).toEqual(first);
  });

  it("pages through the records and answers each with its fields", async () => {
    const pages = await Promise.all(
      [1, 2, 4].map(
        async (page) =>
          (await get(t.app, `filemaker/post-offices?pageSize=8&page=${page}`, admin)).json().data,
      ),
    );
    expect(pages.map((p) => p.rows.length)).toEqual([8, 8, 6]);
    expect(pages[0]).toMatchObject({ page: 1, pageSize: 8, total: 30 });
    const ids = new Set(pages.flatMap((p) => p.rows.map((r: { recordId: string }) => r.recordId)));
    expect(ids.size).toBe(22);
    expect(pages[0].rows[0]).toMatchObject({
      name: "Carmel Main Post Office",
      facility_type: "Post Office",
      city: "Carmel",
      state: "IN",
      zip: "46032",
      accepts_eddm: "Yes",
    });
    const chairs = (await get(t.app, "filemaker/dental-offices?q=Yoder", admin)).json().data.rows[0];
    expect(chairs).toMatchObject({
      practice_name: "Yoder Orthodontics",
      chairs: 13,
      last_mailed: null,
      state: "IL",
    });
  });

  it.each([
    ["filemaker/dental-offices?sort=password", 400, "Sort by one of practice_name"],
    ["filemaker/dental-offices?order=sideways", 400, "order is asc or desc"],
    ["filemaker/dental-offices?pageSize=500", 400, "pageSize"],
    ["filemaker/dental-offices?page=0", 400, "page"],
    ["filemaker/dental-offices?f.password=x", 400, "Filter by one of f.practice_name"],
    ["filemaker/payroll", 404, "Not found"],
    ["filemaker/payroll/export.csv", 404, "Not found"],
  ])("GET %s → %i", async (url, status, words) => {
    const res = await get(t.app, url, admin);
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(words);
  });

  it.each([
    "filemaker/dental-offices",
    "filemaker/post-offices/export.csv",
    "filemaker/heartland-dashboard/figures",
  ])("GET %s without a session → 401", async (url) => {
    expect((await get(t.app, url)).statusCode).toBe(401);
  });

  it("exports what the search found as CSV, labels first, formulas defused", async () => {
    const res = await get(t.app, "filemaker/post-offices/export.csv?q=Springfield&sort=zip", admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="post-offices.csv"');
    expect(res.body.split("\r\n")).toEqual([
      "\uFEFFName,Type,Street,City,State,ZIP,Phone,Dock hours,EDDM retail",
      expect.stringMatching(
        /^Springfield Main Post Office \(IL\),Post Office,\d+ Main St,Springfield,IL,62701,\(217\) 555-\d{4},07:00-17:00,Yes$/,
      ),
      expect.stringMatching(
        /^Springfield BMEU \(MO\),Business Mail Entry Unit,[^,]+,Springfield,MO,65806,\(417\) 555-\d{4},08:00-20:00,No$/,
      ),
      "",
    ]);
    const other2 = await get(t.app, "filemaker/dental-offices/export.csv", other);
    expect(other2.body.trim().split("\r\n")).toHaveLength(9);
    expect(other2.body).not.toContain("Springfield");
  });

  it("counts the Heartland jobs by state and status, each tenant its own", async () => {
    const res = await get(t.app, "filemaker/heartland-dashboard/figures", admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      source: "the demo tables",
      total: 48,
      pieces: 437_500,
      byState: [
        { state: "IL", count: 10 },
        { state: "IN", count: 6 },
        { state: "MO", count: 6 },
        { state: "OH", count: 6 },
        { state: "WI", count: 6 },
        { state: "IA", count: 4 },
        { state: "MI", count: 4 },
        { state: "NE", count: 4 },
        { state: "KY", count: 2 },
      ],
      byStatus: [
        { status: "Artwork", count: 2 },
        { status: "Proof sent", count: 8 },
        { status: "Approved", count: 7 },
        { status: "Printing", count: 6 },
        { status: "Mailed", count: 24 },
        { status: "On hold", count: 1 },
      ],
    });
    const theirs = (await get(t.app, "filemaker/heartland-dashboard/figures", other)).json().data;
    expect(theirs.total).toBe(8);
    expect(theirs.byState).toEqual([
      { state: "WA", count: 4 },
      { state: "OR", count: 3 },
      { state: "ID", count: 1 },
    ]);
  });

  it("reads through FileMaker's Data API when configured, for its tenant only", async () => {
    const log: FmLog[] = [];
    const account: { password: string; expire?: number } = { password: FM_PASSWORD };
    const fm = fileMakerServer(log, account);
    await new Promise<void>((resolve) => fm.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(fm.address() as AddressInfo).port}`;
    const filemaker = {
      url: origin,
      database: "Shop Records",
      user: FM_USER,
      password: FM_PASSWORD,
      tenantId: 1,
    };
    const app = buildApp({ database: t.database, config: { filemaker } });
    try {
      await app.ready();
      // A page: login (Basic), GET records with FileMaker's 1-based offset and its sort, logout.
      const list = await get(app, "filemaker/dental-offices?pageSize=2&page=1&sort=chairs&order=desc", admin);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data).toEqual({
        source: "FileMaker",
        total: 3,
        page: 1,
        pageSize: 2,
        rows: [
          expect.objectContaining({
            recordId: "103",
            practice_name: "Harbor Smiles",
            chairs: 9,
            last_mailed: "2026-11-02",
          }),
          expect.objectContaining({
            recordId: "101",
            practice_name: "Lakeview Dental",
            last_mailed: "2026-03-14",
            specialty: null,
          }),
        ],
      });
      const basic = `Basic ${Buffer.from(`${FM_USER}:${FM_PASSWORD}`).toString("base64")}`;
      expect(log.map((l) => [l.method, l.path, l.auth])).toEqual([
        ["POST", `${DB_PATH}/sessions`, basic],
        [
          "GET",
          `${DB_PATH}/layouts/Dental%20Offices/records?${new URLSearchParams({
            _offset: "1",
            _limit: "2",
            _sort: JSON.stringify([{ fieldName: "chairs", sortOrder: "descend" }]),
          })}`,
          "Bearer tok-1",
        ],
        ["DELETE", `${DB_PATH}/sessions/tok-1`, "Bearer tok-1"],
      ]);

      // A search: a _find with one request per searchable field (ORed), operators escaped.
      log.length = 0;
      const found = await get(app, "filemaker/dental-offices?q=duluth&page=2&pageSize=1", admin);
      expect(found.json().data).toMatchObject({ total: 2, rows: [{ practice_name: "Lakeview Dental" }] });
      expect(log[1].body).toEqual({
        query: ["practice_name", "dentist", "specialty", "city", "state", "zip"].map((f) => ({
          [f]: "*duluth*",
        })),
        sort: [{ fieldName: "practice_name", sortOrder: "ascend" }],
        offset: "2",
        limit: "1",
      });
      expect(log.at(-1)?.method).toBe("DELETE");
      // Exact values: "==" in every request (ANDed with the search), or one request alone.
      log.length = 0;
      const exact = await get(app, "filemaker/dental-offices?f.state=MN&q=harbor", admin);
      expect(exact.json().data).toMatchObject({ total: 1, rows: [{ practice_name: "Harbor Smiles" }] });
      expect((log[1].body as { query: unknown[] }).query[0]).toEqual({
        practice_name: "*harbor*",
        state: "==MN",
      });
      log.length = 0;
      const state = await get(app, "filemaker/dental-offices?f.state=MN", admin);
      expect(state.json().data.total).toBe(2);
      expect((log[1].body as { query: unknown[] }).query).toEqual([{ state: "==MN" }]);
      log.length = 0;
      await get(app, `filemaker/dental-offices?q=${encodeURIComponent('a*b="c"')}`, admin);
      expect((log[1].body as { query: Record<string, string>[] }).query[0]).toEqual({
        practice_name: '*a\\*b\\=\\"c\\"*',
      });
      // FileMaker's "No records match the request" (code 401) is an empty list.
      const none = await get(app, "filemaker/dental-offices?q=Reno", admin);
      expect(none.statusCode).toBe(200);
      expect(none.json().data).toMatchObject({ source: "FileMaker", total: 0, rows: [] });

      // The export reads every page through one session.
      const csv = await get(app, "filemaker/dental-offices/export.csv?sort=city", admin);
      expect(
        csv.body
          .split("\r\n")
          .slice(1, 4)
          .map((line) => line.split(",")[0]),
      ).toEqual(["Lakeview Dental", "Harbor Smiles", "Aspen Family Dental"]);

      // The other tenant still reads its own demo tables.
      const theirs = await get(app, "filemaker/dental-offices", other);
      expect(theirs.json().data).toMatchObject({ source: "the demo tables", total: 8 });

      // An expired token (952): one new login, the request sent again, the new session closed.
      log.length = 0;
      account.expire = 1;
      const renewed = await get(app, "filemaker/dental-offices?pageSize=1", admin);
      expect(renewed.statusCode, renewed.body).toBe(200);
      expect(renewed.json().data).toMatchObject({ source: "FileMaker", total: 3 });
      const fresh = log[3]?.auth.replace(/^Bearer /, "");
      expect(log.map((l) => `${l.method} ${l.path.replace(DB_PATH, "").split("?")[0]}`)).toEqual([
        "POST /sessions",
        "GET /layouts/Dental%20Offices/records",
        "POST /sessions",
        "GET /layouts/Dental%20Offices/records",
        `DELETE /sessions/${fresh}`,
      ]);
      expect(log[1].auth).not.toBe(log[3].auth);
      // Refused again after the new login: said plainly, no third login.
      log.length = 0;
      account.expire = 2;
      const twice = await get(app, "filemaker/dental-offices", admin);
      expect(twice.statusCode).toBe(502);
      expect(twice.json().message).toBe(
        "FileMaker refused the session token again after a new login: Invalid FileMaker Data API token (*) (code 952)",
      );
      expect(log.filter((l) => l.path.endsWith("/sessions") && l.method === "POST")).toHaveLength(2);

      // Refusals reach the page as FileMaker's reason; nothing looks like an empty list.
      const missing = await get(app, "filemaker/post-offices", admin);
      expect(missing.statusCode).toBe(502);
      expect(missing.json().message).toContain("Layout is missing (code 105)");
      account.password = "changed by the FileMaker administrator";
      const refused = await get(app, "filemaker/dental-offices", admin);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe(
        "FileMaker refused the request: Invalid user account and/or password; please try again (code 212)",
      );
      // A server that is not there: said so.
      fm.closeAllConnections();
      await new Promise((resolve) => fm.close(resolve));
      const gone = await get(app, "filemaker/heartland-dashboard/figures", admin);
      expect(gone.statusCode).toBe(502);
      expect(gone.json().message).toBe(`FileMaker Server at ${origin} is not reachable`);
    } finally {
      await app.close();
      if (fm.listening) {
        fm.closeAllConnections();
        fm.close();
      }
    }
  });
});
