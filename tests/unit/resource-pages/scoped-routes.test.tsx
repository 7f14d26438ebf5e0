// Generated routes beyond list/show/edit: a scoped kind (products per site) lists one scope with a
// permanent filter, creates under it with the scope locked, shows its records and their child
// collection under it, keeps "create" and "import" from being read as ids, and guards each
// route as the spec's table says; and record ids are digits only for every kind.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearProfile } from "../../../src/auth/profile-store";
import { resourceRoutes } from "../../../src/pages/resource/resource-route-tree";
import { defineResource } from "../../../src/resource-engine/define";
import { integer, reference, text } from "../../../src/resource-engine/fields";
import { AppRoutes } from "../../../src/routes";
import { fakeDataProvider, renderWithProviders, signInWith } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const products = defineResource({
  kind: "Product",
  pages: "routes",
  scopedBy: "site_id",
  fields: {
    name: text({ required: true, searchable: true }),
    site_id: reference("Site", { required: true, filter: true }),
  },
  list: ["name", "site_id"],
  children: {
    variants: { fields: { label: text({ required: true }), stock: integer() } },
  },
});

const templates = defineResource({
  kind: "Template",
  scopedBy: "site_id",
  fields: { name: text({ required: true }), site_id: reference("Site", { required: true }) },
});

const orders = defineResource({ kind: "Order", pages: "routes", fields: { name: text() } });

const rows = {
  Site: [
    { id: 4, name: "Main street" },
    { id: 5, name: "Harbour" },
  ],
  Product: [
    {
      id: 9,
      name: "Business cards",
      site_id: 4,
      version: 1,
      variants: [
        { id: 31, position: 0, label: "Matte", stock: 120 },
        { id: 32, position: 1, label: "Gloss", stock: 80 },
      ],
    },
    { id: 10, name: "Banners", site_id: 5, version: 1, variants: [] },
  ],
  Order: [{ id: 12, name: "Spring mailing" }],
};

const ALL = {
  Product: ["Read", "Create", "Update"],
  Template: ["Read", "Create"],
  Site: ["Read"],
  Order: ["ReadAny"],
};

function renderAt(path: string, dataProvider = fakeDataProvider(rows)) {
  renderWithProviders(
    <Routes>
      {[products, templates, orders].map(resourceRoutes)}
      <Route path="/unauthorized" element={<p>unauthorized</p>} />
      <Route path="*" element={<p>catch-all</p>} />
    </Routes>,
    { path, dataProvider },
  );
  return dataProvider;
}

const location = () => screen.getByTestId("location").textContent ?? "";
const notFound = () => screen.findByText("Sorry, the page you visited does not exist.", undefined, slow);
const calls = (method: unknown, resource: string) =>
  vi
    .mocked(method as (p: { resource: string }) => unknown)
    .mock.calls.filter(([p]) => p.resource === resource);

afterEach(() => {
  cleanup();
  clearProfile();
});

