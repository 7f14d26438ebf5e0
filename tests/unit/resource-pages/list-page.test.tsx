// The generic list from a test declaration: columns rendered by type, references batched into
// one getMany, URL-synced search, empty state, and the requests' pagination and sort.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import ResourceListPage from "../../../src/pages/resource/list-page";
import { defineResource } from "../../../src/resource-engine/define";
import {
  boolean,
  choice,
  colour,
  date,
  datetime,
  integer,
  money,
  reference,
  text,
} from "../../../src/resource-engine/fields";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

const vendors = defineResource({
  kind: "Vendor",
  fields: {
    name: text({ required: true, searchable: true, sortable: true }),
    vendor_category_id: reference("VendorCategory", { filter: true }),
    terms: choice([{ value: "net30", label: "Net 30", color: "blue" }, "cod"], { filter: true }),
    credit: money(),
    lead_time_days: integer({ unit: "days" }),
    since: date(),
    checked_at: datetime(),
    preferred: boolean({ filter: true }),
    brand: colour(),
  },
  list: [
    "name",
    "vendor_category_id",
    "terms",
    "credit",
    "lead_time_days",
    "since",
    "checked_at",
    "preferred",
    "brand",
  ],
  sort: "name",
});

const rows = {
  Vendor: [
    {
      id: 1,
      name: "Acme Paper",
      vendor_category_id: 7,
      terms: "net30",
      credit: "1234.5",
      lead_time_days: 12,
      since: "2024-03-05",
      checked_at: "2024-03-05T14:30:00.000Z",
      preferred: true,
      brand: "#ff0000",
    },
    { id: 2, name: "Ink Co", vendor_category_id: 8, terms: "cod", credit: 0, preferred: false },
  ],
  VendorCategory: [
    { id: 7, name: "Paper" },
    { id: 8, name: "Ink" },
  ],
};

function renderList(path: string, dataProvider = fakeDataProvider(rows)) {
  renderWithProviders(
    <Routes>
      <Route path="/vendors" element={<ResourceListPage resource={vendors} />} />
    </Routes>,
    { path, dataProvider },
  );
  return dataProvider;
}

const location = () => screen.getByTestId("location").textContent ?? "";

