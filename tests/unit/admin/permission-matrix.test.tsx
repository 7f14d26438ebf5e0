import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { PermissionMatrix } from "../../../src/custom/admin/permission-matrix";
import type { Permissions } from "../../../src/custom/admin/permission-matrix-model";

// Several hundred antd checkboxes: jsdom needs its time.
vi.setConfig({ testTimeout: 60_000 });

function Harness({ initial = {}, onChange }: { initial?: Permissions; onChange: (p: Permissions) => void }) {
  const [value, setValue] = useState<Permissions>(initial);
  return (
    <PermissionMatrix
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

// By label, not by role: computing the role of several hundred checkboxes is slow in jsdom.
const box = (label: string) => screen.getByLabelText(label);

describe("PermissionMatrix", () => {
  it("turns ticks into the role's permissions, '*' per kind", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(box("Order: ReadAny"));
    expect(onChange).toHaveBeenLastCalledWith({ Order: ["ReadAny"] });
    fireEvent.click(box("Order: UpdateAny"));
    expect(onChange).toHaveBeenLastCalledWith({ Order: ["ReadAny", "UpdateAny"] });
    fireEvent.click(box("Vendor: all actions"));
    expect(onChange).toHaveBeenLastCalledWith({ Order: ["ReadAny", "UpdateAny"], Vendor: ["*"] });
    // Under '*' every action shows granted and is not ticked one by one.
    expect(box("Vendor: Read")).toBeChecked();
    expect(box("Vendor: Read")).toBeDisabled();
    fireEvent.click(box("Vendor: all actions"));
    expect(onChange).toHaveBeenLastCalledWith({ Order: ["ReadAny", "UpdateAny"] });
    expect(box("Vendor: Read")).not.toBeChecked();
    fireEvent.click(box("Order: ReadAny"));
    fireEvent.click(box("Order: UpdateAny"));
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it("shows each kind's own actions only, in sections like the menu", () => {
    render(<Harness initial={{ ProductionStation: ["ReadPress"] }} onChange={() => {}} />);
    expect(box("ProductionStation: ReadPress")).toBeChecked();
    expect(box("ProductionStation: ReadBindery")).not.toBeChecked();
    expect(screen.queryByLabelText("Vendor: ReadPress")).not.toBeInTheDocument();
    // Stations are declared under "Production setup" with the shop's other set-up kinds.
    const production = screen.getByLabelText("Production setup");
    expect(within(production).getByText(/^1 of \d+ granted$/)).toBeInTheDocument();
    expect(screen.getByLabelText("Administration")).toBeInTheDocument();
  });

  it("the search box filters the kinds", () => {
    render(<Harness onChange={() => {}} />);
    fireEvent.change(screen.getByLabelText("Search resources"), { target: { value: "vendor" } });
    expect(box("Vendor: all actions")).toBeInTheDocument();
    expect(box("VendorCategory: all actions")).toBeInTheDocument();
    expect(screen.queryByLabelText("Order: all actions")).not.toBeInTheDocument();
    expect([...document.querySelectorAll("section")].map((r) => r.getAttribute("aria-label"))).toEqual([
      "Purchasing",
    ]);

    fireEvent.change(screen.getByLabelText("Search resources"), { target: { value: "zebra" } });
    expect(screen.getByText("No resource matches “zebra”")).toBeInTheDocument();
    expect(document.querySelectorAll("input[type=checkbox]")).toHaveLength(0);
  });
});
