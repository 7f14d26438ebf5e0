// Lists that survive navigation: one kind's list state (sort, filters, page, rows) never carries
// into another kind's list reached by a link without a query (the menu's), a sort goes back to the
// first page, the total is shown, and the search box says what it searches.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Link, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { searchPlaceholder } from "../../../src/pages/resource/list-filters";
import ResourceListPage from "../../../src/pages/resource/list-page";
import { defineResource } from "../../../src/resource-engine/define";
import { money, text } from "../../../src/resource-engine/fields";
import { resourceOf } from "../../../src/resource-engine/registry";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

const vendors = defineResource({
  kind: "Vendor",
  fields: {
    name: text({ required: true, searchable: true, sortable: true }),
    credit: money({ sortable: true }),
  },
  list: ["name", "credit"],
  sort: "name",
});

const categories = defineResource({
  kind: "VendorCategory",
  fields: { code: text({ required: true, searchable: true, sortable: true }), label: text() },
  list: ["code", "label"],
  sort: "-code",
});

const rows = {
  Vendor: Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Vendor ${i + 1}`, credit: i })),
  VendorCategory: [
    { id: 7, code: "PAPER", label: "Paper" },
    { id: 8, code: "INK", label: "Ink" },
  ],
};

function renderLists(path: string) {
  const dataProvider = fakeDataProvider(rows);
  renderWithProviders(
    <>
      {/* The menu's links: no query. */}
      <nav>
        <Link to="/vendors">Vendors menu</Link>
        <Link to="/vendor-categories">Categories menu</Link>
      </nav>
      <Routes>
        <Route path="/vendors" element={<ResourceListPage resource={vendors} />} />
        <Route path="/vendor-categories" element={<ResourceListPage resource={categories} />} />
      </Routes>
    </>,
    { path, dataProvider },
  );
  return dataProvider;
}

const location = () => decodeURIComponent(screen.getByTestId("location").textContent ?? "");
const lastList = (provider: ReturnType<typeof fakeDataProvider>) =>
  vi.mocked(provider.getList).mock.calls.at(-1)?.[0];

describe("a list reached from another kind's list", () => {
  it("starts from its own defaults: its sort, no filters, the first page, its own columns", async () => {
    const dataProvider = renderLists(
      "/vendors?pageSize=25&currentPage=2&sorters[0][field]=credit&sorters[0][order]=desc&filters[0][field]=search&filters[0][operator]=contains&filters[0][value]=Vendor",
    );
    await screen.findByText("Vendor 26", undefined, slow);
    expect(lastList(dataProvider)).toMatchObject({
      resource: "Vendor",
      pagination: { currentPage: 2, pageSize: 25 },
      sorters: [{ field: "credit", order: "desc" }],
    });

    fireEvent.click(screen.getByRole("link", { name: "Categories menu" }));
    const table = await screen.findByRole("table", undefined, slow);
    await within(table).findByText("PAPER", undefined, slow);
    // Every request for the categories asked with their own defaults, never the vendors' state.
    const asked = vi
      .mocked(dataProvider.getList)
      .mock.calls.map(([params]) => params)
      .filter((params) => params.resource === "VendorCategory");
    expect(asked.length).toBeGreaterThan(0);
    for (const params of asked) {
      expect(params.sorters).toEqual([{ field: "code", order: "desc" }]);
      expect(params.filters).toEqual([]);
      expect(params.pagination).toMatchObject({ currentPage: 1, pageSize: 25 });
    }
    expect(location()).toContain("/vendor-categories?");
    expect(location()).toContain("sorters[0][field]=code");
    expect(location()).not.toContain("credit");
    expect(location()).not.toContain("filters");
    expect(location()).toContain("currentPage=1");
    // Its own columns, and no vendor drawn with them.
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual(["Code", "Label", "Actions"]);
    expect(within(table).queryByText("Vendor 26")).not.toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search vendor categories" })).toHaveValue("");

    // And back through the menu: the vendors' defaults, not the page and sort left there.
    fireEvent.click(screen.getByRole("link", { name: "Vendors menu" }));
    await screen.findByText("Vendor 1", undefined, slow);
    expect(lastList(dataProvider)).toMatchObject({
      resource: "Vendor",
      pagination: { currentPage: 1, pageSize: 25 },
      sorters: [{ field: "name", order: "asc" }],
      filters: [],
    });
  });
});

describe("a list's page", () => {
  it("goes back to the first page when the sort changes", async () => {
    const dataProvider = renderLists(
      "/vendors?pageSize=25&currentPage=3&sorters[0][field]=name&sorters[0][order]=asc",
    );
    await screen.findByText("Vendor 51", undefined, slow);
    fireEvent.click(screen.getByRole("columnheader", { name: /Credit/ }));
    await waitFor(
      () =>
        expect(lastList(dataProvider)).toMatchObject({
          pagination: { currentPage: 1 },
          sorters: [{ field: "credit", order: "asc" }],
        }),
      slow,
    );
    expect(location()).toContain("currentPage=1");
    expect(location()).toContain("sorters[0][field]=credit");
  });

  it("goes back to the first page when a search is made", async () => {
    const dataProvider = renderLists(
      "/vendors?pageSize=25&currentPage=2&sorters[0][field]=name&sorters[0][order]=asc",
    );
    await screen.findByText("Vendor 26", undefined, slow);
    const box = screen.getByRole("searchbox", { name: "Search vendors" });
    fireEvent.change(box, { target: { value: "Vendor 3" } });
    fireEvent.keyDown(box, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(
      () =>
        expect(lastList(dataProvider)).toMatchObject({
          pagination: { currentPage: 1 },
          filters: [{ field: "search", operator: "contains", value: "Vendor 3" }],
        }),
      slow,
    );
  });

  it("shows the total under the table", async () => {
    renderLists("/vendors");
    expect(await screen.findByText("1–25 of 60", undefined, slow)).toBeInTheDocument();
  });
});

describe("the search box", () => {
  it("says which fields it searches, the first three of the declaration's searchable fields", () => {
    const orders = resourceOf("Order");
    if (!orders) throw new Error("Order is declared");
    expect(searchPlaceholder(orders)).toBe("Search order number, customer, customer PO…");
    expect(searchPlaceholder(vendors)).toBe("Search name…");
  });

  it("shows its placeholder on the list", async () => {
    renderLists("/vendor-categories");
    expect(await screen.findByRole("searchbox", { name: "Search vendor categories" }, slow)).toHaveAttribute(
      "placeholder",
      "Search code…",
    );
  });
});
