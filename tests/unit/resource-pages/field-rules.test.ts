// The form rules run through antd's own validator (@rc-component/async-validator), so a rule
// shape it reads differently from what we meant (a number taken for a string) fails here.
import Schema from "@rc-component/async-validator";
import { describe, expect, it } from "vitest";
import { rulesFor } from "../../../src/components/fields/field-rules";
import {
  choice,
  colour,
  date,
  decimal,
  email,
  type Field,
  integer,
  json,
  money,
  percent,
  reference,
  referenceList,
  text,
} from "../../../src/resource-engine/fields";

// Its console warnings repeat what the assertions already say.
Schema.warning = () => undefined;

async function errorsOf(field: Field, value: unknown): Promise<string[]> {
  const schema = new Schema({ value: rulesFor({ label: "Value", ...field }) as never });
  try {
    await schema.validate({ value }, { first: false });
    return [];
  } catch (failure) {
    const { errors } = failure as { errors: { message: string }[] };
    return errors.map((error) => error.message);
  }
}

describe("required fields accept a value of their own type", () => {
  const cases: [string, Field, unknown][] = [
    ["text", text({ required: true }), "Acme"],
    ["email", email({ required: true }), "a@b.co"],
    ["colour", colour({ required: true }), "#5A8547"],
    ["integer", integer({ required: true }), 12],
    ["decimal as a string", decimal({ required: true }), "12.50"],
    ["money", money({ required: true }), "0.00"],
    ["percent", percent({ required: true }), 0],
    ["date", date({ required: true }), "2026-11-22"],
    ["enum", choice(["a", "b"], { required: true }), "a"],
    ["reference id", reference("VendorCategory", { required: true }), 7],
    ["reference list", referenceList("Attribute", { required: true }), [1, 2]],
    ["json", json({ required: true }), "{}"],
  ];
  it.each(cases)("%s", async (_, field, value) => {
    expect(await errorsOf(field, value)).toEqual([]);
  });
});

describe("required fields refuse an empty value", () => {
  const cases: [string, Field, unknown][] = [
    ["text of spaces", text({ required: true }), "   "],
    ["integer", integer({ required: true }), null],
    ["reference", reference("VendorCategory", { required: true }), undefined],
    ["empty reference list", referenceList("Attribute", { required: true }), []],
    ["enum", choice(["a"], { required: true }), undefined],
  ];
  it.each(cases)("%s", async (_, field, value) => {
    expect(await errorsOf(field, value)).toEqual(["Value is required"]);
  });
});

describe("constraints", () => {
  it("bounds numbers, including decimals sent as strings", async () => {
    expect(await errorsOf(integer({ min: 1, max: 5 }), 9)).toEqual(["Value must be at most 5"]);
    expect(await errorsOf(money(), "-1.00")).toEqual(["Value must be at least 0"]);
  });
  it("limits text length and checks email and JSON", async () => {
    expect(await errorsOf(text({ max: 3 }), "abcd")).toEqual(["Value can have at most 3 characters"]);
    expect(await errorsOf(email(), "nope")).toEqual(["Value must be an email address"]);
    expect(await errorsOf(json(), "{")).toEqual(["Value must be valid JSON"]);
  });
  it("leaves an optional empty value alone", async () => {
    expect(await errorsOf(integer({ min: 1 }), null)).toEqual([]);
    expect(await errorsOf(text({ max: 3 }), "")).toEqual([]);
  });
});