describe("resource list page", () => {
  it("asks for the first page in the declared sort and renders each column by type", async () => {
    const dataProvider = renderList("/vendors");
    const table = await screen.findByRole("table", undefined, slow);
    await within(table).findByText("Acme Paper", undefined, slow);

    expect(dataProvider.getList).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: "Vendor",
        pagination: expect.objectContaining({ currentPage: 1, pageSize: 25 }),
        sorters: [{ field: "name", order: "asc" }],
      }),
    );
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual([
      "Name",
      "Vendor category",
      "Terms",
      "Credit",
      "Lead time days",
      "Since",
      "Checked at",
      "Preferred",
      "Brand",
      "Actions",
    ]);

    const first = within(table).getByText("Acme Paper").closest("tr") as HTMLElement;
    const cell = within(first);
    expect(cell.getByText("Acme Paper").closest("a")).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/vendors\/1\?/),
    );
    expect(cell.getByText("Net 30")).toHaveClass("ant-tag-blue");
    expect(cell.getByText("$1,234.50")).toBeInTheDocument();
    expect(cell.getByText("12 days")).toBeInTheDocument();
    expect(
      cell.getByText(
        new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(2024, 2, 5)),
      ),
    ).toBeInTheDocument();
    expect(
      cell.getByText(
        new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
          new Date("2024-03-05T14:30:00.000Z"),
        ),
      ),
    ).toBeInTheDocument();
    expect(cell.getByText("Yes")).toHaveClass("ant-tag");
    expect(cell.getByText("#ff0000")).toBeInTheDocument();
    // The reference: the target's title, linked to its record; one getMany for the whole page.
    expect(await cell.findByRole("link", { name: "Paper" }, slow)).toHaveAttribute(
      "href",
      "/vendor-categories/7",
    );
    expect(dataProvider.getMany).toHaveBeenCalledTimes(1);
    expect(dataProvider.getMany).toHaveBeenCalledWith(
      expect.objectContaining({ resource: "VendorCategory", ids: [7, 8] }),
    );
    // The category filter asks for its options when opened, not beside the rows.
    const listed = () => vi.mocked(dataProvider.getList).mock.calls.map(([params]) => params.resource);
    expect(listed()).toEqual(["Vendor"]);
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Vendor category" }));
    await waitFor(() => expect(listed()).toEqual(["Vendor", "VendorCategory"]), slow);

    const second = within(within(table).getByText("Ink Co").closest("tr") as HTMLElement);
    expect(second.getByText("No")).toHaveClass("ant-tag");
    expect(second.getByText("$0.00")).toBeInTheDocument();
  });

  it("offers row actions and a create button when allowed", async () => {
    renderList("/vendors");
    await screen.findByText("Acme Paper", undefined, slow);
    expect(await screen.findByRole("link", { name: "Edit vendor 1" }, slow)).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/vendors\/1\/edit\?/),
    );
    expect(screen.getByRole("link", { name: "Change log of vendor 1" })).toHaveAttribute(
      "href",
      "/vendors/1/change-logs",
    );
    expect(screen.getByRole("button", { name: /Create vendor/ })).toBeInTheDocument();
  });

  it("deletes a row after its confirmation, and nothing when cancelled", async () => {
    const dataProvider = renderList("/vendors");
    await screen.findByText("Acme Paper", undefined, slow);
    fireEvent.click(await screen.findByRole("button", { name: "Delete vendor 2" }, slow));
    // The confirmation is made on the first click (row-actions.tsx); cancelled, the focus goes back to the delete
    // button (Cancel's own focus on opening is antd's autoFocus, which jsdom does not run: tests/e2e/keyboard.spec.ts).
    const cancel = await screen.findByRole("button", { name: "Cancel" }, slow);
    fireEvent.click(cancel);
    expect(dataProvider.deleteOne).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete vendor 2" })).toHaveFocus(), slow);
    fireEvent.click(screen.getByRole("button", { name: "Delete vendor 2" }));
    expect(await screen.findByText("Delete this vendor?", undefined, slow)).toBeInTheDocument();
    const confirm = screen
      .getAllByRole("button", { name: "Delete" })
      .find((button) => button.closest(".ant-popconfirm"));
    fireEvent.click(confirm as HTMLElement);
    await waitFor(
      () =>
        expect(dataProvider.deleteOne).toHaveBeenCalledWith(
          expect.objectContaining({ resource: "Vendor", id: 2 }),
        ),
      slow,
    );
    expect(dataProvider.deleteOne).toHaveBeenCalledTimes(1);
  });

  it("shows only the row actions the kind's permissions allow, asked once per list", async () => {
    const can = vi.fn(async ({ action }: { resource?: string; action: string }) => ({
      can: action === "list" || action === "show",
    }));
    renderWithProviders(
      <Routes>
        <Route path="/vendors" element={<ResourceListPage resource={vendors} />} />
      </Routes>,
      { path: "/vendors", dataProvider: fakeDataProvider(rows), can },
    );
    await screen.findByText("Acme Paper", undefined, slow);
    expect(await screen.findByRole("link", { name: "Show vendor 1" }, slow)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Change log of vendor 2" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Edit vendor/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete vendor/ })).toBeNull();
    const rowChecks = can.mock.calls.filter(
      ([params]) => params.resource === "Vendor" && ["show", "edit", "delete"].includes(params.action),
    );
    // Per action, not per row and action (two rows here).
    expect(new Set(rowChecks.map(([params]) => params.action))).toEqual(new Set(["show", "edit", "delete"]));
    expect(
      rowChecks.filter(([params]) => (params as { params?: { id?: unknown } }).params?.id !== undefined),
    ).toEqual([]);
  });

  it("search goes to the URL and the request; a reload of that URL asks the same", async () => {
    const dataProvider = renderList("/vendors");
    const box = await screen.findByRole("searchbox", { name: "Search vendors" }, slow);
    fireEvent.change(box, { target: { value: "acme" } });
    fireEvent.keyDown(box, { key: "Enter", code: "Enter", keyCode: 13 });
    const searched = expect.objectContaining({
      filters: [{ field: "search", operator: "contains", value: "acme" }],
    });
    await waitFor(() => expect(dataProvider.getList).toHaveBeenLastCalledWith(searched), slow);
    await waitFor(() => expect(decodeURIComponent(location())).toContain("filters[0][value]=acme"), slow);

    const url = location();
    document.body.innerHTML = "";
    const reloaded = renderList(url);
    await waitFor(() => expect(reloaded.getList).toHaveBeenCalledWith(searched), slow);
    expect(await screen.findByRole("searchbox", { name: "Search vendors" }, slow)).toHaveValue("acme");
  });

  it("an empty kind says so and offers to create the first record", async () => {
    renderList("/vendors", fakeDataProvider({}));
    expect(await screen.findByText("No vendors yet", undefined, slow)).toBeInTheDocument();
    const empty = screen.getByText("No vendors yet").closest(".ant-empty") as HTMLElement;
    expect(await within(empty).findByRole("button", { name: /Create vendor/ }, slow)).toBeInTheDocument();
  });
});
