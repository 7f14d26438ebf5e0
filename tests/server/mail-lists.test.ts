import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, api, type Saved, unique } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// A mailing list's intake (issue 22): a CSV streamed in, its columns mapped and saved as Map rows,
// every record checked (required fields, state code, ZIP or ZIP+4), suppressed against a second
// list and deduplicated by individual, household or address, the counts on the List, the result
// exported. Expected outcomes are worked out by hand from the rows below (row 1 = the header).

const CSV = [
  "FNAME,LNAME,ADDR1,CITY,ST,ZIP",
  "Ann,Lee,1 Main St,Springfield,IL,62701", //        2 valid
  "Bob,Lee,1 Main St.,Springfield,il,62701-1234", //  3 household/address duplicate of 2; individual valid
  "Cy,Ray,2 Oak Ave,Springfield,XX,62701", //         4 invalid state
  "Di,Ray,3 Elm St,Springfield,IL,627", //            5 invalid ZIP
  "Ed,Fox,,Springfield,IL,62702", //                  6 missing Address 1
  "ann,LEE,1 main st,springfield,IL,62701", //        7 duplicate of 2 by every rule
  '"Gus","Kim","9 Pine Rd, Apt 4",Springfield,IL,627011234', // 8 valid (ZIP+4 without its hyphen)
].join("\r\n");

const FIELDS = {
  first_name: "FNAME",
  last_name: "LNAME",
  street1: "ADDR1",
  city: "CITY",
  state: "ST",
  postal_code: "ZIP",
};

