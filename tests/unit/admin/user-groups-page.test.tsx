import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import UserGroupsPage from "../../../src/custom/admin/user-groups-page";
import { fakeDataProvider, renderAdmin } from "./render-admin";

vi.setConfig({ testTimeout: 60_000 });
const slow = { timeout: 30_000 };

const rows = {
  Group: [
    {
      id: 1,
      name: "Administrators",
      is_admin: true,
      site_ids: [1],
      role_ids: [1],
      member_ids: [1],
      version: 3,
    },
    { id: 3, name: "Press room", is_admin: false, site_ids: [], role_ids: [3], member_ids: [3], version: 2 },
  ],
  Site: [{ id: 1, name: "Storefront" }],
  Role: [
    { id: 1, name: "Administrator", permissions: {} },
    { id: 3, name: "Press room role", permissions: {} },
  ],
  User: [
    { id: 1, name: "Avery Admin", email: "admin@pressroom.test" },
    { id: 3, name: "Pat Pressman", email: "press@pressroom.test" },
  ],
};

describe("/user-groups", () => {
  it("lists the groups with their sites, roles and member counts", async () => {
    renderAdmin(<UserGroupsPage />, { path: "/user-groups", dataProvider: fakeDataProvider(rows) });
    expect(await screen.findByText("Press room", undefined, slow)).toBeInTheDocument();
    expect(await screen.findByText("Storefront", undefined, slow)).toBeInTheDocument();
    expect(screen.getByText("Press room role")).toBeInTheDocument();
    expect(screen.getByText("No site: grants nothing")).toBeInTheDocument();
  });

  it("edits a group in place, sending the changes with the version; a 409 is shown with a reload", async () => {
    const refusal = "A tenant needs at least one administrator.";
    const update = vi
      .fn()
      .mockResolvedValueOnce({ data: { ...rows.Group[1], is_admin: true, version: 3 } })
      .mockRejectedValueOnce(Object.assign(new Error(refusal), { statusCode: 409 }));
    const dataProvider = fakeDataProvider(rows, { update });
    renderAdmin(<UserGroupsPage />, { path: "/user-groups", dataProvider });

    fireEvent.click(await screen.findByRole("button", { name: "Edit Press room" }, slow));
    let drawer = await screen.findByRole("dialog", undefined, slow);
    expect(within(drawer).getByLabelText("Name")).toHaveValue("Press room");
    fireEvent.click(within(drawer).getByRole("switch"));
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1), slow);
    expect(update.mock.calls[0][0]).toMatchObject({
      resource: "Group",
      id: 3,
      variables: { is_admin: true, version: 2 },
    });

    fireEvent.click(await screen.findByRole("button", { name: "Edit Administrators" }, slow));
    drawer = await screen.findByRole("dialog", undefined, slow);
    await waitFor(() => expect(within(drawer).getByLabelText("Name")).toHaveValue("Administrators"), slow);
    fireEvent.click(within(drawer).getByRole("switch"));
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findByText(refusal, undefined, slow)).toBeInTheDocument();
    expect(within(drawer).getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(update.mock.calls[1][0].variables).toEqual({ is_admin: false, version: 3 });
  });
});
