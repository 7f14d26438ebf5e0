import { describe, expect, it } from "vitest";
import {
  generateVariants,
  variantCount,
  variantCountLabel,
} from "../../../src/custom/catalogue/variant-generation";

// Two attributes of three values each make 3 × 3 = 9 variants (issue 21's "9 variants").
const paper = {
  code: "stock",
  values: [
    { code: "14pt", label: "14 pt" },
    { code: "16pt", label: "16 pt" },
    { code: "linen", label: "Linen" },
  ],
};
const coat = {
  code: "coating",
  values: [
    { code: "uv", label: "UV" },
    { code: "matte", label: "Matte" },
    { code: "none", label: "None" },
  ],
};

describe("variant generation", () => {
  it("counts the product of the chosen value sets", () => {
    expect(variantCount([paper, coat])).toBe(9);
    expect(variantCountLabel(variantCount([paper, coat]))).toBe("9 variants");
    expect(variantCount([paper, { ...coat, values: [] }])).toBe(3);
    expect(variantCount([])).toBe(0);
    expect(variantCountLabel(1)).toBe("1 variant");
  });

  it("makes one variant per combination, SKU and name from the values, skipping existing ones", () => {
    const all = generateVariants("bc-100", [paper, coat]);
    expect(all).toHaveLength(9);
    expect(all[0]).toEqual({
      sku: "BC-100-14PT-UV",
      name: "14 pt / UV",
      attribute_values: { stock: "14pt", coating: "uv" },
      active: true,
    });
    expect(all[8].sku).toBe("BC-100-LINEN-NONE");
    const fresh = generateVariants(
      "bc-100",
      [paper, coat],
      [{ attribute_values: { coating: "uv", stock: "14pt" } }],
    );
    expect(fresh).toHaveLength(8);
    expect(fresh.map((v) => v.sku)).not.toContain("BC-100-14PT-UV");
  });
});
