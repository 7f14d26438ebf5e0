import { describe, expect, it } from "vitest";
import { addOpenDays, isOpenDay } from "../../../server/settings/business-days";
import { isTimeZoneName, orderFormatProblem } from "../../../server/settings/settings-schema";
import { logoFileProblem } from "../../../src/custom/admin/logo-field";
import {
  describeValue,
  formPath,
  holidayDiff,
  isFormField,
  type SettingsForm,
  toBody,
  toForm,
} from "../../../src/custom/admin/settings-form-model";
import { formatSequenceNumber, type TenantSettings } from "../../../src/custom/admin/tenant-settings-values";

// Issue 21, /settings: the shop's business days, the order-number format's rules, and the
// settings form's conversions to and from the API's settings.

const nineToFive = { open: "09:00", close: "17:00" };
const weekdays = {
  mon: nineToFive,
  tue: nineToFive,
  wed: nineToFive,
  thu: nineToFive,
  fri: nineToFive,
  sat: null,
  sun: null,
};

describe("the shop's business days", () => {
  const calendar = { business_hours: weekdays, holidays: [{ date: "2026-12-25" }, { date: "2026-12-28" }] };
  it.each([
    ["a weekday", "2026-12-22", true],
    ["a holiday", "2026-12-25", false],
    ["a Saturday", "2026-12-26", false],
    ["a Sunday", "2026-12-27", false],
  ])("%s (%s): open %s", (_name, date, open) => {
    expect(isOpenDay(calendar, date)).toBe(open);
  });

  it.each([
    // Thursday 24th + 1: Friday is Christmas, the weekend, Monday 28th a holiday → Tuesday 29th.
    ["over a holiday, a weekend and another holiday", "2026-12-24", 1, "2026-12-29"],
    ["zero days on a closed day: the next open one", "2026-12-26", 0, "2026-12-29"],
    ["zero days on an open day: that day", "2026-12-22", 0, "2026-12-22"],
    ["three days from a Tuesday", "2026-12-22", 3, "2026-12-29"],
  ])("%s", (_name, from, n, due) => {
    expect(addOpenDays(calendar, from, n)).toBe(due);
  });

  it("counts a Saturday the shop opens", () => {
    const withSaturday = { business_hours: { ...weekdays, sat: nineToFive }, holidays: [] };
    expect(addOpenDays(withSaturday, "2026-12-25", 1)).toBe("2026-12-26");
  });
});

describe("the order-number format", () => {
  it.each([
    ["ORD-{n}", null],
    ["PR-{n:8}", null],
    ["2026/{n:6}", null],
    ["{n}", null],
    ["ORD-", "End the format with the number's place, {n} (or {n:6} for six digits)"],
    ["{n}-{n}", "End the format with the number's place, {n} (or {n:6} for six digits)"],
    ["A {n}", "Use letters, digits and # / . _ - before the number"],
    ["X{n:13}", "Pad the number to at most 12 digits"],
    ["ABCDEFGHIJKLM{n}", "Keep the prefix short: order numbers have at most 20 characters"],
  ])("%s → %s", (format, problem) => {
    expect(orderFormatProblem(format)).toBe(problem);
  });

  it("gives numbers their padding", () => {
    expect(formatSequenceNumber("ORD-{n}", 100_001)).toBe("ORD-100001");
    expect(formatSequenceNumber("PR-{n:8}", 42)).toBe("PR-00000042");
  });

  it("knows the IANA time zones and UTC", () => {
    expect(isTimeZoneName("America/Chicago")).toBe(true);
    expect(isTimeZoneName("UTC")).toBe(true);
    expect(isTimeZoneName("Mars/Olympus")).toBe(false);
    expect(isTimeZoneName("america/chicago")).toBe(false);
  });
});

