// The generated routes inside the real route tree: a declared kind's list, its drawer routes
// (a link to an open record works on first load), the change log, and the permission guard
// that waits for the profile and sends a user lacking the permission to /unauthorized.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AxiosResponse, InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearProfile } from "../../../src/auth/profile-store";
import { httpClient } from "../../../src/providers/http-client";
import { AppRoutes } from "../../../src/routes";
import { fakeDataProvider, renderWithProviders, signInWith, userWith } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const rows = {
  Vendor: [{ id: 12, name: "Acme Paper", vendor_category_id: 7, terms: "net30", version: 2 }],
  VendorCategory: [{ id: 7, name: "Paper" }],
};

const location = () => screen.getByTestId("location").textContent ?? "";

// Unmount first: a guard still mounted when the profile goes would start loading it again.
afterEach(() => {
  cleanup();
  clearProfile();
});

describe("generated resource routes", () => {
  it("/vendors: the list, for a user who may read vendors", async () => {
    signInWith({ Vendor: ["Read"], VendorCategory: ["Read"] });
    renderWithProviders(<AppRoutes />, { path: "/vendors", dataProvider: fakeDataProvider(rows) });
    expect(await screen.findByRole("heading", { name: "Vendors" }, slow)).toBeInTheDocument();
    expect(await screen.findByText("Acme Paper", undefined, slow)).toBeInTheDocument();
  });

  it("a change of the query alone (a search) reaches the list inside the route tree", async () => {
    // AppRoutes keeps its matched tree per pathname: the page must still see the new query.
    signInWith({ Vendor: ["Read"], VendorCategory: ["Read"] });
    const dataProvider = fakeDataProvider(rows);
    renderWithProviders(<AppRoutes />, { path: "/vendors", dataProvider });
    await screen.findByText("Acme Paper", undefined, slow);
    const search = screen.getByRole("searchbox", { name: "Search vendors" });
    fireEvent.change(search, { target: { value: "acme" } });
    fireEvent.keyDown(search, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(decodeURIComponent(location())).toContain("filters[0][value]=acme"), slow);
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          expect.objectContaining({
            resource: "Vendor",
            filters: expect.arrayContaining([{ field: "search", operator: "contains", value: "acme" }]),
          }),
        ),
      slow,
    );
  });

  it("/vendors/12/edit: the list with the edit drawer open on the record", async () => {
    signInWith({ Vendor: ["Read", "Update"], VendorCategory: ["Read"] });
    renderWithProviders(<AppRoutes />, { path: "/vendors/12/edit", dataProvider: fakeDataProvider(rows) });
    const drawer = await screen.findByRole("dialog", undefined, slow);
    expect(within(drawer).getByText("Edit vendor")).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByLabelText("Name")).toHaveValue("Acme Paper"), slow);
    expect(screen.getByRole("heading", { name: "Vendors" })).toBeInTheDocument();
  });

  it("a user without Update is sent from the edit route to /unauthorized", async () => {
    signInWith({ Vendor: ["Read"] });
    renderWithProviders(<AppRoutes />, { path: "/vendors/12/edit", dataProvider: fakeDataProvider(rows) });
    await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
  });

  it("a user without Read is sent from the list to /unauthorized", async () => {
    signInWith({ VendorCategory: ["Read"] });
    renderWithProviders(<AppRoutes />, { path: "/vendors", dataProvider: fakeDataProvider(rows) });
    await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
  });

  it("/vendors/12/change-logs: the change-log page", async () => {
    signInWith({ Vendor: ["Read"] });
    renderWithProviders(<AppRoutes />, {
      path: "/vendors/12/change-logs",
      dataProvider: fakeDataProvider(rows),
    });
    expect(await screen.findByRole("heading", { name: "Change log" }, slow)).toBeInTheDocument();
  });

  it("waits for the profile before deciding", async () => {
    const pending: ((value: AxiosResponse) => void)[] = [];
    const previous = httpClient.defaults.adapter;
    httpClient.defaults.adapter = (config: InternalAxiosRequestConfig) =>
      new Promise<AxiosResponse>((resolve) => {
        pending.push((value) => resolve({ ...value, config }));
      });
    try {
      renderWithProviders(<AppRoutes />, { path: "/vendors", dataProvider: fakeDataProvider(rows) });
      await waitFor(() => expect(pending).toHaveLength(1), slow);
      expect(screen.getByLabelText("Loading")).toBeInTheDocument();
      expect(location()).toBe("/vendors");
      pending[0]({
        status: 200,
        statusText: "",
        headers: {},
        config: {} as InternalAxiosRequestConfig,
        data: { data: { user: userWith({ Vendor: ["Read"] }) } },
      });
      expect(await screen.findByRole("heading", { name: "Vendors" }, slow)).toBeInTheDocument();
    } finally {
      httpClient.defaults.adapter = previous;
    }
  });

  it("closing the drawer returns to the list as it was; with changes it asks first", async () => {
    signInWith({ Vendor: ["Read", "Update"], VendorCategory: ["Read"] });
    renderWithProviders(<AppRoutes />, {
      path: "/vendors/12/edit?currentPage=1&pageSize=10",
      dataProvider: fakeDataProvider(rows),
    });
    const drawer = await screen.findByRole("dialog", undefined, slow);
    // The loaded record resets the form, which re-creates its inputs: query after it arrives.
    await waitFor(() => expect(within(drawer).getByLabelText("Name")).toHaveValue("Acme Paper"), slow);
    const name = within(drawer).getByLabelText("Name");
    fireEvent.change(name, { target: { value: "Acme Paper Ltd" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Cancel" }));
    // antd repeats a confirm's title for screen readers: one dialog, two texts.
    expect((await screen.findAllByText("Discard unsaved changes?", undefined, slow)).length).toBeGreaterThan(
      0,
    );
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(location()).toMatch(/^\/vendors\?/), slow);
    expect(location()).toContain("pageSize=10");
  });
});
