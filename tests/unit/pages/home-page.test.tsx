import { screen, within } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { renderApp } from "../render-app";

vi.setConfig({ testTimeout: 30_000 });

it("greets the user and shows a tile for each area they may open", async () => {
  renderApp("/", {
    name: "Ada",
    can: async ({ resource, action }) => ({
      can: (resource === "Order" && action === "ReadAny") || resource === "Vendor",
    }),
  });
  const main = await screen.findByRole("main", undefined, { timeout: 15_000 });
  expect(
    await within(main).findByRole("heading", { name: "Welcome, Ada" }, { timeout: 15_000 }),
  ).toBeInTheDocument();
  expect(await within(main).findByRole("link", { name: /Orders/ })).toHaveAttribute("href", "/orders");
  expect(await within(main).findByRole("link", { name: /Vendors/ })).toHaveAttribute("href", "/vendors");
  expect(within(main).queryByRole("link", { name: /Users/ })).not.toBeInTheDocument();
  expect(within(main).queryByRole("link", { name: /Runs/ })).not.toBeInTheDocument();
});
