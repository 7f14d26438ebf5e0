import { describe, expect, it } from "vitest";
import {
  offeredAttributes,
  variantSaveProblems,
  variantValuesProblems,
} from "../../../src/custom/catalogue/variant-values";

// A variant's option values must be its product's own options and their values (issue 21).

const offered = offeredAttributes([
  { code: "stock", name: "Paper stock", values: [{ code: "14pt" }, { code: "16pt" }, "junk"] },
  { code: "coating", name: "Coating", values: null },
]);

describe("variantValuesProblems", () => {
  it("reads stored attributes, leaving out malformed values", () => {
    expect(offered).toEqual([
      { code: "stock", name: "Paper stock", values: [{ code: "14pt" }, { code: "16pt" }] },
      { code: "coating", name: "Coating", values: [] },
    ]);
  });
  it("accepts the product's own values, and variants with none", () => {
    expect(
      variantValuesProblems(offered, [
        { attribute_values: { stock: "16pt" } },
        { attribute_values: {} },
        { attribute_values: null },
        {},
      ]),
    ).toEqual([]);
  });
  it.each([
    [{ size: "a4" }, 'This product offers no option "size": use one of stock, coating'],
    [{ stock: "18pt" }, 'Paper stock has no value "18pt": use one of 14pt, 16pt'],
    [{ coating: "gloss" }, 'Coating has no value "gloss": use one of its values (it has none yet)'],
  ])("refuses %j with a sentence on the variant's field", (values, message) => {
    expect(
      variantValuesProblems(offered, [{ attribute_values: { stock: "14pt" } }, { attribute_values: values }]),
    ).toEqual([{ index: 1, field: "variants.1.attribute_values", message }]);
  });
  it("tells a product without options to add one first", () => {
    expect(variantValuesProblems([], [{ attribute_values: { stock: "14pt" } }])[0].message).toBe(
      'This product offers no options, so a variant cannot name "stock": add the option to the product first',
    );
  });
});

describe("variantSaveProblems", () => {
  it("leads each variant's sentence with its SKU, and keeps the others as they are", () => {
    expect(
      variantSaveProblems(
        {
          "variants.1.attribute_values": ['Paper stock has no value "18pt"'],
          version: ["Saved meanwhile"],
        },
        [{ sku: "PC-A" }, { sku: "PC-B" }],
      ),
    ).toEqual(['PC-B: Paper stock has no value "18pt"', "Saved meanwhile"]);
    expect(variantSaveProblems(undefined, [])).toEqual([]);
  });
});
