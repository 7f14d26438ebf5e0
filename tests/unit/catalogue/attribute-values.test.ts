import { describe, expect, it } from "vitest";
import {
  codeFromLabel,
  rowsOf,
  storedOf,
  type ValueRow,
  valueErrors,
} from "../../../src/custom/catalogue/attribute-values";

// An attribute's values on its page (issue 21): read in their stored order, stored with their place
// as `sort`, and each cell checked as the server checks it (codes once, labels required, amounts).

const row = (key: string, code: string, label: string, price_delta: number | null = 0): ValueRow => ({
  key,
  code,
  label,
  price_delta,
  multiplier: 1,
  is_default: false,
  active: true,
});

describe("attribute values", () => {
  it("reads stored values in their sort order, active unless said otherwise", () => {
    const rows = rowsOf([
      { code: "b", label: "B", price_delta: 2, sort: 1 },
      { code: "a", label: "A", sort: 0, active: false, is_default: true },
      "junk",
    ]);
    expect(rows.map(({ key: _, ...r }) => r)).toEqual([
      { code: "a", label: "A", price_delta: null, multiplier: null, is_default: true, active: false },
      { code: "b", label: "B", price_delta: 2, multiplier: null, is_default: false, active: true },
    ]);
    expect(rowsOf(null)).toEqual([]);
  });

  it("stores the rows trimmed, with their place", () => {
    expect(storedOf([row("k1", " gloss ", "Gloss ", 4.5), row("k2", "matte", "Matte", null)])).toEqual([
      {
        code: "gloss",
        label: "Gloss",
        price_delta: 4.5,
        multiplier: 1,
        is_default: false,
        active: true,
        sort: 0,
      },
      { code: "matte", label: "Matte", multiplier: 1, is_default: false, active: true, sort: 1 },
    ]);
  });

  it("marks each cell that the server would refuse", () => {
    expect(
      valueErrors([
        row("k1", "gloss", "Gloss"),
        row("k2", "gloss", ""),
        row("k3", "", "Matte", 1.005),
        row("k4", "uv", "UV", -20_000),
      ]),
    ).toEqual({
      "k2.code": "Already used by value 1",
      "k2.label": "Required",
      "k3.code": "Required",
      "k3.price_delta": "Use at most 2 decimal places",
      "k4.price_delta": "Must be at least -10000",
    });
    expect(valueErrors([row("k1", "gloss", "Gloss", -4)])).toEqual({});
  });

  it("makes a code from a label", () => {
    expect(codeFromLabel("16pt Matte Cover")).toBe("16pt-matte-cover");
    expect(codeFromLabel("Crème & Brûlée!")).toBe("creme-and-brulee");
  });
});