describe("a scoped kind's routes", () => {
  it("/products/4: the site's products, filtered for good, the title naming the site", async () => {
    signInWith(ALL);
    const dataProvider = renderAt("/products/4");
    expect(await screen.findByRole("heading", { name: "Products · Main street" }, slow)).toBeInTheDocument();
    await screen.findByText("Business cards", undefined, slow);
    const lists = calls(dataProvider.getList, "Product");
    expect(lists.length).toBeGreaterThan(0);
    for (const [params] of lists) {
      expect(params).toMatchObject({ filters: [{ field: "site_id", operator: "eq", value: "4" }] });
    }
    // The scope is the path's, not a filter of the query: nothing to clear, no site filter shown.
    expect(location()).not.toContain("site_id");
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
    expect(screen.queryByText("Site", { selector: ".ant-select-selection-placeholder" })).toBeNull();
    expect(screen.getByRole("link", { name: "All products" })).toHaveAttribute("href", "/products");
    expect(screen.getByRole("link", { name: "Business cards" })).toHaveAttribute("href", "/products/4/9");

    fireEvent.click(screen.getByRole("button", { name: /Create product/ }));
    await waitFor(() => expect(location()).toBe("/products/4/create"), slow);
  });

  it("/products/4/create: the site set and locked, and sent with the new product", async () => {
    signInWith(ALL);
    const dataProvider = renderAt("/products/4/create");
    const site = await screen.findByLabelText("Site", undefined, slow);
    expect(site).toBeDisabled();
    const item = site.closest(".ant-form-item") as HTMLElement;
    expect(await within(item).findByText("Main street", undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Products · Main street/ })).toHaveAttribute(
      "href",
      "/products/4",
    );

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Postcards" } });
    fireEvent.click(screen.getByRole("button", { name: /Add variant/ }));
    fireEvent.change(screen.getByLabelText("Label, variant 1"), { target: { value: "Matte" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled(), slow);
    expect(dataProvider.create).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: "Product",
        variables: { name: "Postcards", site_id: 4, variants: [{ label: "Matte", stock: null }] },
      }),
    );
    await waitFor(() => expect(location()).toBe("/products/4/100"), slow);
  });

  it("a user without Product Create is sent from /products/4/create to /unauthorized", async () => {
    signInWith({ Product: ["Read"], Site: ["Read"] });
    renderAt("/products/4/create");
    await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
  });

  it("/products/4/9 shows the product with its variants; /products/4/9/variants the collection alone", async () => {
    signInWith(ALL);
    renderAt("/products/4/9");
    expect(await screen.findByRole("heading", { name: "Business cards" }, slow)).toBeInTheDocument();
    const section = await screen.findByRole("region", { name: "Variants" }, slow);
    expect(within(section).getByText("Matte")).toBeInTheDocument();
    cleanup();

    renderAt("/products/4/9/variants");
    expect(await screen.findByRole("heading", { name: "Variants" }, slow)).toBeInTheDocument();
    const table = await screen.findByRole("table", undefined, slow);
    expect(await within(table).findByText("Gloss", undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Business cards/ })).toHaveAttribute("href", "/products/4/9");
  });

  it("a product shown under another site's URL is not found there", async () => {
    signInWith(ALL);
    renderAt("/products/4/10");
    expect(await screen.findByText("This product is not in this list.", undefined, slow)).toBeInTheDocument();
  });

  it("/products stays the list of every site's products, each linking under its own site", async () => {
    signInWith(ALL);
    const dataProvider = renderAt("/products");
    expect(await screen.findByRole("heading", { name: "Products" }, slow)).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Banners" }, slow)).toHaveAttribute(
      "href",
      "/products/5/10",
    );
    for (const [params] of calls(dataProvider.getList, "Product")) {
      expect((params as { filters?: unknown[] }).filters ?? []).toEqual([]);
    }
    // Products are created under a site: the list offers to open one instead.
    expect(screen.queryByRole("button", { name: /Create product/ })).toBeNull();
    expect(screen.getByText("Open a site…")).toBeInTheDocument();
  });

  it("a scoped drawer kind creates over the scope's list with the scope locked", async () => {
    signInWith(ALL);
    const dataProvider = renderAt("/templates/5/create");
    const drawer = await screen.findByRole("dialog", undefined, slow);
    expect(await within(drawer).findByLabelText("Site", undefined, slow)).toBeDisabled();
    expect(await screen.findByRole("heading", { name: "Templates · Harbour" }, slow)).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText("Name"), { target: { value: "Menu" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled(), slow);
    expect(dataProvider.create).toHaveBeenCalledWith(
      expect.objectContaining({ variables: { name: "Menu", site_id: 5 } }),
    );
    await waitFor(() => expect(location()).toMatch(/^\/templates\/5(\?|$)/), slow);
  });
});

describe("record ids are digits only", () => {
  it.each([
    ["/orders/12ab", "Order"],
    ["/orders/12ab/edit", "Order"],
    ["/products/4/import", "Product"],
    ["/products/abc", "Product"],
    ["/products/4/9x/variants", "Product"],
  ])("%s renders the not-found page without asking the server", async (path, kind) => {
    signInWith(ALL);
    const dataProvider = renderAt(path);
    expect(await notFound()).toBeInTheDocument();
    expect(calls(dataProvider.getOne, kind)).toEqual([]);
    expect(calls(dataProvider.getList, kind)).toEqual([]);
    expect(location()).toBe(path);
  });

  it("/orders/12 is the order", async () => {
    signInWith(ALL);
    const dataProvider = renderAt("/orders/12");
    expect(await screen.findByRole("heading", { name: "Spring mailing" }, slow)).toBeInTheDocument();
    expect(calls(dataProvider.getOne, "Order")).toHaveLength(1);
  });

  it("in the app's route tree too: /vendors/12ab is not found", async () => {
    signInWith({ Vendor: ["Read"] });
    const dataProvider = fakeDataProvider({ Vendor: [{ id: 12, name: "Acme" }] });
    renderWithProviders(<AppRoutes />, { path: "/vendors/12ab", dataProvider });
    expect(await notFound()).toBeInTheDocument();
    expect(dataProvider.getOne).not.toHaveBeenCalled();
    expect(dataProvider.getList).not.toHaveBeenCalled();
  });
});
