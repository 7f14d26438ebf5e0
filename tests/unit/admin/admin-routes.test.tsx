import { screen, waitFor } from "@testing-library/react";
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

  it("keep /settings for product admins, who see the tenant and their merged permissions", async () => {
    setProfile(profile({ Role: ["*"], User: ["Read"] }));
    const first = renderAdmin(routes, { path: "/settings", dataProvider: fakeDataProvider() });
    await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
    first.unmount();

    setProfile(profile({ Role: ["*"], User: ["Read"] }, true));
    const custom = vi.fn(async (_params: { url: string; method: string }) => ({
      data: { id: 1, name: "Pressroom Demo Print" } as never,
    }));
    renderAdmin(routes, { path: "/settings", dataProvider: fakeDataProvider({}, { custom }) });
    expect(await screen.findByText("Pressroom Demo Print", undefined, slow)).toBeInTheDocument();
    expect(custom.mock.calls[0][0]).toMatchObject({ url: "tenant", method: "get" });
    expect(screen.getByText("All actions")).toBeInTheDocument();
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
