import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dueAfterApproval } from "../../server/orders/proof-due";
import { loadRegistry } from "../../server/resources/model";
import { readSettings } from "../../server/settings/tenant-settings";
import { type Api, demoStaff, type Json, makeOrder } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp, tempDir } from "./helpers";

// Issue 21, /settings: the tenant's settings read by anyone signed in, written by product admins
// with a version (409 naming who saved since), each field's validation sentence, the change log,
// tenant isolation, and where they are used: due dates skip the shop's holidays and closed days,
// new order numbers follow the format.

type Settings = Json & { version: number; holidays: { date: string; name: string }[] };

describeEachStore("tenant settings (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let csr: Api;
  let other: Api;

  beforeAll(async () => {
    t = await createTestApp(dbKind, { config: { filesDir: tempDir("settings-files") } });
    await t.app.ready();
    ({ admin, csr, other } = await demoStaff(t.app));
  });
  afterAll(() => t?.dispose());

  const read = async (who: Api) => {
    const res = await who.call("GET", "tenant/settings");
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Settings;
  };
  /** The settings as read, without what the server keeps to itself, for a PUT. */
  const editable = (s: Settings): Json => {
    const { tenant_id, logo, updated_at, updated_by, ...rest } = s;
    return rest;
  };
  const put = async (who: Api, change: Json, from?: Settings) =>
    who.call("PUT", "tenant/settings", { ...editable(from ?? (await read(who))), ...change });

  it("reads the demo shop's seeded settings, to every signed-in user", async () => {
    const seeded = await read(csr);
    expect(seeded).toMatchObject({
      tenant_id: 1,
      company_name: "Pressroom Demo Print",
      time_zone: "America/Chicago",
      tax_rate: 10.25,
      order_number_format: "ORD-{n}",
      default_agent_id: 30,
      payment_terms: "net_30",
      billing_address: { line1: "2450 W Fulton St", city: "Chicago", state: "IL", postal_code: "60612" },
    });
    expect(seeded.business_hours).toEqual({
      mon: { open: "08:00", close: "17:00" },
      tue: { open: "08:00", close: "17:00" },
      wed: { open: "08:00", close: "17:00" },
      thu: { open: "08:00", close: "17:00" },
      fri: { open: "08:00", close: "17:00" },
      sat: null,
      sun: null,
    });
    expect(seeded.holidays).toContainEqual({ date: "2026-11-26", name: "Thanksgiving Day" });
    expect(seeded.holidays).toContainEqual({ date: "2027-12-24", name: "Christmas Day" });
    // 11 a year, and 2028's New Year's Day observed on Friday 2027-12-31.
    expect(seeded.holidays).toHaveLength(23);
  });

  it("refuses a write, and the change log, to users who are not product admins", async () => {
    const res = await put(csr, { tax_rate: 5 });
    expect(res.statusCode).toBe(403);
    expect((await csr.call("GET", "tenant/settings/changes")).statusCode).toBe(403);
    expect((await read(admin)).tax_rate).toBe(10.25);
  });

  describe("validation: a 400 with the field's sentence, and nothing saved", () => {
    const week = (day: Json | null) => ({
      mon: day,
      tue: null,
      wed: null,
      thu: null,
      fri: null,
      sat: null,
      sun: null,
    });
    const address = { line1: "1 Main St", city: "Springfield", state: "IL", postal_code: "62701" };
    it.each<[string, Json, string, string]>([
      ["an empty company name", { company_name: "  " }, "company_name", "Enter the company name"],
      ["a long company name", { company_name: "x".repeat(201) }, "company_name", "At most 200 characters"],
      [
        "an unknown time zone",
        { time_zone: "Mars/Olympus" },
        "time_zone",
        "Choose a time zone from the list, such as America/Chicago",
      ],
      ["a tax rate above 30", { tax_rate: 30.5 }, "tax_rate", "Enter a tax rate from 0 to 30 %"],
      ["a negative tax rate", { tax_rate: -1 }, "tax_rate", "Enter a tax rate from 0 to 30 %"],
      ["four decimals of tax", { tax_rate: 8.1234 }, "tax_rate", "Use at most 3 decimals"],
      ["a tax rate in words", { tax_rate: "eight" }, "tax_rate", "Enter the tax rate as a number"],
      [
        "closing before opening",
        { business_hours: week({ open: "17:00", close: "08:00" }) },
        "business_hours.mon.close",
        "Close after the shop opens",
      ],
      [
        "a time that is no time",
        { business_hours: week({ open: "8am", close: "17:00" }) },
        "business_hours.mon.open",
        "Enter the opening time as HH:mm",
      ],
      [
        "a week without open days",
        { business_hours: week(null) },
        "business_hours",
        "Open on at least one day of the week",
      ],
      [
        "a holiday listed twice",
        {
          holidays: [
            { date: "2026-12-24", name: "Eve" },
            { date: "2026-12-24", name: "Again" },
          ],
        },
        "holidays.1.date",
        "2026-12-24 is listed twice",
      ],
      [
        "a date that does not exist",
        { holidays: [{ date: "2026-02-30", name: "" }] },
        "holidays.0.date",
        "Enter the date as YYYY-MM-DD",
      ],
      [
        "a format without the number",
        { order_number_format: "ORD-" },
        "order_number_format",
        "End the format with the number's place, {n} (or {n:6} for six digits)",
      ],
      [
        "a format with the number inside",
        { order_number_format: "{n}-A" },
        "order_number_format",
        "End the format with the number's place, {n} (or {n:6} for six digits)",
      ],
      [
        "a format with spaces",
        { order_number_format: "OR D-{n}" },
        "order_number_format",
        "Use letters, digits and # / . _ - before the number",
      ],
      [
        "a format too long for order numbers",
        { order_number_format: "PRESSROOM-ORD-{n}" },
        "order_number_format",
        "Keep the prefix short: order numbers have at most 20 characters",
      ],
      [
        "unknown payment terms",
        { payment_terms: "net_90" },
        "payment_terms",
        "Choose the payment terms: Due on receipt, Net 15, Net 30, Net 45, Net 60",
      ],
      [
        "a state that is not a USPS code",
        { billing_address: { ...address, state: "Illinois" } },
        "billing_address.state",
        "Enter a USPS state code, such as IL",
      ],
      [
        "a ZIP of six digits",
        { shipping_address: { ...address, postal_code: "627011" } },
        "shipping_address.postal_code",
        "Enter a ZIP (12345) or ZIP+4 (12345-6789)",
      ],
      [
        "an address without a street",
        { billing_address: { ...address, line1: "" } },
        "billing_address.line1",
        "Enter the street address",
      ],
      [
        "another tenant's or no agent",
        { default_agent_id: 999_999 },
        "default_agent_id",
        "This shop has no agent 999999: choose one of its agents",
      ],
    ])("%s", async (_name, change, field, message) => {
      const before = await read(admin);
      const res = await put(admin, change, before);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
      expect(await read(admin)).toEqual(before);
    });
  });

  it("saves a change, sorts the holidays, hyphenates a ZIP+4, and logs who changed what", async () => {
    const before = await read(admin);
    const res = await put(
      admin,
      {
        tax_rate: 8.625,
        business_hours: { ...(before.business_hours as Json), sat: { open: "09:00", close: "13:00" } },
        holidays: [{ date: "2026-12-31", name: "Year end" }, ...before.holidays],
        shipping_address: {
          line1: "2450 W Fulton St",
          city: "Chicago",
          state: "il",
          postal_code: "606121234",
        },
      },
      before,
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as Settings;
    expect(saved).toMatchObject({
      tax_rate: 8.625,
      version: before.version + 1,
      updated_by: { name: "Avery Admin" },
      shipping_address: { state: "IL", postal_code: "60612-1234" },
    });
    expect(saved.holidays.map((h) => h.date).indexOf("2026-12-31")).toBe(
      saved.holidays.findIndex((h) => h.date > "2026-12-31") - 1,
    );
    expect(await read(admin)).toEqual(saved);

    const log = (await admin.call("GET", "tenant/settings/changes")).json();
    expect(log.meta.total).toBe(1);
    expect(log.data[0]).toMatchObject({
      action: "update",
      user: { name: "Avery Admin" },
      changes: {
        tax_rate: { from: 10.25, to: 8.625 },
        business_hours: { to: { sat: { open: "09:00", close: "13:00" } } },
      },
    });
    expect(Object.keys(log.data[0].changes).sort()).toEqual([
      "business_hours",
      "holidays",
      "shipping_address",
      "tax_rate",
    ]);
  });

  it("answers a stale version with a 409 naming who saved since, and saves nothing", async () => {
    const stale = await read(admin);
    expect((await put(admin, { payment_terms: "net_15" }, stale)).statusCode).toBe(200);
    const res = await put(admin, { tax_rate: 7 }, stale);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^The settings were changed by Avery Admin at \d{4}-\d\d-\d\d \d\d:\d\d UTC since you opened them\. Reload them/,
    );
    expect(await read(admin)).toMatchObject({ payment_terms: "net_15", tax_rate: 8.625 });
  });

  it("keeps each tenant's settings its own", async () => {
    const theirs = await read(other);
    // The other shop has saved nothing: its defaults, at version 1.
    expect(theirs).toMatchObject({
      tenant_id: 2,
      company_name: "Other Print Co",
      tax_rate: 0,
      payment_terms: "due_on_receipt",
      version: 1,
      updated_by: null,
    });
    expect((await other.call("GET", "tenant/settings/changes")).json().meta.total).toBe(0);
    const res = await put(other, { company_name: "Other Print Co (renamed)", tax_rate: 6 }, theirs);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 2, company_name: "Other Print Co (renamed)" });
    const ours = await read(admin);
    expect(ours).toMatchObject({ company_name: "Pressroom Demo Print", tax_rate: 8.625 });
    expect((await other.call("GET", "tenant/settings/changes")).json().data).toHaveLength(1);
    expect((await admin.call("GET", "tenant/settings/changes")).json().meta.total).toBe(2);
  });

  it("counts due dates in the shop's business days: its holidays and closed days skipped", async () => {
    const before = await read(admin);
    const week = Object.fromEntries(
      ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [
        d,
        d === "wed" ? null : { open: "08:00", close: "17:00" },
      ]),
    );
    const res = await put(
      admin,
      {
        business_hours: week,
        holidays: [
          { date: "2026-12-24", name: "Christmas Eve" },
          { date: "2026-12-25", name: "Christmas Day" },
        ],
      },
      before,
    );
    expect(res.statusCode, res.body).toBe(200);
    const shop = await readSettings(t.app.db, await loadRegistry(), 1, 30);
    // Approved Tuesday 2026-12-22 at 10 am in Chicago (16:00Z), standard of 3 days: Wednesday is
    // closed, the 24th and 25th are holidays, the 26th a Saturday the shop now works.
    const due = dueAfterApproval(Date.parse("2026-12-22T16:00:00Z"), shop.time_zone, "standard", [3], shop);
    expect(due).toBe("2026-12-28");
    // The same approval with the holidays gone: Thursday, Friday, Saturday.
    const plain = { ...shop, holidays: [] };
    expect(
      dueAfterApproval(Date.parse("2026-12-22T16:00:00Z"), "America/Chicago", "standard", [3], plain),
    ).toBe("2026-12-26");
  });

  it("keeps a PNG or JPEG logo of at most 1 MB, refuses SVG and other tenants, and logs it", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    const tokens = {
      admin: await signIn(t.app, "admin@pressroom.test"),
      csr: await signIn(t.app, "csr@pressroom.test"),
    };
    const send = async (body: Buffer, type: string, version?: number, who: keyof typeof tokens = "admin") => {
      const v = version ?? (await read(admin)).version;
      return t.app.inject({
        method: "PUT",
        url: `/api/v1/tenant/settings/logo?version=${v}&name=shop.png`,
        headers: { ...bearer(tokens[who]), "content-type": type },
        payload: body,
      });
    };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusal = "Send the logo as a PNG or JPEG image (SVG is not taken: it can carry scripts)";
    for (const [body, type] of [
      [svg, "image/svg+xml"],
      [svg, "image/png"],
      [Buffer.from("%PDF-1.7"), "application/pdf"],
    ] as const) {
      const res = await send(body, type);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ field: "logo", message: refusal }]);
    }
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024)]);
    expect((await send(big, "image/png")).statusCode).toBe(413);
    expect((await send(png, "image/png", undefined, "csr")).statusCode).toBe(403);
    expect((await read(admin)).logo).toBeNull();

    const stale = (await read(admin)).version;
    const res = await send(png, "image/png");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.logo).toMatchObject({ name: "shop.png", type: "image/png" });
    expect((await send(png, "image/png", stale)).statusCode).toBe(409);

    const served = await csr.call("GET", "tenant/settings/logo");
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await other.call("GET", "tenant/settings/logo")).statusCode).toBe(404);
    const log = (await admin.call("GET", "tenant/settings/changes")).json();
    expect(log.data[0].changes).toEqual({ logo: { from: null, to: "shop.png" } });

    const removed = await admin.call("DELETE", `tenant/settings/logo?version=${(await read(admin)).version}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.logo).toBeNull();
    expect((await csr.call("GET", "tenant/settings/logo")).statusCode).toBe(404);
  });

  it("numbers new orders in the saved format, going on from the sequence", async () => {
    const first = await makeOrder(admin, [{}], { order_number: undefined });
    expect(first.order_number).toMatch(/^ORD-\d+$/);
    const n = Number(String(first.order_number).slice(4));
    expect((await put(admin, { order_number_format: "PR-{n:8}" })).statusCode).toBe(200);
    const second = await makeOrder(admin, [{}], { order_number: undefined });
    expect(second.order_number).toBe(`PR-${String(n + 1).padStart(8, "0")}`);
    expect((await read(csr)).order_number_format).toBe("PR-{n:8}");
  });
});
