import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import RoleEditorPage from "../../../src/custom/admin/role-editor-page";
import { fakeDataProvider, renderAdmin } from "./render-admin";

// The matrix renders several hundred antd checkboxes: jsdom needs its time.
vi.setConfig({ testTimeout: 60_000 });
const slow = { timeout: 30_000 };

const pressRoom = {
  id: 3,
  name: "Press room",
  permissions: { Run: ["Read", "Tasks"], ProductionStation: ["ReadPress"] },
  version: 4,
  created_at: "2024-01-01T00:00:00.000Z",
  updated_at: "2024-01-02T00:00:00.000Z",
};

function editorRoutes() {
  return (
    <Routes>
      <Route path="/roles/create" element={<RoleEditorPage mode="create" />} />
      <Route path="/roles/:id" element={<RoleEditorPage mode="edit" />} />
      <Route path="/roles/:id/duplicate" element={<RoleEditorPage mode="duplicate" />} />
    </Routes>
  );
}

const nameInput = () => screen.getByLabelText("Name") as HTMLInputElement;
const location = () => screen.getByTestId("location").textContent;

describe("the role editor", () => {
  it("duplicate: opens an unsaved copy named “Copy of …” with the same permissions; saving creates and opens it", async () => {
    const dataProvider = fakeDataProvider({ Role: [pressRoom] });
    renderAdmin(editorRoutes(), { path: "/roles/3/duplicate", dataProvider });
    await waitFor(() => expect(nameInput().value).toBe("Copy of Press room"), slow);
    expect(screen.getByLabelText("Run: Tasks")).toBeChecked();
    expect(screen.getByLabelText("ProductionStation: ReadPress")).toBeChecked();
    expect(dataProvider.create).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText("Vendor: all actions"));
    fireEvent.click(screen.getByRole("button", { name: "Create role" }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled(), slow);
    expect(vi.mocked(dataProvider.create).mock.calls[0][0]).toMatchObject({
      resource: "Role",
      variables: {
        name: "Copy of Press room",
        permissions: { Run: ["Read", "Tasks"], ProductionStation: ["ReadPress"], Vendor: ["*"] },
      },
    });
    // The copy opens for editing.
    await waitFor(() => expect(location()).toBe("/roles/100"), slow);
  });

  it("duplicate: a taken “Copy of …” name gets a number", async () => {
    const dataProvider = fakeDataProvider({
      Role: [pressRoom, { ...pressRoom, id: 4, name: "Copy of Press room" }],
    });
    renderAdmin(editorRoutes(), { path: "/roles/3/duplicate", dataProvider });
    await waitFor(() => expect(nameInput().value).toBe("Copy of Press room (2)"), slow);
    expect(vi.mocked(dataProvider.getList).mock.calls[0][0].filters).toEqual([
      { field: "search", operator: "contains", value: "Copy of Press room" },
    ]);
  });

  it("edit: saves only what changed, with the version it read", async () => {
    const dataProvider = fakeDataProvider({ Role: [pressRoom] });
    renderAdmin(editorRoutes(), { path: "/roles/3", dataProvider });
    await waitFor(() => expect(nameInput().value).toBe("Press room"), slow);
    fireEvent.click(screen.getByLabelText("Run: Tasks"));
    fireEvent.click(screen.getByLabelText("Order: ReadOwn"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled(), slow);
    const call = vi.mocked(dataProvider.update).mock.calls[0][0];
    expect(call).toMatchObject({ resource: "Role", id: "3" });
    expect(call.variables).toEqual({
      version: 4,
      permissions: { Run: ["Read"], ProductionStation: ["ReadPress"], Order: ["ReadOwn"] },
    });
  });

  it("edit: a 409 shows the server's sentence and a reload that loads the latest version", async () => {
    const stale =
      "This role was changed by someone else after you opened it; reload it to see the latest version.";
    const dataProvider = fakeDataProvider(
      { Role: [pressRoom] },
      {
        update: vi.fn(async () => {
          throw Object.assign(new Error(stale), { statusCode: 409 });
        }),
      },
    );
    renderAdmin(editorRoutes(), { path: "/roles/3", dataProvider });
    await waitFor(() => expect(nameInput().value).toBe("Press room"), slow);
    fireEvent.change(nameInput(), { target: { value: "Pressroom crew" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(stale, undefined, slow)).toBeInTheDocument();

    vi.mocked(dataProvider.getOne).mockResolvedValueOnce({
      data: { ...pressRoom, name: "Press crew", version: 5 } as never,
    });
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(nameInput().value).toBe("Press crew"), slow);
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
  });

  it("create: starts empty and needs a name", async () => {
    const dataProvider = fakeDataProvider();
    renderAdmin(editorRoutes(), { path: "/roles/create", dataProvider });
    fireEvent.click(await screen.findByRole("button", { name: "Create role" }, slow));
    expect(await screen.findByText("Enter the role's name", undefined, slow)).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Vendor: all actions")).not.toBeChecked();
  });
});
