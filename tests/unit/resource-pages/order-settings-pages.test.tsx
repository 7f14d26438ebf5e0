// A site's order settings (spec §2 /sites/{id}/{order_settings_id} and …/{step_id}), from the real
// declarations: listed on the site's page, one setting with its steps linking to each step's
// page, a step's page, the guards (open to read like every sites page, spec §6; changes need Site's actions)
// and digits-only ids.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearProfile } from "../../../src/auth/profile-store";
import { resourceRoutes } from "../../../src/pages/resource/resource-route-tree";
import { accessControlProvider } from "../../../src/providers/access-control";
import orderSettings from "../../../src/resources/order-settings";
import sites from "../../../src/resources/sites";
import { fakeDataProvider, renderWithProviders, signInWith } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const step = (id: number, position: number, name: string, kind: string, over = {}) => ({
  id,
  position,
  name,
  kind,
  approver_id: null,
  required: true,
  due_hours: null,
  instructions: null,
  ...over,
});

const rows = {
  Site: [
    { id: 4, name: "Main street", domain: "main.example.test", kind: "retail", status: "active", version: 1 },
    { id: 5, name: "Harbour", domain: "harbour.example.test", kind: "retail", status: "active", version: 1 },
  ],
  OrderSetting: [
    {
      id: 7,
      site_id: 4,
      name: "Standard checkout",
      applies_to: "print",
      approval_required: false,
      min_order_amount: "25.00",
      active: true,
      version: 2,
      steps: [
        step(31, 0, "Review the cart", "review"),
        step(32, 1, "Approve the proof", "proof", {
          approver_id: 2,
          due_hours: 48,
          instructions: "Send the PDF proof.",
        }),
        step(33, 2, "Confirm the order", "confirm", { required: false }),
      ],
    },
  ],
  User: [{ id: 2, name: "Casey Rivera" }],
};

function renderAt(path: string, dataProvider = fakeDataProvider(rows)) {
  renderWithProviders(
    <Routes>
      {[sites, orderSettings].map(resourceRoutes)}
      <Route path="/unauthorized" element={<p>unauthorized</p>} />
      <Route path="*" element={<p>catch-all</p>} />
    </Routes>,
    { path, dataProvider, can: accessControlProvider.can },
  );
  return dataProvider;
}

const location = () => screen.getByTestId("location").textContent ?? "";
const calls = (method: unknown, resource: string) =>
  vi
    .mocked(method as (p: { resource: string }) => unknown)
    .mock.calls.filter(([p]) => p.resource === resource);

afterEach(() => {
  cleanup();
  clearProfile();
});

