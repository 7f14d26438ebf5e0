// Fields that need an extra action (`requires`: a product's prices and Product UpdatePrice) are
// locked in the generic form for a caller without it, with the reason under them, a variant row's
// price too; with the action they are editable.
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearProfile } from "../../../src/auth/profile-store";
import { guardedLocks, requiredActions } from "../../../src/pages/resource/guarded-locks";
import { RecordForm } from "../../../src/pages/resource/record-form";
import { accessControlProvider } from "../../../src/providers/access-control";
import { defineResource } from "../../../src/resource-engine/define";
import { boolean, money, text } from "../../../src/resource-engine/fields";
import products from "../../../src/resources/products";
import { fakeDataProvider, renderWithProviders, signInWith } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const READ_ONLY = "Read-only: changing it needs Product Update price";

const priced = defineResource({
  kind: "Product",
  pages: "routes",
  fields: {
    name: text({ required: true }),
    setup_fee: money({ requires: "UpdatePrice" }),
  },
  children: {
    variants: { fields: { sku: text({ required: true }), price: money({ requires: "UpdatePrice" }) } },
  },
});

afterEach(() => {
  cleanup();
  clearProfile();
});

describe("guarded fields", () => {
  it("locks a product's prices for a caller without UpdatePrice, and nothing else", () => {
    expect(requiredActions(products)).toEqual(["UpdatePrice"]);
    const without = guardedLocks(products, () => false);
    expect(Object.keys(without).sort()).toEqual(["price_tiers", "setup_fee", "variants.*.price"]);
    expect(without.setup_fee).toEqual({ locked: true, message: READ_ONLY });
    expect(guardedLocks(products, (a) => a === "UpdatePrice")).toEqual({});
    const plain = defineResource({ kind: "Site", fields: { name: text(), open: boolean() } });
    expect(requiredActions(plain)).toEqual([]);
  });

  const render = (actions: string[]) => {
    signInWith({ Product: actions });
    const stored = {
      id: 3,
      version: 1,
      name: "Postcard",
      setup_fee: 25,
      variants: [{ id: 8, sku: "A", price: 10 }],
    };
    renderWithProviders(
      <RecordForm resource={priced} action="edit" id="3" onSaved={() => {}} onCancel={() => {}} />,
      {
        path: "/products/3/edit",
        dataProvider: fakeDataProvider({ Product: [stored], products: [stored] }),
        can: accessControlProvider.can,
      },
    );
  };

  it("shows the prices read-only, with why, to a caller without UpdatePrice", async () => {
    render(["Read", "Update"]);
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("Postcard"), slow);
    expect(screen.getByLabelText("Name")).toBeEnabled();
    expect(screen.getByLabelText("Setup fee")).toBeDisabled();
    expect(screen.getAllByText(READ_ONLY).length).toBe(2);
  });

  it("leaves them editable with UpdatePrice", async () => {
    render(["Read", "Update", "UpdatePrice"]);
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("Postcard"), slow);
    await waitFor(() => expect(screen.getByLabelText("Setup fee")).toBeEnabled(), slow);
    expect(screen.queryByText(READ_ONLY)).toBeNull();
  });
});
