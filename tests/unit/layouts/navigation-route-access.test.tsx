// The menu and the home tiles offer only what the route guard lets the user open: with the app's own
// access-control provider, the spec's route table decides where it lists the route (/refund-approvals
// needs RefundApproval Update, /orders Order ReadAny), the kind's list permission elsewhere.
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../src/app-providers";
import { NavigationMenu } from "../../../src/layouts/navigation-menu";
import { accessControlProvider, setMergedPermissions } from "../../../src/providers/access-control";
import { renderApp } from "../render-app";
import { testRouterBindings } from "../test-router-bindings";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

// As the demo's customer service and press room roles (server/db/seed.ts), written out here.
const CSR_LIKE = {
  Order: ["Read", "ReadAny", "CreateAny", "UpdateAny"],
  Customer: ["*"],
  MailOrder: ["Read", "Create", "Update"],
  PackingSlip: ["Read", "Create", "Update"],
  UserPayment: ["Read", "Create"],
  RefundApproval: ["Read", "Create"],
};
const PRESS_LIKE = {
  ProductionStation: ["ReadPress", "ReadSpecialtyPress"],
  Run: ["Read", "Update", "Tasks"],
  Order: ["ReadOwn"],
};

function renderMenu(permissions: Record<string, string[]>) {
  setMergedPermissions({ isAdmin: false, permissions });
  return render(
    <MemoryRouter initialEntries={["/"]}>
      <AppProviders
        mode="develop"
        routerProvider={testRouterBindings}
        accessControl={accessControlProvider}
        auth={{
          login: async () => ({ success: true }),
          logout: async () => ({ success: true }),
          check: async () => ({ authenticated: true }),
          onError: async () => ({}),
        }}
      >
        <nav aria-label="menu">
          <NavigationMenu />
        </nav>
      </AppProviders>
    </MemoryRouter>,
  );
}

const menuLinks = () =>
  within(screen.getByRole("navigation", { name: "menu" }))
    .getAllByRole("link")
    .map((a) => a.getAttribute("href"));

afterEach(() => setMergedPermissions(null));

describe("the menu by route requirements", () => {
  it("a CSR-like user: orders, packing slips, mail orders, customers, transactions; no refund approvals", async () => {
    renderMenu(CSR_LIKE);
    await screen.findByRole("link", { name: "Orders" }, slow);
    await screen.findByRole("link", { name: "Transactions" }, slow);
    const links = menuLinks();
    for (const route of [
      "/",
      "/orders",
      "/packing-slips",
      "/mail-orders",
      "/customers",
      "/transactions",
      "/sites",
    ]) {
      expect(links, route).toContain(route);
    }
    // RefundApproval Read and Create, but /refund-approvals needs Update: not offered.
    expect(links).not.toContain("/refund-approvals");
    expect(links).not.toContain("/runs");
    expect(links).not.toContain("/vendors");
    expect(links).not.toContain("/users");
  });

  it("a press-like user: runs; no orders (Order ReadOwn, /orders needs ReadAny)", async () => {
    renderMenu(PRESS_LIKE);
    await screen.findByRole("link", { name: "Runs" }, slow);
    const links = menuLinks();
    expect(links).toContain("/runs");
    expect(links).toContain("/sites");
    expect(links).not.toContain("/orders");
    expect(links).not.toContain("/packing-slips");
    expect(links).not.toContain("/customers");
  });
});

describe("the home tiles by route requirements", () => {
  it("a press-like user gets the Runs tile, not Orders", async () => {
    setMergedPermissions({ isAdmin: false, permissions: PRESS_LIKE });
    renderApp("/", { name: "Pat", can: accessControlProvider.can });
    const main = await screen.findByRole("main", undefined, slow);
    expect(await within(main).findByRole("link", { name: /Runs/ }, slow)).toHaveAttribute("href", "/runs");
    expect(within(main).queryByRole("link", { name: /Orders/ })).not.toBeInTheDocument();
  });

  it("a CSR-like user gets Orders, Mail orders and Customers, not Runs", async () => {
    setMergedPermissions({ isAdmin: false, permissions: CSR_LIKE });
    renderApp("/", { name: "Casey", can: accessControlProvider.can });
    const main = await screen.findByRole("main", undefined, slow);
    expect(await within(main).findByRole("link", { name: /Orders/ }, slow)).toHaveAttribute(
      "href",
      "/orders",
    );
    expect(within(main).getByRole("link", { name: /Mail orders/ })).toHaveAttribute("href", "/mail-orders");
    expect(within(main).getByRole("link", { name: /Customers/ })).toHaveAttribute("href", "/customers");
    expect(within(main).queryByRole("link", { name: /Runs/ })).not.toBeInTheDocument();
  });
});
