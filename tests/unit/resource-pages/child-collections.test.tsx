// Child collections in the generic form and show page: the exact PATCH of a child edit (whole
// collection, rows with ids, new rows without), nothing when no row changed, min rows checked
// before sending, add/move/remove by named buttons, the server's errors on their cells, a 409
// reload that keeps the user's rows, and the read-only tables with their rows' change-log links.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ChangeLogPage from "../../../src/pages/resource/change-log-page";
import { RecordDetails } from "../../../src/pages/resource/record-details";
import { RecordForm } from "../../../src/pages/resource/record-form";
import { dataProvider as apiDataProvider } from "../../../src/providers/data-provider";
import { clear } from "../../../src/providers/feedback-store";
import { clearSession, setSessionToken } from "../../../src/providers/session";
import { defineResource } from "../../../src/resource-engine/define";
import { integer, text } from "../../../src/resource-engine/fields";
import { installFakeTransport } from "../fake-transport";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const orders = defineResource({
  kind: "Order",
  pages: "routes",
  fields: { name: text({ required: true }) },
  children: {
    items: {
      fields: {
        sku: text({ label: "SKU", required: true }),
        quantity: integer({ required: true, min: 1, default: 1 }),
      },
      min: 1,
      max: 4,
    },
  },
});

const stored = {
  id: 5,
  name: "Spring mailing",
  version: 3,
  items: [
    { id: 11, position: 0, sku: "FLY-A5", quantity: 100 },
    { id: 12, position: 1, sku: "POS-A2", quantity: 2 },
  ],
};

const cell = (field: string, row: number) => screen.getByLabelText(`${field}, item ${row}`);
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));
const rowsShown = () =>
  screen.getAllByLabelText(/^SKU, item \d+$/).map((input) => (input as HTMLInputElement).value);

function renderForm(props: { action: "create" | "edit"; id?: string }, dataProvider = fakeDataProvider()) {
  const onSaved = vi.fn();
  renderWithProviders(<RecordForm resource={orders} onSaved={onSaved} onCancel={() => {}} {...props} />, {
    path: "/orders",
    dataProvider,
  });
  return { onSaved, dataProvider };
}

describe("child collection in the form: what goes on the wire", () => {
  const transport = installFakeTransport({ status: 200, data: { data: stored } });
  beforeEach(() => {
    transport.reset();
    setSessionToken("token-1");
  });
  afterEach(() => {
    clearSession();
    clear();
  });

  it("a changed row sends the whole collection: ids kept, the new row without one, in the shown order", async () => {
    const { onSaved } = renderForm({ action: "edit", id: "5" }, apiDataProvider);
    await waitFor(() => expect(cell("Quantity", 2)).toHaveValue("2"), slow);

    fireEvent.change(cell("Quantity", 2), { target: { value: "3" } });
    fireEvent.blur(cell("Quantity", 2));
    fireEvent.click(screen.getByRole("button", { name: /Add item/ }));
    fireEvent.change(cell("SKU", 3), { target: { value: "BRO-TRI" } });
    // The new row goes first: moved up twice by its own buttons.
    fireEvent.click(screen.getByRole("button", { name: "Move item 3 up" }));
    fireEvent.click(screen.getByRole("button", { name: "Move item 2 up" }));
    expect(rowsShown()).toEqual(["BRO-TRI", "FLY-A5", "POS-A2"]);
    save();

    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    // Then the saved record's detail is fetched again (invalidated after success).
    expect(transport.sent.slice(0, 2).map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: "GET", url: "/api/v1/orders/5", body: undefined },
      {
        method: "PATCH",
        url: "/api/v1/orders/5",
        body: {
          items: [
            { sku: "BRO-TRI", quantity: 1 },
            { id: 11, sku: "FLY-A5", quantity: 100 },
            { id: 12, sku: "POS-A2", quantity: 3 },
          ],
          version: 3,
        },
      },
    ]);
  });

  const patches = () => transport.sent.filter((request) => request.method === "PATCH").map((r) => r.body);

  it("rows left as they were are not sent", async () => {
    const { onSaved } = renderForm({ action: "edit", id: "5" }, apiDataProvider);
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("Spring mailing"), slow);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Summer mailing" } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    expect(patches()).toEqual([{ name: "Summer mailing", version: 3 }]);
  });

  it("a removed row is left out of the collection", async () => {
    const { onSaved } = renderForm({ action: "edit", id: "5" }, apiDataProvider);
    await waitFor(() => expect(cell("SKU", 2)).toHaveValue("POS-A2"), slow);
    fireEvent.click(screen.getByRole("button", { name: "Remove item 1" }));
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    expect(patches()).toEqual([{ items: [{ id: 12, sku: "POS-A2", quantity: 2 }], version: 3 }]);
  });
});

