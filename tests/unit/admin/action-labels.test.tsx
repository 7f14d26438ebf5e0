// The role editor names actions in words, with the code (what the API stores) as the hint.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PermissionMatrix } from "../../../src/custom/admin/permission-matrix";
import { actionLabel, describePermissions } from "../../../src/custom/admin/permission-matrix-model";

vi.setConfig({ testTimeout: 60_000 });

describe("actions in words", () => {
  it.each([
    ["ReadAny", "Read any"],
    ["ReadOwn", "Read own"],
    ["UpdateEndStatus", "Update end status"],
    ["Create Design", "Create design"],
    ["ReadPress", "Read press"],
    ["ReadSpecialtyPress", "Read specialty press"],
    ["RunExecutive", "Run executive"],
    ["UpdatePrice", "Update price"],
    ["Tasks", "Tasks"],
    ["*", "All actions"],
  ])("%s → %s", (code, words) => {
    expect(actionLabel(code)).toBe(words);
  });

  it("the roles list describes what a role grants in words", () => {
    expect(describePermissions({ Order: ["ReadAny", "UpdateOwn"], Run: ["UpdateEndStatus"] })).toEqual([
      expect.objectContaining({ kind: "Order", actions: "Read any, Update own" }),
      expect.objectContaining({ kind: "Run", actions: "Update end status" }),
    ]);
  });

  it("the matrix shows the words beside each box and the code as its tooltip", async () => {
    render(<PermissionMatrix value={{}} onChange={() => {}} />);
    fireEvent.change(screen.getByLabelText("Search resources"), { target: { value: "runs" } });
    const box = screen.getByLabelText("Run: UpdateEndStatus");
    const option = box.closest("label") as HTMLElement;
    expect(within(option).getByText("Update end status")).toBeInTheDocument();
    expect(option.textContent).not.toContain("UpdateEndStatus");
    fireEvent.mouseEnter(option);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("UpdateEndStatus");
  });

  it("the search finds actions by their words", () => {
    render(<PermissionMatrix value={{}} onChange={() => {}} />);
    fireEvent.change(screen.getByLabelText("Search resources"), { target: { value: "run executive" } });
    expect(screen.getByLabelText("ProductionStation: RunExecutive")).toBeInTheDocument();
    expect(screen.queryByLabelText("Vendor: Read")).not.toBeInTheDocument();
  });
});
