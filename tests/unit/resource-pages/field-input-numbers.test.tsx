// Number inputs hand the form numbers, whatever antd's InputNumber works in: money and decimals
// are edited as text (stringMode) but the API refuses a string ("Expected a number", a 400).
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FieldInput } from "../../../src/components/fields/field-input";
import { decimal, integer, money } from "../../../src/resource-engine/fields";

function typeInto(field: Parameters<typeof FieldInput>[0]["field"], text: string) {
  const onChange = vi.fn();
  render(<FieldInput field={{ ...field, label: "Amount" }} id="amount" onChange={onChange} />);
  const input = screen.getByRole("spinbutton");
  fireEvent.change(input, { target: { value: text } });
  return onChange;
}

describe("number inputs", () => {
  it.each([
    ["money", money(), "45.5", 45.5],
    ["decimal", decimal({ scale: 3 }), "0.125", 0.125],
    ["integer", integer(), "250", 250],
  ])("%s: the input reports a number", (_, field, text, expected) => {
    const onChange = typeInto(field, text);
    expect(onChange).toHaveBeenLastCalledWith(expected);
  });

  it("a cleared input reports null", () => {
    const onChange = vi.fn();
    render(<FieldInput field={{ ...money(), label: "Amount" }} value={12} onChange={onChange} />);
    fireEvent.change(screen.getByRole("spinbutton"), { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