describe("child collection in the form: checks and errors", () => {
  it("a create starts with the rows the collection needs, and refuses fewer before sending", async () => {
    const { dataProvider } = renderForm({ action: "create" });
    fireEvent.change(await screen.findByLabelText("Name", undefined, slow), { target: { value: "Cards" } });
    expect(rowsShown()).toEqual([""]);
    expect(cell("Quantity", 1)).toHaveValue("1");
    fireEvent.click(screen.getByRole("button", { name: "Remove item 1" }));
    expect(await screen.findByText("Add at least 1 item.", undefined, slow)).toBeInTheDocument();
    save();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it("stops adding at the most rows, saying so", async () => {
    renderForm({ action: "create" });
    const add = await screen.findByRole("button", { name: /Add item/ }, slow);
    for (let i = 0; i < 3; i++) fireEvent.click(add);
    expect(rowsShown()).toHaveLength(4);
    expect(add).toBeDisabled();
    expect(screen.getByText("At most 4 items.")).toBeInTheDocument();
  });

  it("the server's errors land on their cell, the collection's and a row's under the table", async () => {
    const create = vi.fn(async () => {
      throw Object.assign(new Error("Validation failed"), {
        statusCode: 400,
        errors: {
          "items.2.quantity": ["Must be at most 50 for this SKU"],
          "items.1": ["Not an item of this order"],
          items: ["An order of cards needs a proof item"],
        },
      });
    });
    renderForm({ action: "create" }, fakeDataProvider({}, { create }));
    fireEvent.change(await screen.findByLabelText("Name", undefined, slow), { target: { value: "Cards" } });
    fireEvent.click(screen.getByRole("button", { name: /Add item/ }));
    fireEvent.click(screen.getByRole("button", { name: /Add item/ }));
    for (const [i, sku] of ["A", "B", "C"].entries()) {
      fireEvent.change(cell("SKU", i + 1), { target: { value: sku } });
    }
    save();

    await waitFor(() => expect(create).toHaveBeenCalled(), slow);
    const third = cell("Quantity", 3).closest(".ant-form-item") as HTMLElement;
    expect(
      await within(third).findByText("Must be at most 50 for this SKU", undefined, slow),
    ).toBeInTheDocument();
    const first = cell("Quantity", 1).closest(".ant-form-item") as HTMLElement;
    expect(within(first).queryByText("Must be at most 50 for this SKU")).toBeNull();
    const section = screen.getByRole("region", { name: "Items" });
    expect(within(section).getByText("An order of cards needs a proof item")).toBeInTheDocument();
    expect(within(section).getByText("Item 2: Not an item of this order")).toBeInTheDocument();
  });

  it("a stale version: Reload keeps the user's rows and says the server's rows changed too", async () => {
    let current: Record<string, unknown> = stored;
    const update = vi
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error("This order was changed by someone else since you opened it."), {
          statusCode: 409,
        }),
      )
      .mockImplementation(async ({ id, variables }) => ({ data: { id, ...variables } }));
    const getOne = vi.fn(async () => ({ data: current as never }));
    const { onSaved } = renderForm({ action: "edit", id: "5" }, fakeDataProvider({}, { getOne, update }));
    await waitFor(() => expect(cell("Quantity", 2)).toHaveValue("2"), slow);
    fireEvent.change(cell("Quantity", 2), { target: { value: "7" } });
    fireEvent.blur(cell("Quantity", 2));
    save();
    const alert = await screen.findByRole("alert", undefined, slow);

    current = {
      ...stored,
      version: 4,
      items: [...stored.items, { id: 13, position: 2, sku: "ENV-C5", quantity: 10 }],
    };
    fireEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    const note = await screen.findByText(
      "Reloaded. Changed on the server since you opened the form:",
      undefined,
      slow,
    );
    expect(note.closest(".ant-alert")).toHaveTextContent("Items: now 3 items (you changed it too");
    expect(rowsShown()).toEqual(["FLY-A5", "POS-A2"]);
    expect(cell("Quantity", 2)).toHaveValue("7");

    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    expect(update).toHaveBeenLastCalledWith(
      expect.objectContaining({
        variables: {
          items: [
            { id: 11, sku: "FLY-A5", quantity: 100 },
            { id: 12, sku: "POS-A2", quantity: 7 },
          ],
          version: 4,
        },
      }),
    );
  });
});