describe("a site's order settings", () => {
  it("the declaration: part of a site, no list nor menu entry, steps with their own pages", () => {
    expect(orderSettings).toMatchObject({
      kind: "OrderSetting",
      path: "order-settings",
      partOf: "site_id",
      scopedBy: "site_id",
      scopeRoute: "/sites",
      hidden: true,
      pages: "routes",
    });
    expect(orderSettings.children.steps).toMatchObject({ rowPages: true, ownChangeLog: true, min: 1 });
    expect(sites.related).toContainEqual({ kind: "OrderSetting", field: "site_id" });
  });

  it("/sites/4 lists the site's order settings, each linking to its page", async () => {
    signInWith({ Site: ["Read"] });
    const dataProvider = renderAt("/sites/4");
    const section = await screen.findByRole("region", { name: "Order settings" }, slow);
    const link = await within(section).findByRole("link", { name: "Standard checkout" }, slow);
    expect(link).toHaveAttribute("href", "/sites/4/7");
    for (const [params] of calls(dataProvider.getList, "OrderSetting")) {
      expect(params).toMatchObject({ filters: [{ field: "site_id", operator: "eq", value: 4 }] });
    }
  });

  it("a signed-in user without Site permissions sees the site and its order settings (spec §6: sites need none)", async () => {
    signInWith({});
    renderAt("/sites/4");
    const drawer = await screen.findByRole("dialog", undefined, slow);
    expect(await within(drawer).findByText("main.example.test", undefined, slow)).toBeInTheDocument();
    const section = await screen.findByRole("region", { name: "Order settings" }, slow);
    expect(await within(section).findByRole("link", { name: "Standard checkout" }, slow)).toBeInTheDocument();
  });

  it("/sites/4/7 shows the setting with its steps in order, each linking to its page", async () => {
    signInWith({ Site: ["Read", "Update"], User: ["Read"] });
    renderAt("/sites/4/7");
    expect(await screen.findByRole("heading", { name: "Standard checkout" }, slow)).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: /Order settings · Main street/ }, slow)).toHaveAttribute(
      "href",
      "/sites/4",
    );
    const section = await screen.findByRole("region", { name: "Steps" }, slow);
    const links = within(section).getAllByRole("link", { name: /^Open step/ });
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Review the cart", "/sites/4/7/31"],
      ["Approve the proof", "/sites/4/7/32"],
      ["Confirm the order", "/sites/4/7/33"],
    ]);
    expect(await within(section).findByText("Casey Rivera", undefined, slow)).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: /Edit/ }));
    await waitFor(() => expect(location()).toBe("/sites/4/7/edit"), slow);
  });

  it("/sites/4/7/32 shows one step: its fields, its place, its change log and the way back", async () => {
    signInWith({ Site: ["Read"], User: ["Read"] });
    renderAt("/sites/4/7/32");
    expect(await screen.findByRole("heading", { name: "Approve the proof" }, slow)).toBeInTheDocument();
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
    expect(screen.getByText("Send the PDF proof.")).toBeInTheDocument();
    expect(await screen.findByText("Casey Rivera", undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Standard checkout/ })).toHaveAttribute("href", "/sites/4/7");
    // Steps are edited with their setting: only those who may update the site see Edit.
    expect(screen.queryByRole("button", { name: /Edit order setting/ })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: /Change log/ }));
    await waitFor(() => expect(location()).toBe("/sites/4/7/step/32/change-logs"), slow);
  });

  it("a step of another setting, or a setting of another site, is not found there", async () => {
    signInWith({ Site: ["Read"] });
    renderAt("/sites/4/7/99");
    expect(
      await screen.findByText("This step is not one of this order setting's.", undefined, slow),
    ).toBeInTheDocument();
    cleanup();

    renderAt("/sites/5/7/31");
    expect(
      await screen.findByText("This order setting could not be loaded.", undefined, slow),
    ).toBeInTheDocument();
    cleanup();

    renderAt("/sites/5/7");
    expect(
      await screen.findByText("This order setting is not in this list.", undefined, slow),
    ).toBeInTheDocument();
  });

  it.each(["/sites/4/7", "/sites/4/7/32"])(
    "%s opens to a user without Site permissions, with no way to change it",
    async (path) => {
      signInWith({ Order: ["ReadAny"] });
      const dataProvider = renderAt(path);
      expect(await screen.findByRole("heading", { level: 3 }, slow)).toBeInTheDocument();
      expect(location()).toBe(path);
      expect(calls(dataProvider.getOne, "OrderSetting")).not.toEqual([]);
      expect(screen.queryByRole("button", { name: /Edit/ })).toBeNull();
    },
  );

  it.each(["/sites/4/create", "/sites/4/7/edit"])(
    "%s needs Site's actions: a user without them is sent to /unauthorized",
    async (path) => {
      signInWith({ Order: ["ReadAny"], Site: ["Read"] });
      const dataProvider = renderAt(path);
      await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
      expect(calls(dataProvider.getOne, "OrderSetting")).toEqual([]);
    },
  );

  it.each(["/sites/4/7x", "/sites/4/7/3x", "/sites/x4/7"])(
    "%s renders the not-found page without asking the server",
    async (path) => {
      signInWith({ Site: ["*"] });
      const dataProvider = renderAt(path);
      expect(
        await screen.findByText("Sorry, the page you visited does not exist.", undefined, slow),
      ).toBeInTheDocument();
      expect(calls(dataProvider.getOne, "OrderSetting")).toEqual([]);
    },
  );

  it("/sites/4/edit stays the site's own edit", async () => {
    signInWith({ Site: ["Read", "Update"] });
    renderAt("/sites/4/edit");
    const drawer = await screen.findByRole("dialog", undefined, slow);
    expect(await within(drawer).findByText("Edit site", undefined, slow)).toBeInTheDocument();
  });
});
