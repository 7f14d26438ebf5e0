import { describe, expect, it } from "vitest";
import {
  childRowsText,
  columnLabel,
  importableChildColumns,
  importButtonLabel,
  importedTitle,
  rowAction,
  rowRanges,
  templateCsv,
  updatedRowsText,
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

describe("the import's creates and updates", () => {
  const preview = { rows: 3, updating: 1, updated: [2, 3] };

  it.each([
    [2, "update"],
    [3, "update"],
    [4, "create"],
  ])("row %i: %s", (row, action) => {
    expect(rowAction(preview, row)).toBe(action);
  });

  it("reads a preview without updates as creates only", () => {
    expect(rowAction({}, 2)).toBe("create");
    expect(importButtonLabel({ rows: 3 })).toBe("Import 3 products");
    expect(importButtonLabel({ rows: 1, updating: 0 })).toBe("Import 1 product");
  });

  it.each([
    [[2], "2"],
    [[4, 2, 3, 7, 9, 10], "2–4, 7, 9–10"],
    [[5, 5, 6], "5–6"],
  ])("names rows %j as %s", (rows, text) => {
    expect(rowRanges(rows)).toBe(text);
  });

  it("names at most the first ranges, then counts the rest", () => {
    expect(rowRanges([2, 4, 6, 7, 8, 20], 2)).toBe("2, 4 and 4 more");
  });

  it("says which rows update, or nothing when none do", () => {
    expect(updatedRowsText(preview)).toBe(
      "Rows 2–3 update stored products and their variants (by SKU); every other row creates.",
    );
    expect(updatedRowsText({ updated: [5] })).toBe(
      "Row 5 updates stored products and their variants (by SKU); every other row creates.",
    );
    expect(updatedRowsText({ updated: [] })).toBeUndefined();
    expect(updatedRowsText({})).toBeUndefined();
  });

  it("counts the new and updated products on the button and in the outcome", () => {
    expect(importButtonLabel(preview)).toBe("Import 3 products (2 new, 1 updated)");
    expect(importButtonLabel({ rows: 1200, updating: 1200 })).toBe(
      "Import 1,200 products (0 new, 1,200 updated)",
    );
    expect(importedTitle({ created: 3 })).toBe("Imported 3 products");
    expect(importedTitle({ created: 1, updated: 0 })).toBe("Imported 1 product");
    expect(importedTitle({ created: 2, updated: 1 })).toBe("Imported 2 products, updated 1");
    expect(importedTitle({ created: 0, updated: 1 })).toBe("Updated the variants of 1 product");
  });
});
