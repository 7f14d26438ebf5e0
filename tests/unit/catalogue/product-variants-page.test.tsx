// The variants page (issue 21): choosing three values of each of two options shows "9 variants"
// before anything is created, and creating sends the product's variants with the nine new ones.
// A value switched off (active: false) is not offered. A refusal of the server shows by the variant's SKU.
import type { DataProvider } from "@refinedev/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import ProductVariantsPage from "../../../src/custom/catalogue/product-variants-page";
import { fakeDataProvider, renderWithProviders } from "../resource-pages/render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const product = { id: 3, sku: "BC", name: "Business cards", version: 4, attribute_ids: [1, 2], variants: [] };
const attributes = [
  {
    id: 1,
    name: "Paper",
    code: "stock",
    values: ["14pt", "16pt", "linen"].map((code) => ({ code, label: code })),
  },
  {
    id: 2,
    name: "Coating",
    code: "coating",
    // foil is switched off on the attribute's page: it makes no variants.
    values: [
      ...["uv", "matte", "none"].map((code) => ({ code, label: code })),
      { code: "foil", label: "foil", active: false },
    ],
  },
];

const renderPage = (update: DataProvider["update"]) => {
  const rows = { Product: [product], products: [product], Attribute: attributes, attributes };
  renderWithProviders(
    <Routes>
      <Route path="/products/:scopeValue/:id/variants" element={<ProductVariantsPage />} />
    </Routes>,
    { path: "/products/1/3/variants", dataProvider: fakeDataProvider(rows, { update }) },
  );
};

describe("product variants page", () => {
  it("shows 9 variants for two options of three values, and creates them", async () => {
    const update = vi.fn(async ({ id, variables }) => ({ data: { id, ...(variables as object) } as never }));
    renderPage(update);
    await screen.findByText("Paper", undefined, slow);
    expect(screen.getByTestId("variant-count")).toHaveTextContent("0 variants");
    expect(screen.queryByRole("checkbox", { name: "foil" })).toBeNull();
    for (const value of ["14pt", "16pt", "linen", "uv", "matte", "none"])
      fireEvent.click(screen.getByRole("checkbox", { name: value }));
    expect(screen.getByTestId("variant-count")).toHaveTextContent("9 variants");
    fireEvent.click(screen.getByRole("button", { name: "Create 9 variants" }));
    await waitFor(() => expect(update).toHaveBeenCalled(), slow);
    const sent = update.mock.calls[0][0].variables as { variants: { sku: string }[]; version: number };
    expect(sent.version).toBe(4);
    expect(sent.variants.map((v) => v.sku)).toEqual([
      "BC-14PT-UV",
      "BC-14PT-MATTE",
      "BC-14PT-NONE",
      "BC-16PT-UV",
      "BC-16PT-MATTE",
      "BC-16PT-NONE",
      "BC-LINEN-UV",
      "BC-LINEN-MATTE",
      "BC-LINEN-NONE",
    ]);
  });
  it("shows the server's sentence by the variant's SKU when it refuses the variants", async () => {
    // The server's 400 as the data provider rejects with it (src/providers/request-error.ts).
    const refusal = Object.assign(new Error("Some fields are invalid"), {
      statusCode: 400,
      errors: { "variants.0.attribute_values": ['Paper has no value "14pt": use one of 16pt, linen'] },
    });
    const update = vi.fn(async () => {
      throw refusal;
    });
    renderPage(update);
    await screen.findByText("Paper", undefined, slow);
    fireEvent.click(screen.getByRole("checkbox", { name: "14pt" }));
    fireEvent.click(screen.getByRole("button", { name: "Create 1 variant" }));
    const alert = await screen.findByRole("alert", undefined, slow);
    expect(alert).toHaveTextContent("The variants were not saved");
    expect(alert).toHaveTextContent('BC-14PT: Paper has no value "14pt": use one of 16pt, linen');
  });
});
