import type { AccessControlProvider } from "@refinedev/core";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../src/app-providers";
import type { NavigationItem } from "../../../src/layouts/navigation-item";
import { NavigationMenu, selectedRoute, toMenuItems } from "../../../src/layouts/navigation-menu";
import { testRouterBindings } from "../test-router-bindings";

vi.setConfig({ testTimeout: 20_000 });

const items: NavigationItem[] = [
  { route: "/", label: "Home", icon: "home" },
  { route: "/orders", label: "Orders", group: "Orders", access: { resource: "Order", action: "ReadAny" } },
  { route: "/mail-orders", label: "Mail orders", group: "Orders", access: { resource: "MailOrder" } },
  { route: "/vendors", label: "Vendors", group: "Purchasing", access: { resource: "Vendor" } },
  { route: "/roles", label: "Roles", group: "Administration", access: { resource: "Role", action: "Read" } },
];

function renderMenu(path: string, can: AccessControlProvider["can"]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders
        mode="develop"
        routerProvider={testRouterBindings}
        accessControl={{ can }}
        auth={{
          login: async () => ({ success: true }),
          logout: async () => ({ success: true }),
          check: async () => ({ authenticated: true }),
          onError: async () => ({}),
        }}
      >
        <NavigationMenu items={items} />
      </AppProviders>
    </MemoryRouter>,
  );
}

describe("navigation menu", () => {
  it("groups entries by area, ungrouped first, in order of appearance", () => {
    const menu = toMenuItems(items);
    expect(menu.map((item) => item?.key)).toEqual([
      "/",
      "group:Orders",
      "group:Purchasing",
      "group:Administration",
    ]);
    const orders = menu[1] as { label: string; children: { key: string }[] };
    expect(orders.label).toBe("Orders");
    expect(orders.children.map((child) => child.key)).toEqual(["/orders", "/mail-orders"]);
  });

  it("highlights the entry owning the current path", () => {
    expect(selectedRoute(items, "/")).toBe("/");
    expect(selectedRoute(items, "/orders/12")).toBe("/orders");
    expect(selectedRoute(items, "/orders-archive")).toBeUndefined();
    expect(selectedRoute(items, "/mail-orders/3/packing-slip")).toBe("/mail-orders");
  });

  it("shows only what the access-control provider allows, asking with each entry's action", async () => {
    const can = vi.fn<AccessControlProvider["can"]>(async ({ resource }) => ({
      can: resource === "Order" || resource === "Vendor",
    }));
    renderMenu("/orders/5", can);
    // The entries wait for their access answers: generous timeouts for a loaded CI machine.
    const slow = { timeout: 10_000 };
    expect(await screen.findByRole("link", { name: "Orders" }, slow)).toHaveAttribute("href", "/orders");
    expect(await screen.findByRole("link", { name: "Vendors" }, slow)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Home" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Mail orders" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Roles" })).not.toBeInTheDocument();
    expect(screen.queryByText("Administration")).not.toBeInTheDocument();
    expect(can).toHaveBeenCalledWith(expect.objectContaining({ resource: "Order", action: "ReadAny" }));
    expect(can).toHaveBeenCalledWith(expect.objectContaining({ resource: "MailOrder", action: "list" }));
    const selected = screen.getByRole("menuitem", { name: /Orders$/ });
    expect(selected).toHaveClass("ant-menu-item-selected");
    expect(within(selected).getByRole("link")).toHaveAttribute("href", "/orders");
  });
});
