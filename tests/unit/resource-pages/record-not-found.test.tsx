// A record that does not exist (the server answers 404): a not-found result with the way back to
// the list, no Edit, Delete or Change log, and no retries keeping a spinner up. Both page kinds:
// a drawer over the list (vendors) and a page of its own (orders).
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import RecordDrawer from "../../../src/pages/resource/record-drawer";
import RecordPage from "../../../src/pages/resource/record-page";
import { clear } from "../../../src/providers/feedback-store";
import orders from "../../../src/resources/orders";
import vendors from "../../../src/resources/vendors";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };
const location = () => screen.getByTestId("location").textContent;

afterEach(() => clear());

function missing(kind: string) {
  return fakeDataProvider(
    {},
    {
      getOne: vi.fn(async () => {
        throw Object.assign(new Error(`${kind} not found`), { statusCode: 404 });
      }),
    },
  );
}

function expectNoRecordActions() {
  for (const name of [/^Edit/, /^Delete/, /Change log/]) {
    expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
  }
}

describe("a record that does not exist", () => {
  it("drawer kind: /vendors/999999 shows not found, no actions, and goes back to the list", async () => {
    const dataProvider = missing("Vendor");
    renderWithProviders(
      <Routes>
        <Route path="/vendors" element={<p>Vendors list</p>} />
        <Route path="/vendors/:id" element={<RecordDrawer resource={vendors} mode="show" />} />
      </Routes>,
      { path: "/vendors/999999", dataProvider },
    );
    // A 404 is not asked again (three retries kept a spinner up for seconds): shown after one call.
    expect(await screen.findByText("This vendor does not exist", undefined, slow)).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText("Loading")).not.toBeInTheDocument();
    expectNoRecordActions();
    fireEvent.click(screen.getByRole("button", { name: "Back to Vendors" }));
    await waitFor(() => expect(location()).toBe("/vendors"), slow);
  });

  it("page kind: /orders/99999999 shows not found, no actions, and goes back to the list", async () => {
    const dataProvider = missing("Order");
    renderWithProviders(
      <Routes>
        <Route path="/orders" element={<p>Orders list</p>} />
        <Route path="/orders/:id" element={<RecordPage resource={orders} mode="show" />} />
      </Routes>,
      { path: "/orders/99999999", dataProvider },
    );
    expect(await screen.findByText("This order does not exist", undefined, slow)).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledTimes(1);
    expectNoRecordActions();
    fireEvent.click(screen.getByRole("button", { name: "Back to Orders" }));
    await waitFor(() => expect(location()).toBe("/orders"), slow);
  });

  it("the edit form of a missing record says so too", async () => {
    const dataProvider = missing("Vendor");
    renderWithProviders(
      <Routes>
        <Route path="/vendors" element={<p>Vendors list</p>} />
        <Route path="/vendors/:id/edit" element={<RecordDrawer resource={vendors} mode="edit" />} />
      </Routes>,
      { path: "/vendors/999999/edit", dataProvider },
    );
    expect(await screen.findByText("This vendor does not exist", undefined, slow)).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
  });
});
