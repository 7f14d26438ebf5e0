// The unit tests' jsdom leaves antd's injected styles out (jsdom-styles.ts): what role queries need from them,
// that antd's "-hidden" states are not displayed, still holds.
import { render, screen } from "@testing-library/react";
import { Form, Input, Select } from "antd";
import { describe, expect, it } from "vitest";

function element(className: string) {
  const node = document.createElement("div");
  node.className = className;
  document.body.append(node);
  return node;
}

describe("antd's styles in the unit tests", () => {
  it("are not injected into the document", () => {
    render(<Select aria-label="Paper" options={[{ value: "a", label: "Gloss" }]} />);
    expect(document.querySelectorAll("style[data-rc-order], style[data-css-hash]")).toHaveLength(0);
  });

  it("still hide what antd hides by a -hidden class, and nothing else", () => {
    const shown = ["ant-popover", "ant-form-item ant-form-item-required-mark-hidden", "hidden-ant-thing"];
    const hidden = [
      "ant-popover ant-popover-hidden",
      "ant-select-dropdown-hidden ant-select-dropdown",
      "ant-tabs-tabpane ant-tabs-tabpane-hidden",
    ];
    for (const name of shown) expect(getComputedStyle(element(name)).display, name).not.toBe("none");
    for (const name of hidden) expect(getComputedStyle(element(name)).display, name).toBe("none");
    for (const node of document.body.querySelectorAll(":scope > div:not(:has(*))")) node.remove();
  });

  it("keep a field antd hides out of role queries", () => {
    render(
      <Form>
        <Form.Item label="Stock" name="stock">
          <Input />
        </Form.Item>
        <Form.Item label="Cost" name="cost" hidden>
          <Input />
        </Form.Item>
      </Form>,
    );
    // Both fields are in the document; the hidden one only by its item's -hidden class.
    expect(screen.getByLabelText("Cost").closest(".ant-form-item-hidden")).not.toBeNull();
    expect(screen.getByRole("textbox", { name: "Stock" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Cost" })).toBeNull();
  });
});
