// The form says what the server says (issue 16, classes 13 and 14): money bounds, year window,
// dates not before another, sizes above 0 and within another, JSON size and shape, text hygiene.
import Schema from "@rc-component/async-validator";
import type { FormInstance } from "antd";
import { describe, expect, it } from "vitest";
import { rulesFor } from "../../../src/components/fields/field-rules";
import {
  date,
  datetime,
  decimal,
  type Field,
  json,
  longText,
  money,
  NOW,
  text,
} from "../../../src/resource-engine/fields";
import orders from "../../../src/resources/orders";
import products from "../../../src/resources/products";

Schema.warning = () => undefined;

/** The field's messages for `value`, with the form's other values in `form` (cross-field rules). */
async function errorsOf(field: Field, value: unknown, form: Record<string, unknown> = {}): Promise<string[]> {
  const getFieldValue = (name: string) => form[name];
  const rules = rulesFor({ label: "Value", ...field }).map((rule) =>
    typeof rule === "function" ? rule({ getFieldValue } as unknown as FormInstance) : rule,
  );
  const schema = new Schema({ value: rules as never });
  try {
    await schema.validate({ value }, { first: false });
    return [];
  } catch (failure) {
    return (failure as { errors: { message: string }[] }).errors.map((e) => e.message);
  }
}

describe("money and sizes", () => {
  it("bounds money at 99,999,999.99 by default", async () => {
    expect(await errorsOf(money(), 100_000_000)).toEqual(["Value must be at most 99,999,999.99"]);
    expect(await errorsOf(money(), 99_999_999.99)).toEqual([]);
  });
  it("refuses a 0 size and a value above its related field", async () => {
    const width = decimal({
      min: 0,
      positive: true,
      notAbove: { field: "flat_width", label: "the flat width" },
    });
    expect(await errorsOf(width, 0)).toEqual(["Value must be greater than 0"]);
    expect(await errorsOf(width, 12, { flat_width: 11 })).toEqual(["Value cannot exceed the flat width"]);
    expect(await errorsOf(width, 11, { flat_width: 11 })).toEqual([]);
    expect(await errorsOf(width, 12, {})).toEqual([]);
  });
  it("declares the discount against the subtotal and the product's finished size against the flat", () => {
    const discount = orders.fields.discount;
    expect(discount.type === "money" && discount.notAbove?.field).toBe("subtotal");
    const finished = products.fields.finished_width;
    expect(finished.type === "decimal" && finished.notAbove?.field).toBe("flat_width");
  });
});

describe("dates", () => {
  it("keeps years within 1900-2199", async () => {
    expect(await errorsOf(date(), "0001-01-01")).toEqual(["Value: use a year between 1900 and 2199"]);
    expect(await errorsOf(datetime(), "9999-12-31T00:00:00Z")).toEqual([
      "Value: use a year between 1900 and 2199",
    ]);
    expect(await errorsOf(date(), "2026-03-02")).toEqual([]);
  });
  it("refuses a date before its related date, same day allowed", async () => {
    const due = date({ notBefore: { field: "ordered_at", label: "the order date" } });
    const form = { ordered_at: "2026-03-02T15:00:00.000Z" };
    expect(await errorsOf(due, "2026-03-01", form)).toEqual(["Value cannot be before the order date"]);
    expect(await errorsOf(due, "2026-03-02", form)).toEqual([]);
  });
  it("refuses the future where a date says notAfter now", async () => {
    const printed = datetime({ notAfter: NOW });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(await errorsOf(printed, tomorrow)).toEqual(["Value cannot be in the future"]);
    expect(await errorsOf(printed, new Date().toISOString())).toEqual([]);
  });
});

describe("JSON", () => {
  it("bounds the size and checks the declared shape, as text or parsed", async () => {
    expect(await errorsOf(json(), JSON.stringify({ a: "x".repeat(70_000) }))).toEqual([
      "Value: use at most 64 KB of JSON",
    ]);
    const tiers = products.fields.price_tiers;
    expect(await errorsOf(tiers, '[{"quantity": -5, "price": 1}]')).toEqual([
      "Price tiers: entry 1, quantity: must be at least 1",
    ]);
    expect(
      await errorsOf(tiers, [
        { quantity: 100, price: 1 },
        { quantity: 100, price: 2 },
      ]),
    ).toEqual(["Price tiers: entry 2: each quantity must be larger than the one before"]);
    expect(
      await errorsOf(tiers, '[{"quantity": 250, "price": 25}, {"quantity": 500, "price": 32.5}]'),
    ).toEqual([]);
  });
});

describe("text hygiene", () => {
  it("counts invisible-only text as empty when required", async () => {
    expect(await errorsOf(text({ required: true }), "\u200b\u200b")).toEqual(["Value is required"]);
  });
  it("refuses bidi overrides and controls; long text keeps line breaks", async () => {
    expect(await errorsOf(text(), "a\u202eb")).toEqual([
      "Value: remove bidirectional override characters (U+202A–U+202E, U+2066–U+2069)",
    ]);
    expect(await errorsOf(text(), "a\nb")).toEqual([
      "Value: use a single line: tabs and line breaks are not allowed here",
    ]);
    expect(await errorsOf(longText(), "a\n\tb")).toEqual([]);
    expect(await errorsOf(longText(), "a\u0007b")).toEqual([
      "Value: remove control characters (only tabs and line breaks are allowed in long text)",
    ]);
  });
});
