// /inventories/quantity-change-logs: the log's request (its API path, the page, the item filter
// from the URL), the columns, and clearing the filter through the URL.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import QuantityChangeLogPage from "../../../src/custom/inventory/quantity-change-log-page";
import { QUANTITY_LOG_ROUTE, quantityLogLink } from "../../../src/custom/inventory/quantity-change-log-route";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

const items = [
  { id: 3, sku: "GC100", name: "100# Gloss Cover" },
  { id: 4, sku: "UN70", name: "70# Uncoated Text" },
];
const log = [
  {
    id: 9,
    inventory_id: 3,
    at: "2026-03-05T14:30:00.000Z",
    user: { id: 1, name: "Avery Admin" },
    type: "adjust",
    quantity: 500,
    balance_after: 1500,
    reference: null,
    note: null,
  },
  {
    id: 8,
    inventory_id: 3,
    at: "2026-03-04T09:00:00.000Z",
    user: null,
    type: "consume",
    quantity: -250,
    balance_after: 1000,
    reference: "RUN-77",
    note: "Job 1201",
  },
];

function renderLog(path: string) {
  const dataProvider = fakeDataProvider(
    { Inventory: items },
    {
      // The log and the item select share the kind; the log comes from its own path.
      getList: vi.fn(async ({ meta }) =>
        meta?.path === "inventories/quantity-change-logs"
          ? { data: log as never[], total: 40 }
          : { data: items as never[], total: items.length },
      ),
    },
  );
  renderWithProviders(
    <Routes>
      <Route path={QUANTITY_LOG_ROUTE} element={<QuantityChangeLogPage />} />
    </Routes>,
    { path, dataProvider },
  );
  return dataProvider;
}

const location = () => screen.getByTestId("location").textContent ?? "";

describe("inventory quantity log", () => {
  it("links: all items, or one item's log", () => {
    expect(quantityLogLink()).toBe("/inventories/quantity-change-logs");
    expect(quantityLogLink(3)).toBe("/inventories/quantity-change-logs?inventory_id=3");
  });

  it("asks for the URL's page of the URL's item and shows each change", async () => {
    const dataProvider = renderLog("/inventories/quantity-change-logs?inventory_id=3&page=2");
    const table = await screen.findByRole("table", undefined, slow);
    await within(table).findByText("+500", undefined, slow);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: "Inventory",
        meta: expect.objectContaining({ path: "inventories/quantity-change-logs" }),
        filters: [{ field: "inventory_id", operator: "eq", value: "3" }],
        pagination: expect.objectContaining({ currentPage: 2, pageSize: 25 }),
      }),
    );
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual([
      "When",
      "Who",
      "Inventory item",
      "Type",
      "Quantity",
      "Balance after",
      "Reference",
      "Note",
    ]);
    const first = within(within(table).getByText("+500").closest("tr") as HTMLElement);
    expect(first.getByText("Avery Admin")).toBeInTheDocument();
    expect(first.getByText("Adjust")).toBeInTheDocument();
    expect(first.getByText("1,500")).toBeInTheDocument();
    expect(await first.findByRole("link", { name: "100# Gloss Cover" }, slow)).toHaveAttribute(
      "href",
      "/inventories/3",
    );
    const second = within(within(table).getByText("RUN-77").closest("tr") as HTMLElement);
    expect(second.getByText("-250")).toBeInTheDocument();
    expect(second.getByText("Consume")).toBeInTheDocument();
    expect(second.getByText("Job 1201")).toBeInTheDocument();
    // The filter shows the chosen item.
    const filter = screen.getByLabelText("Inventory item").closest(".ant-select") as HTMLElement;
    expect(await within(filter).findByText("100# Gloss Cover", undefined, slow)).toBeInTheDocument();
  });

  it("clearing the item filter drops it and the page from the URL and asks for every item", async () => {
    const dataProvider = renderLog("/inventories/quantity-change-logs?inventory_id=3&page=2");
    const filter = (await screen.findByLabelText("Inventory item", undefined, slow)).closest(
      ".ant-select",
    ) as HTMLElement;
    await within(filter).findByText("100# Gloss Cover", undefined, slow);
    fireEvent.mouseDown(filter.querySelector(".ant-select-clear") as HTMLElement);
    await waitFor(() => expect(location()).toBe("/inventories/quantity-change-logs"), slow);
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenCalledWith(
          expect.objectContaining({
            meta: expect.objectContaining({ path: "inventories/quantity-change-logs" }),
            filters: [],
            pagination: expect.objectContaining({ currentPage: 1 }),
          }),
        ),
      slow,
    );
  });
});
