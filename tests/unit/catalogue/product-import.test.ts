import { describe, expect, it } from "vitest";
import {
  childRowsText,
  columnLabel,
  importableChildColumns,
  templateCsv,
} from "../../../src/custom/catalogue/product-import";
import products from "../../../src/resources/products";

// The product import's variants (issue 21): the template's variants.<field> columns, the columns'
// words in the preview and its errors, and a sample's variants in words.

describe("the product import's variants", () => {
  it("offers the variants' columns in the template, after the product's own", () => {
    expect(importableChildColumns(products)).toEqual([
      "variants.sku",
      "variants.name",
      "variants.attribute_values",
      "variants.price",
      "variants.active",
    ]);
    const header = templateCsv(products).trim().split(",");
    expect(header.slice(0, 2)).toEqual(["sku", "name"]);
    expect(header.slice(-5)).toEqual(importableChildColumns(products));
  });

  it.each([
    [undefined, "File"],
    ["setup_fee", "Setup fee"],
    ["variants", "Variants"],
    ["variants.sku", "Variant SKU"],
    ["variants.price", "Variant price"],
    ["variants.attribute_values", "Variant option values"],
  ])("names column %s as %s", (column, words) => {
    expect(columnLabel(products, column)).toBe(words);
  });

  it("tells a sample's variants in words", () => {
    expect(
      childRowsText([
        { sku: "PC-A", price: 12.5, active: true, attribute_values: { stock: "14pt", coating: "gloss" } },
        { sku: "PC-B", price: null, active: false, attribute_values: null },
      ]),
    ).toBe("PC-A $12.50 [stock=14pt, coating=gloss]; PC-B (inactive)");
    expect(childRowsText([])).toBe("");
    expect(childRowsText(undefined)).toBe("");
  });
});