describe("the settings form", () => {
  const settings: TenantSettings = {
    tenant_id: 1,
    company_name: "Pressroom Demo Print",
    time_zone: "America/Chicago",
    business_hours: weekdays,
    holidays: [{ date: "2026-12-25", name: "Christmas Day" }],
    tax_rate: 10.25,
    order_number_format: "ORD-{n}",
    default_agent_id: 30,
    payment_terms: "net_30",
    billing_address: { line1: "2450 W Fulton St", city: "Chicago", state: "IL", postal_code: "60612" },
    shipping_address: null,
    logo: null,
    version: 4,
    updated_at: null,
    updated_by: null,
  };

  it("shows closed days as switched off, keeping hours to reopen with", () => {
    const form = toForm(settings);
    expect(form.business_hours.mon).toEqual({ is_open: true, open: "09:00", close: "17:00" });
    expect(form.business_hours.sat).toEqual({ is_open: false, open: "08:00", close: "17:00" });
    expect(form.shipping_address).toEqual({});
  });

  it("sends back what was read, with the version", () => {
    expect(toBody(toForm(settings), 4)).toEqual({
      version: 4,
      company_name: "Pressroom Demo Print",
      time_zone: "America/Chicago",
      business_hours: weekdays,
      holidays: [{ date: "2026-12-25", name: "Christmas Day" }],
      tax_rate: 10.25,
      order_number_format: "ORD-{n}",
      default_agent_id: 30,
      payment_terms: "net_30",
      billing_address: { line1: "2450 W Fulton St", city: "Chicago", state: "IL", postal_code: "60612" },
      shipping_address: null,
    });
  });

  it("sends a day switched off as closed, and a partly filled address for the server to check", () => {
    const form: SettingsForm = {
      ...toForm(settings),
      shipping_address: { line1: " 1 Dock Rd ", city: "", state: "il" },
    };
    form.business_hours.fri = { is_open: false, open: "09:00", close: "17:00" };
    const body = toBody(form, 4);
    expect(body.business_hours.fri).toBeNull();
    expect(body.shipping_address).toEqual({ line1: "1 Dock Rd", city: "", state: "il", postal_code: "" });
  });

  it("places the server's errors on their inputs, the others above the form", () => {
    expect(formPath("holidays.1.date")).toEqual(["holidays", 1, "date"]);
    expect(isFormField("business_hours.mon.close")).toBe(true);
    expect(isFormField("billing_address.postal_code")).toBe(true);
    expect(isFormField("tax_rate")).toBe(true);
    expect(isFormField("business_hours")).toBe(false);
    expect(isFormField("holidays")).toBe(false);
  });

  it("tells the change log's values in a few words", () => {
    expect(
      describeValue("business_hours", { mon: nineToFive, tue: null, sat: { open: "09:00", close: "13:00" } }),
    ).toBe("Mon 09:00–17:00, Sat 09:00–13:00");
    expect(describeValue("tax_rate", 8.625)).toBe("8.625 %");
    expect(describeValue("billing_address", settings.billing_address)).toBe(
      "2450 W Fulton St, Chicago, IL 60612",
    );
    expect(describeValue("shipping_address", null)).toBe("—");
    expect(
      holidayDiff(
        [{ date: "2026-12-25", name: "Christmas Day" }],
        [
          { date: "2026-12-24", name: "Christmas Eve" },
          { date: "2026-12-31", name: "" },
        ],
      ),
    ).toEqual(["+ 2026-12-24 Christmas Eve", "+ 2026-12-31", "− 2026-12-25 Christmas Day"]);
  });
});

describe("the logo's file", () => {
  it.each([
    ["a PNG of 200 kB", "image/png", 200_000, null],
    ["a JPEG of exactly 1 MB", "image/jpeg", 1024 * 1024, null],
    ["an SVG", "image/svg+xml", 2_000, "Choose a PNG or JPEG image (SVG is not taken: it can carry scripts)"],
    ["a PNG over 1 MB", "image/png", 1024 * 1024 + 1, "Choose an image of at most 1 MB"],
  ])("%s", (_name, type, size, problem) => {
    expect(logoFileProblem({ type, size })).toBe(problem);
  });
});
