// The print routes: in the guest layout behind the route table's Run Read, the page filled from one call of the
// data provider (runs/{id}/print-data); a user without Run Read goes to /unauthorized.
import { screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearProfile, type ProfileUser, setProfile } from "../../../src/auth/profile-store";
import { getConfig } from "../../../src/config/config";
import { runPrintRoutes } from "../../../src/custom/production/print/print-routes";
import { fakeDataProvider, renderAdmin } from "../admin/render-admin";

vi.setConfig({ testTimeout: 60_000 });
const slow = { timeout: 30_000 };

function profile(permissions: Record<string, string[]>): ProfileUser {
  return {
    id: 1,
    name: "Pat Press",
    email: "press@pressroom.test",
    UserGroups: [
      {
        Groups: {
          id: 1,
          name: "Press room",
          is_admin: false,
          Sites: [{ id: 1, name: "Storefront", tenant_id: getConfig().tenantId }],
          GroupRoles: [{ Roles: { id: 1, name: "Press room", permissions } }],
        },
      },
    ],
  };
}

const PRINT_DATA = {
  run: {
    id: 7,
    run_number: "R-40777",
    run_type: "digital_batch",
    sheet_width: 13,
    sheet_height: 19,
    coating: "none",
    items: [{ order_id: 10, order_item_id: 4411, slot: 1, number_up: 4, quantity_required: 500 }],
  },
  orders: [
    {
      id: 10,
      order_number: "ORD-104410",
      customer_id: 2,
      items: [{ id: 4411, product_id: 3, quantity: 500 }],
    },
  ],
  products: [{ id: 3, name: "Postcard 4×6", finished_width: 6, finished_height: 4 }],
  customers: [{ id: 2, name: "Park Bakery" }],
  attributes: [],
  stock: null,
  press: null,
};

const routes = (
  <Routes>
    {runPrintRoutes()}
    <Route path="/unauthorized" element={<p>Unauthorized page</p>} />
  </Routes>
);
const location = () => screen.getByTestId("location").textContent;

afterEach(() => clearProfile());

describe("the run print routes", () => {
  it("show the job jacket and run spread in the guest layout for Run Read, from runs/{id}/print-data", async () => {
    setProfile(profile({ Run: ["Read"] }));
    const custom = vi.fn(async () => ({ data: PRINT_DATA as never }));
    renderAdmin(routes, { path: "/runs/7/job-jacket", dataProvider: fakeDataProvider({}, { custom }) });
    expect(await screen.findByRole("heading", { level: 1 }, slow)).toHaveTextContent(
      "Job jacket · Run R-40777",
    );
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Item 4411");
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: "runs/7/print-data", method: "get" }));
    // The guest layout: the brand, no navigation.
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Print" })).toBeInTheDocument();
  });

  it("draw the run spread's sheet", async () => {
    setProfile(profile({ Run: ["Read"] }));
    const custom = vi.fn(async () => ({ data: PRINT_DATA as never }));
    renderAdmin(routes, { path: "/runs/7/run-spread", dataProvider: fakeDataProvider({}, { custom }) });
    expect(await screen.findByRole("heading", { level: 1 }, slow)).toHaveTextContent(
      "Run spread · Run R-40777",
    );
    // 13 × 19 drawn 19 across; four 6 × 4 postcards with 1/8" bleed fit.
    expect(screen.getByRole("img", { name: 'Press sheet 19" × 13" with 4 pieces' })).toBeInTheDocument();
  });

  it("send a user without Run Read to /unauthorized", async () => {
    setProfile(profile({ Order: ["ReadAny"] }));
    renderAdmin(routes, { path: "/runs/7/run-spread", dataProvider: fakeDataProvider() });
    await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
  });
});