describeEachStore("mailing list intake (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  let a: Api;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    token = await signIn(t.app, "admin@pressroom.test");
    a = api(t.app, token);
  });
  afterAll(() => t?.dispose());

  const upload = (id: number, version: number, csv: string, who = token) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/lists/${id}/upload?version=${version}`,
      headers: { ...bearer(who), "content-type": "text/csv" },
      payload: csv,
    });
  const newList = () => a.create("lists", { name: unique("Intake "), source: "uploaded" });
  const intake = async (id: number) => (await a.call("GET", `lists/${id}/intake`)).json().data;
  const map = (id: number, version: number, fields: Record<string, string>, name = "Intake test") =>
    a.call("POST", `lists/${id}/mapping`, { version, name, fields });
  const proc = (id: number, version: number, dedupe_rule: string, suppress_list_id?: number) =>
    a.call("POST", `lists/${id}/process`, { version, dedupe_rule, suppress_list_id });

  /** A list uploaded and mapped, ready to process. */
  async function mapped(csv = CSV): Promise<Saved> {
    const list = await newList();
    const up = await upload(list.id, list.version, csv);
    expect(up.statusCode, up.body).toBe(200);
    const res = await map(list.id, up.json().data.version, FIELDS);
    expect(res.statusCode, res.body).toBe(200);
    return { ...list, version: res.json().data.version };
  }

  it("uploads, maps into Map rows and reads the file's header back", async () => {
    const list = await newList();
    const up = await upload(list.id, list.version, CSV);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({
      rows: 7,
      columns: ["FNAME", "LNAME", "ADDR1", "CITY", "ST", "ZIP"],
      status: "uploaded",
    });
    const res = await map(list.id, up.json().data.version, FIELDS, "Spring mailer");
    expect(res.statusCode, res.body).toBe(200);
    const stored = await a.get("lists", list.id);
    expect(stored).toMatchObject({ status: "mapped", record_count: 7 });
    const mapRow = await a.get("maps", stored.map_id as number);
    expect(mapRow).toMatchObject({
      name: "Spring mailer: first name",
      kind: "list_field",
      source_key: "FNAME",
      target_key: "first_name",
    });
    const data = await intake(list.id);
    expect(data.header).toEqual(["FNAME", "LNAME", "ADDR1", "CITY", "ST", "ZIP"]);
    expect(data.mapping.name).toBe("Spring mailer");
    expect(data.mapping.fields.postal_code).toMatchObject({ column: "ZIP" });
    expect(data.maps).toContain("Spring mailer");
  });

  it("validates and dedupes by each rule, counting what it removed", async () => {
    const list = await mapped();
    let version = list.version;
    for (const [rule, counts] of [
      ["household", { valid: 2, invalid: 3, duplicate: 2, suppressed: 0 }],
      ["individual", { valid: 3, invalid: 3, duplicate: 1, suppressed: 0 }],
      ["address", { valid: 2, invalid: 3, duplicate: 2, suppressed: 0 }],
    ] as const) {
      const res = await proc(list.id, version, rule);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.counts, rule).toEqual({ records: 7, ...counts });
      version = res.json().data.version;
      expect(await a.get("lists", list.id)).toMatchObject({
        status: "processed",
        dedupe_rule: rule,
        record_count: 7,
        valid_count: counts.valid,
        undeliverable_count: 3,
        duplicate_count: counts.duplicate,
      });
    }
  });

  it("says why each refused record was refused and exports the valid ones", async () => {
    const list = await mapped();
    expect((await proc(list.id, list.version, "household")).statusCode).toBe(200);
    const reasons = Object.fromEntries(
      (await intake(list.id)).sample.map((r: { row: number; reason: string }) => [r.row, r.reason]),
    );
    expect(reasons).toMatchObject({
      3: "Same household as row 2",
      4: 'State "XX" is not a USPS state code',
      5: 'ZIP "627" is neither a ZIP (12345) nor a ZIP+4 (12345-6789)',
      6: "Address 1 is missing",
      7: "Same household as row 2",
    });
    const res = await a.call("GET", `lists/${list.id}/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.body.split("\r\n")).toEqual([
      "First name,Last name,Company,Address 1,Address 2,City,State,ZIP,Salutation,Row,Outcome,Reason",
      "Ann,Lee,,1 MAIN ST,,SPRINGFIELD,IL,62701,,2,valid,",
      'Gus,Kim,,"9 PINE RD, APT 4",,SPRINGFIELD,IL,62701-1234,,8,valid,',
      "",
    ]);
  });

  it("suppresses the records a second list holds", async () => {
    const other = await mapped(
      "FNAME,LNAME,ADDR1,CITY,ST,ZIP\r\nGus,Kim,9 Pine Rd Apt 4,Springfield,IL,62701\r\n",
    );
    expect((await proc(other.id, other.version, "household")).statusCode).toBe(200);
    const list = await mapped();
    const res = await proc(list.id, list.version, "household", other.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.counts).toEqual({ records: 7, valid: 1, invalid: 3, duplicate: 2, suppressed: 1 });
  });

  describe("refusals change nothing", () => {
    it("asks for the required columns and refuses columns the file lacks", async () => {
      const list = await newList();
      const up = await upload(list.id, list.version, CSV);
      const res = await map(list.id, up.json().data.version, { ...FIELDS, city: "TOWN", state: "" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "fields.city", message: 'The file has no column "TOWN"' },
        { field: "fields.state", message: "Choose the column that holds State" },
      ]);
      expect(await a.get("lists", list.id)).toMatchObject({ status: "uploaded", map_id: null });
    });

    it("will not process an unmapped list, nor write over a newer version", async () => {
      const list = await newList();
      const up = await upload(list.id, list.version, CSV);
      const early = await proc(list.id, up.json().data.version, "household");
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(/is uploaded: map its columns first$/);
      const stale = await upload(list.id, list.version, CSV);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/changed by someone else/);
    });

    it("refuses a file with no address, a malformed CSV and a body that is not a CSV", async () => {
      const list = await newList();
      const empty = await upload(list.id, list.version, "FNAME,ZIP\r\n");
      expect(empty.json().errors).toEqual([
        { field: "file", message: "The file needs a header row and at least one address" },
      ]);
      const broken = await upload(list.id, list.version, 'A,B\r\n1,"2\r\n');
      expect(broken.statusCode).toBe(400);
      expect(broken.json().errors[0].message).toBe("Row 2: A quoted cell is never closed");
      const json = await t.app.inject({
        method: "POST",
        url: `/api/v1/lists/${list.id}/upload?version=${list.version}`,
        headers: { ...bearer(token), "content-type": "application/json" },
        payload: { rows: [] },
      });
      expect(json.statusCode).toBe(415);
      expect((await a.get("lists", list.id)).record_count).toBe(0);
    });

    it("keeps another tenant's and an unpermitted user's hands off", async () => {
      const list = await newList();
      const other = await signIn(t.app, "admin@other.test", 2);
      expect((await upload(list.id, list.version, CSV, other)).statusCode).toBe(404);
      const press = await signIn(t.app, "press@pressroom.test");
      expect((await upload(list.id, list.version, CSV, press)).statusCode).toBe(403);
    });
  });

  it("deletes a deleted list's rows", async () => {
    const list = await mapped();
    const res = await a.call("DELETE", `lists/${list.id}`);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const left = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM list_records WHERE list_id = ${list.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
