// The change-log page: GET {path}/{id}/change-logs through the data provider (meta.path),
// page from the URL, and each entry's when / who / action / field: from → to.
import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import ChangeLogPage from "../../../src/pages/resource/change-log-page";
import { defineResource } from "../../../src/resource-engine/define";
import { boolean, choice, text } from "../../../src/resource-engine/fields";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

const vendors = defineResource({
  kind: "Vendor",
  fields: {
    name: text({ required: true }),
    terms: choice([{ value: "net30", label: "Net 30" }, "cod"]),
    preferred: boolean(),
  },
});

const entries = [
  {
    id: 41,
    action: "update",
    changed_at: "2024-06-01T09:15:00.000Z",
    user: { id: 3, name: "Ada Printer" },
    changes: {
      name: { from: "Acme", to: "Acme Ltd" },
      terms: { from: "cod", to: "net30" },
      preferred: { from: false, to: true },
    },
  },
  { id: 40, action: "create", changed_at: "2024-05-01T08:00:00.000Z", user: null, changes: {} },
];

describe("change-log page", () => {
  it("asks for the record's log page and shows what changed", async () => {
    const dataProvider = fakeDataProvider(
      { Vendor: [{ id: 12, name: "Acme Ltd" }] },
      { getList: vi.fn(async () => ({ data: entries as never[], total: 27 })) },
    );
    renderWithProviders(
      <Routes>
        <Route path="/vendors/:id/change-logs" element={<ChangeLogPage resource={vendors} />} />
      </Routes>,
      { path: "/vendors/12/change-logs?page=2", dataProvider },
    );

    const table = await screen.findByRole("table", undefined, slow);
    const row = (await within(table).findByText("Ada Printer", undefined, slow)).closest("tr") as HTMLElement;
    expect(dataProvider.getList).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: "Vendor",
        pagination: expect.objectContaining({ currentPage: 2, pageSize: 25 }),
        meta: expect.objectContaining({ path: "vendors/12/change-logs" }),
      }),
    );
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date("2024-06-01T09:15:00.000Z"),
    );
    expect(within(row).getByText(when)).toBeInTheDocument();
    expect(within(row).getByText("update")).toHaveClass("ant-tag-blue");
    const items = within(row)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual(["Name: Acme → Acme Ltd", "Terms: Cod → Net 30", "Preferred: No → Yes"]);
    // The record's title links back to it; the pager knows the total.
    expect(await screen.findByRole("link", { name: /Acme Ltd/ }, slow)).toHaveAttribute(
      "href",
      "/vendors/12",
    );
    expect(screen.getByTitle("2")).toHaveClass("ant-pagination-item-active");
    expect(screen.getByText("create")).toBeInTheDocument();
  });
});