const facilities = defineResource({
  kind: "Location",
  path: "facilities",
  fields: { name: text({ required: true }) },
  children: {
    shipping_addresses: {
      fields: { nickname: text({ required: true }), city: text(), postal_code: text() },
      columns: ["nickname", "city"],
      ownChangeLog: true,
    },
  },
});

describe("child collections on the show page", () => {
  it("a read-only table per collection, each row linking to its own change log", async () => {
    const record = {
      id: 3,
      name: "North plant",
      shipping_addresses: [
        { id: 8, position: 0, nickname: "Dock B", city: "Duluth", postal_code: "55802" },
        { id: 9, position: 1, nickname: "Front desk", city: null, postal_code: "55803" },
      ],
    };
    renderWithProviders(<RecordDetails resource={facilities} record={record} />, {
      path: "/facilities/3",
      dataProvider: fakeDataProvider(),
    });
    const section = await screen.findByRole("region", { name: "Shipping addresses" }, slow);
    const table = within(section).getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Nickname", "City", "Change log"]);
    expect(within(table).queryByRole("textbox")).toBeNull();
    const dock = within(table).getByText("Dock B").closest("tr") as HTMLElement;
    expect(within(dock).getByText("Duluth")).toBeInTheDocument();
    expect(
      within(section).getByRole("link", { name: "Change log of shipping address Dock B" }),
    ).toHaveAttribute("href", "/facilities/3/shipping-address/8/change-logs");
  });

  it("a row's change log asks the child's own log and names the row", async () => {
    const getList = vi.fn(async () => ({
      data: [
        {
          id: 70,
          action: "update",
          changed_at: "2024-06-01T09:15:00.000Z",
          user: { id: 3, name: "Ada Printer" },
          changes: { city: { from: "Duluth", to: "Superior" } },
        },
      ] as never[],
      total: 1,
    }));
    const dataProvider = fakeDataProvider(
      {
        Location: [
          { id: 3, name: "North plant", shipping_addresses: [{ id: 8, position: 0, nickname: "Dock B" }] },
        ],
      },
      { getList },
    );
    renderWithProviders(
      <Routes>
        <Route
          path="/facilities/:id/shipping-address/:childId/change-logs"
          element={<ChangeLogPage resource={facilities} child="shipping_addresses" />}
        />
      </Routes>,
      { path: "/facilities/3/shipping-address/8/change-logs", dataProvider },
    );
    const body = (await screen.findByRole("table", undefined, slow)).querySelector("tbody") as HTMLElement;
    const item = await within(body).findByRole("listitem", undefined, slow);
    expect(item).toHaveTextContent("City: Duluth → Superior");
    expect(getList).toHaveBeenCalledWith(
      expect.objectContaining({
        meta: expect.objectContaining({ path: "facilities/3/shipping-addresses/8/change-logs" }),
      }),
    );
    expect(await screen.findByText("Shipping address Dock B", undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /North plant · Shipping addresses/ })).toHaveAttribute(
      "href",
      "/facilities/3",
    );
  });

  it("a parent's log names child rows: a changed cell, an added row, a removed row", async () => {
    const getList = vi.fn(async () => ({
      data: [
        {
          id: 41,
          action: "update",
          changed_at: "2024-06-01T09:15:00.000Z",
          user: null,
          changes: {
            name: { from: "Spring", to: "Spring mailing" },
            "items.12.quantity": { from: 2, to: 3 },
            "items.14": { from: null, to: "Flyers" },
            "items.15": { from: "Posters", to: null },
          },
        },
      ] as never[],
      total: 1,
    }));
    renderWithProviders(
      <Routes>
        <Route path="/orders/:id/change-logs" element={<ChangeLogPage resource={orders} />} />
      </Routes>,
      { path: "/orders/5/change-logs", dataProvider: fakeDataProvider({ Order: [stored] }, { getList }) },
    );
    const body = (await screen.findByRole("table", undefined, slow)).querySelector("tbody") as HTMLElement;
    await within(body).findAllByRole("listitem", undefined, slow);
    expect(
      within(body)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Name: Spring → Spring mailing",
      "Items #12 · Quantity: 2 → 3",
      "Items #14 added: Flyers",
      "Items #15 removed: Posters",
    ]);
  });
});
