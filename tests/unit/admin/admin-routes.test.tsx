import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearProfile, type ProfileUser, setProfile } from "../../../src/auth/profile-store";
import { getConfig } from "../../../src/config/config";
import { adminNavigationFor, adminNavigationItems } from "../../../src/custom/admin/admin-navigation";
import { adminRoutes } from "../../../src/custom/admin/admin-routes";
import { fakeDataProvider, renderAdmin } from "./render-admin";

vi.setConfig({ testTimeout: 60_000 });
const slow = { timeout: 30_000 };

function profile(permissions: Record<string, string[]>, isAdmin = false): ProfileUser {
  return {
    id: 1,
    name: "Avery Admin",
    email: "admin@pressroom.test",
    UserGroups: [
      {
        Groups: {
          id: 1,
          name: "Staff",
          is_admin: isAdmin,
          Sites: [{ id: 1, name: "Storefront", tenant_id: getConfig().tenantId }],
          GroupRoles: [{ Roles: { id: 1, name: "Staff", permissions } }],
        },
      },
    ],
  };
}

const routes = (
  <Routes>
    {adminRoutes()}
    <Route path="/unauthorized" element={<p>Unauthorized page</p>} />
  </Routes>
);

const day = { open: "08:00", close: "17:00" };
const SETTINGS = {
  tenant_id: 1,
  company_name: "Pressroom Demo Print",
  time_zone: "America/Chicago",
  business_hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: null, sun: null },
  holidays: [{ date: "2026-12-25", name: "Christmas Day" }],
  tax_rate: 10.25,
  order_number_format: "ORD-{n}",
  default_agent_id: null,
  payment_terms: "net_30",
  billing_address: null,
  shipping_address: null,
  logo: null,
  version: 3,
  updated_at: null,
  updated_by: null,
};

const location = () => screen.getByTestId("location").textContent;

afterEach(() => clearProfile());

describe("the administration routes", () => {
  it("open a page the permissions allow", async () => {
    setProfile(profile({ Role: ["Read"] }));
    const dataProvider = fakeDataProvider({
      Role: [
        {
          id: 1,
          name: "Staff",
          permissions: { Vendor: ["*"] },
          version: 1,
          updated_at: "2024-01-01T00:00:00Z",
        },
      ],
    });
    renderAdmin(routes, { path: "/roles", dataProvider });
    expect(await screen.findByRole("heading", { name: "Roles" }, slow)).toBeInTheDocument();
    expect(await screen.findByText("Staff", undefined, slow)).toBeInTheDocument();
    expect(location()).toBe("/roles");
  });

  it("send a user without the route's permission to /unauthorized", async () => {
    setProfile(profile({ Role: ["Read"] }));
    renderAdmin(routes, { path: "/roles/create", dataProvider: fakeDataProvider() });
    await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
  });

  it("keep /settings for product admins, who edit the tenant's settings and see their merged permissions", async () => {
    setProfile(profile({ Role: ["*"], User: ["Read"] }));
    const first = renderAdmin(routes, { path: "/settings", dataProvider: fakeDataProvider() });
    await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
    first.unmount();

    setProfile(profile({ Role: ["*"], User: ["Read"] }, true));
    const custom = vi.fn(async (params: { url: string; method: string; payload?: unknown }) => {
      if (params.method === "put") {
        throw Object.assign(new Error("Validation failed"), {
          statusCode: 400,
          errors: { tax_rate: ["Enter a tax rate from 0 to 30 %"] },
        });
      }
      if (params.url === "tenant/settings/changes") return { data: [] as never };
      return { data: SETTINGS as never };
    });
    renderAdmin(routes, { path: "/settings", dataProvider: fakeDataProvider({}, { custom }) });
    const company = await screen.findByLabelText("Company name", undefined, slow);
    await waitFor(() => expect(company).toHaveValue("Pressroom Demo Print"), slow);
    expect(custom.mock.calls.map((c) => c[0].url)).toContain("tenant/settings");
    // The server's sentence lands on its field.
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(await screen.findByText("Enter a tax rate from 0 to 30 %", undefined, slow)).toBeInTheDocument();
    const put = custom.mock.calls.find((c) => c[0].method === "put")?.[0] as {
      payload: Record<string, unknown>;
    };
    expect(put.payload).toMatchObject({ version: 3, tax_rate: 10.25, business_hours: { sat: null } });

    fireEvent.click(screen.getByRole("tab", { name: "Your access" }));
    expect(await screen.findByText("All actions", undefined, slow)).toBeInTheDocument();
    expect(screen.getByText("Read")).toBeInTheDocument();
    expect(screen.getByText("Yes")).toBeInTheDocument();
  });

  it("offer menu entries per kind, and settings to product admins only", () => {
    expect(adminNavigationItems.map((i) => [i.route, i.access?.resource])).toEqual([
      ["/roles", "Role"],
      ["/user-groups", "Group"],
      ["/users", "User"],
    ]);
    expect(adminNavigationItems.every((i) => i.group === "Administration")).toBe(true);
    expect(adminNavigationFor({ isAdmin: false, permissions: {} }).map((i) => i.route)).not.toContain(
      "/settings",
    );
    expect(adminNavigationFor({ isAdmin: true, permissions: {} }).map((i) => i.route)).toContain("/settings");
  });
});
