// The product list of one site offers its import (spec §2 /products/{site_id}/import) to those
// with Product Import only (spec §6), and the list of every site's products does not (an import
// is into one site).
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearProfile } from "../../../src/auth/profile-store";
import { productImportLink } from "../../../src/custom/catalogue/product-import-route";
import { resourceRoutes } from "../../../src/pages/resource/resource-route-tree";
import { accessControlProvider } from "../../../src/providers/access-control";
import products from "../../../src/resources/products";
import { fakeDataProvider, renderWithProviders, signInWith } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const rows = {
  Site: [{ id: 4, name: "Main street" }],
  Product: [{ id: 9, sku: "BC-1", name: "Business cards", site_id: 4, active: true, version: 1 }],
};

function renderAt(path: string) {
  renderWithProviders(
    <Routes>
      {resourceRoutes(products)}
      <Route path="/products/:site_id/import" element={<p>import page</p>} />
      <Route path="/unauthorized" element={<p>unauthorized</p>} />
    </Routes>,
    { path, dataProvider: fakeDataProvider(rows), can: accessControlProvider.can },
  );
}

const location = () => screen.getByTestId("location").textContent ?? "";
const importButton = () => screen.queryByRole("button", { name: /Import/ });

afterEach(() => {
  cleanup();
  clearProfile();
});

describe("the product list's Import button", () => {
  it("links a site's import route", () => {
    expect(productImportLink(4)).toBe("/products/4/import");
  });

  it("is shown on one site's products with Product Import, and opens that site's import", async () => {
    signInWith({ Product: ["Read", "Import"], Site: ["Read"] });
    renderAt("/products/4");
    await screen.findByText("Business cards", undefined, slow);
    const button = await screen.findByRole("button", { name: /Import/ }, slow);
    fireEvent.click(button);
    await waitFor(() => expect(location()).toBe("/products/4/import"), slow);
    expect(screen.getByText("import page")).toBeInTheDocument();
  });

  it("is shown with the wildcard", async () => {
    signInWith({ Product: ["*"], Site: ["Read"] });
    renderAt("/products/4");
    expect(await screen.findByRole("button", { name: /Import/ }, slow)).toBeInTheDocument();
  });

  it("is hidden without Product Import, even with every other product action", async () => {
    signInWith({ Product: ["Create", "Read", "Update", "Delete", "UpdatePrice"], Site: ["Read"] });
    renderAt("/products/4");
    await screen.findByText("Business cards", undefined, slow);
    // The create button is there (its permission answered), the import button is not.
    expect(await screen.findByRole("button", { name: /Create product/ }, slow)).toBeInTheDocument();
    expect(importButton()).toBeNull();
  });

  it("is not on the list of every site's products", async () => {
    signInWith({ Product: ["*"], Site: ["Read"] });
    renderAt("/products");
    await screen.findByText("Business cards", undefined, slow);
    await screen.findByRole("button", { name: /Export CSV/ }, slow);
    expect(importButton()).toBeNull();
  });
});
