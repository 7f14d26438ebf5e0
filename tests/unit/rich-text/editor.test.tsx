// The rich-text editor in jsdom: spec §5's toolbar is there, every toolbar format writes the HTML
// the sanitisers keep (EDITOR_OUTPUT), typing reports HTML and trimmed text, empty is "", and the
// editor works as a Form input (label, value, disabled), loaded lazily through FieldInput.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form, type FormInstance } from "antd";
import Quill from "quill/core";
import { useEffect } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { FieldFormItem } from "../../../src/components/fields/field-input";
import RichTextEditor, { type RichTextEditorProps } from "../../../src/components/fields/rich-text-editor";
import { richText } from "../../../src/resource-engine/fields";
import { EDITOR_OUTPUT } from "./xss-corpus";

// Quill scrolls the selection into view; jsdom has no layout, so ranges measure as empty boxes.
beforeAll(() => {
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
});

function renderEditor(props: RichTextEditorProps = {}) {
  const onChange = vi.fn<(html: string) => void>();
  const onTextChange = vi.fn<(text: string) => void>();
  const view = render(<RichTextEditor onChange={onChange} onTextChange={onTextChange} {...props} />);
  const container = view.container.querySelector(".ql-container") as HTMLElement;
  const quill = Quill.find(container) as Quill;
  const root = quill.root;
  const toolbar = view.container.querySelector(".ql-toolbar") as HTMLElement;
  const lastHtml = () => onChange.mock.calls.at(-1)?.[0];
  const lastText = () => onTextChange.mock.calls.at(-1)?.[0];
  return { ...view, quill, root, toolbar, onChange, onTextChange, lastHtml, lastText };
}

/** A toolbar control by its accessible name (an aria-label: quicker than a role query in jsdom). */
function control(scope: ParentNode, name: string): HTMLElement {
  const found = scope.querySelector<HTMLElement>(`[aria-label="${name}"]`);
  if (!found) throw new Error(`No control named ${name}`);
  return found;
}

/** Picks an item of one of the toolbar's pickers, as a click does. */
function pick(toolbar: HTMLElement, picker: string, item: string) {
  const label = control(toolbar, picker);
  fireEvent.mouseDown(label);
  fireEvent.click(control(label.parentElement as HTMLElement, item));
}

/** Replaces the document with `text` and selects `[from, from + length)` (all of it by default). */
function write(quill: Quill, text: string, from = 0, length = text.length) {
  act(() => {
    quill.setText(text, "user");
    quill.setSelection(from, length, "user");
  });
}

describe("the toolbar", () => {
  it("has every control of spec §5, each reachable by keyboard", () => {
    const { toolbar } = renderEditor();
    const named = (name: string) => control(toolbar, name);
    for (const name of [
      "Bold",
      "Italic",
      "Underline",
      "Ordered list",
      "Bullet list",
      "Decrease indent",
      "Increase indent",
      "Link",
      "Image",
      "Code block",
      "Clear formatting",
    ]) {
      expect(named(name)).toHaveAttribute("type", "button");
      expect(named(name).tagName).toBe("BUTTON");
    }
    const items = (picker: string) => {
      const label = named(picker);
      const options = label.parentElement?.querySelectorAll(".ql-picker-item") ?? [];
      return [...options].map((o) => [o.getAttribute("aria-label"), o.getAttribute("data-value")]);
    };
    expect(items("Text style")).toEqual([
      ["Heading", "1"],
      ["Subheading", "2"],
      ["Normal", null],
    ]);
    expect(items("Font")).toEqual([
      ["Sans serif", null],
      ["Serif", "serif"],
      ["Monospace", "monospace"],
    ]);
    expect(items("Alignment")).toEqual([
      ["Align left", null],
      ["Align center", "center"],
      ["Align right", "right"],
      ["Justify", "justify"],
    ]);
    expect(items("Text colour").length).toBeGreaterThan(10);
    expect(items("Background colour").length).toBeGreaterThan(10);
    expect(items("Text colour")).toContainEqual(["#e60000", "#e60000"]);
    // Buttons are focusable as buttons; pickers as role=button with a tab stop.
    for (const label of toolbar.querySelectorAll(".ql-picker-label")) {
      expect(label).toHaveAttribute("role", "button");
      expect(label).toHaveAttribute("tabindex", "0");
    }
    expect(toolbar).toHaveAttribute("role", "toolbar");
  });
});

describe("every toolbar format writes the HTML the sanitisers keep", () => {
  it("headers, fonts, bold, italic, underline and colours", () => {
    const { quill, toolbar, lastHtml } = renderEditor();
    write(quill, "Title");
    pick(toolbar, "Text style", "Heading");
    expect(lastHtml()).toBe(EDITOR_OUTPUT.heading);
    write(quill, "Section");
    pick(toolbar, "Text style", "Subheading");
    expect(lastHtml()).toBe(EDITOR_OUTPUT.subheading);
    write(quill, "Plain text & more");
    pick(toolbar, "Text style", "Heading");
    pick(toolbar, "Text style", "Normal");
    expect(lastHtml()).toBe(EDITOR_OUTPUT.normal);

    write(quill, "Serif");
    pick(toolbar, "Font", "Serif");
    expect(lastHtml()).toBe(EDITOR_OUTPUT.serif);
    write(quill, "Mono");
    pick(toolbar, "Font", "Monospace");
    expect(lastHtml()).toBe(EDITOR_OUTPUT.monospace);

    for (const [name, format] of [
      ["Bold", "bold"],
      ["Italic", "italic"],
      ["Underline", "underline"],
    ]) {
      write(quill, name);
      fireEvent.click(control(toolbar, name));
      expect(lastHtml()).toBe(EDITOR_OUTPUT[format]);
    }

    write(quill, "Red");
    pick(toolbar, "Text colour", "#e60000");
    expect(lastHtml()).toBe(EDITOR_OUTPUT.colour);
    write(quill, "Marked");
    pick(toolbar, "Background colour", "#ffff00");
    expect(lastHtml()).toBe(EDITOR_OUTPUT.background);
  });

  it("lists, with indent levels 1 to 9", () => {
    const { quill, toolbar, lastHtml } = renderEditor();
    const button = (name: string) => control(toolbar, name);
    write(quill, "One\nTwo");
    fireEvent.click(button("Ordered list"));
    expect(lastHtml()).toBe(EDITOR_OUTPUT.ordered);
    fireEvent.click(button("Ordered list"));
    fireEvent.click(button("Bullet list"));
    expect(lastHtml()).toBe(EDITOR_OUTPUT.bullet);

    const lines = ["L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9"];
    write(quill, lines.join("\n"));
    fireEvent.click(button("Bullet list"));
    // Line n (0-based) gets n indent steps; the 9th level is the last: a further step changes nothing.
    lines.forEach((_, n) => {
      act(() => quill.setSelection(lines.slice(0, n).join("\n").length + (n ? 1 : 0), 0, "user"));
      for (let step = 0; step < n; step++) fireEvent.click(button("Increase indent"));
    });
    expect(lastHtml()).toBe(EDITOR_OUTPUT.indents);
    fireEvent.click(button("Increase indent"));
    expect(lastHtml()).toBe(EDITOR_OUTPUT.indents);
    fireEvent.click(button("Decrease indent"));
    expect(lastHtml()).toContain('<li class="ql-indent-7">L9</li>');
  });

  it("alignment, code block and clear formatting", () => {
    const { quill, toolbar, lastHtml } = renderEditor();
    for (const [text, item, format] of [
      ["Centre", "Align center", "alignCenter"],
      ["Right", "Align right", "alignRight"],
      ["Justified", "Justify", "alignJustify"],
    ]) {
      write(quill, text);
      pick(toolbar, "Alignment", item);
      expect(lastHtml()).toBe(EDITOR_OUTPUT[format]);
    }
    write(quill, "Centre");
    pick(toolbar, "Alignment", "Align center");
    pick(toolbar, "Alignment", "Align left");
    expect(lastHtml()).toBe("<p>Centre</p>");

    write(quill, "if (a < b) {\n  return a;\n}");
    fireEvent.click(control(toolbar, "Code block"));
    expect(lastHtml()).toBe(EDITOR_OUTPUT.codeBlock);

    write(quill, "Messy");
    fireEvent.click(control(toolbar, "Bold"));
    pick(toolbar, "Text colour", "#e60000");
    pick(toolbar, "Text style", "Heading");
    fireEvent.click(control(toolbar, "Clear formatting"));
    expect(lastHtml()).toBe("<p>Messy</p>");
  });

  it("links, images (by address and uploaded) and combined formats", async () => {
    const { quill, toolbar, lastHtml } = renderEditor();
    // The link button opens Quill's address tooltip, which needs layout jsdom lacks; the format is the same.
    write(quill, "Link");
    act(() => quill.format("link", "https://example.com/a?b=1&c=2", "user"));
    expect(lastHtml()).toBe(EDITOR_OUTPUT.link);
    write(quill, "Mail");
    act(() => quill.format("link", "mailto:ops@example.com", "user"));
    expect(lastHtml()).toBe(EDITOR_OUTPUT.mailto);
    // Quill itself refuses a javascript: address; the serialiser would drop it too.
    write(quill, "Bad");
    act(() => quill.format("link", "javascript:alert(1)", "user"));
    expect(lastHtml()).toBe("<p>Bad</p>");

    write(quill, "");
    act(() => quill.insertEmbed(0, "image", "https://example.com/logo.png", "user"));
    expect(lastHtml()).toBe(EDITOR_OUTPUT.image);

    // The image button asks for a file and inserts it as a data URL.
    write(quill, "");
    fireEvent.click(control(toolbar, "Image"));
    const input = toolbar.querySelector("input.ql-image[type=file]") as HTMLInputElement;
    const png = EDITOR_OUTPUT.dataImage.match(/base64,([^"]+)/)?.[1] ?? "";
    const file = new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], "dot.png", {
      type: "image/png",
    });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(lastHtml()).toBe(EDITOR_OUTPUT.dataImage));

    write(quill, "First\n\nThird");
    expect(lastHtml()).toBe(EDITOR_OUTPUT.empty);
    write(quill, "Two\u00a0 spaces");
    expect(lastHtml()).toBe(EDITOR_OUTPUT.spaces);

    write(quill, "All");
    act(() => {
      quill.format("header", 2, "user");
      quill.format("align", "center", "user");
      quill.format("indent", 2, "user");
      quill.format("link", "https://example.com/", "user");
      quill.format("font", "serif", "user");
      quill.format("color", "#e60000", "user");
      quill.format("background", "#ffff00", "user");
      quill.format("bold", true, "user");
      quill.format("italic", true, "user");
      quill.format("underline", true, "user");
    });
    expect(lastHtml()).toBe(EDITOR_OUTPUT.combined);
  });
});

describe("value and text", () => {
  it("reports the HTML and the trimmed text as the user types", async () => {
    const { quill, root, lastHtml, lastText } = renderEditor();
    act(() => quill.setSelection(0, 0, "user"));
    await userEvent.type(root, " Hello world ", { skipClick: true });
    expect(lastHtml()).toBe("<p> Hello world </p>");
    expect(lastText()).toBe("Hello world");
  });

  it("reports DOM edits (what a browser's typing is) as changes", async () => {
    const { root, lastHtml, lastText } = renderEditor({ value: "<p>Hi</p>" });
    root.querySelector("p")?.append(" there");
    await waitFor(() => expect(lastHtml()).toBe("<p>Hi there</p>"));
    expect(lastText()).toBe("Hi there");
  });

  it("shows a value without reporting a change, and reports its text", () => {
    const { root, onChange, lastText, rerender } = renderEditor({
      value: "<h1>Title</h1><p>Body <strong>bold</strong></p>",
    });
    expect(root.querySelector("h1")).toHaveTextContent("Title");
    expect(root.querySelector("strong")).toHaveTextContent("bold");
    expect(lastText()).toBe("Title\nBody bold");
    rerender(<RichTextEditor value="<p>Replaced</p>" onChange={onChange} />);
    expect(root).toHaveTextContent("Replaced");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("loads stored markup inertly, keeping only editor formats", () => {
    const { root } = renderEditor({
      value:
        '<p>ok<img src=x onerror="window.__rt = 1"><script>window.__rt = 2</script></p><iframe src="x"></iframe>',
    });
    expect(root.querySelector("script, iframe, [onerror]")).toBeNull();
    expect((window as { __rt?: number }).__rt).toBeUndefined();
  });

  it("gives an empty string for an empty editor", async () => {
    const { quill, root, onChange, lastHtml, lastText } = renderEditor({ value: "<p><br></p>" });
    expect(lastText()).toBe("");
    expect(onChange).not.toHaveBeenCalled();
    act(() => quill.setSelection(0, 0, "user"));
    await userEvent.type(root, "x", { skipClick: true });
    expect(lastHtml()).toBe("<p>x</p>");
    act(() => quill.deleteText(0, quill.getLength(), "user"));
    expect(lastHtml()).toBe("");
    expect(lastText()).toBe("");
    write(quill, "  \n   \n");
    expect(onChange.mock.calls.at(-1)?.[0]).toBe("");
  });
});

function FormProbe({ onForm, disabled }: { onForm: (form: FormInstance) => void; disabled?: boolean }) {
  const [form] = Form.useForm();
  useEffect(() => {
    onForm(form);
  }, [form, onForm]);
  return (
    <Form form={form} disabled={disabled} initialValues={{ body: "<p>Stored <em>text</em></p>" }}>
      <FieldFormItem name="body" field={richText({ label: "Body" })} />
    </Form>
  );
}

describe("as a form input", () => {
  it("loads lazily, is named by its label, and writes the form value", async () => {
    let form: FormInstance | undefined;
    const { container } = render(<FormProbe onForm={(f) => (form = f)} />);
    // The editor's code is a separate chunk: a placeholder holds its place until it arrives.
    expect(container.querySelector('[aria-busy="true"]')).toHaveTextContent("Body");
    expect(container.querySelector(".ql-editor")).toBeNull();
    const box = await screen.findByRole("textbox", { name: "Body" });
    expect(box).toHaveAttribute("contenteditable", "true");
    expect(box).toHaveAttribute("id", "body");
    expect(box).toHaveTextContent("Stored text");
    fireEvent.click(screen.getByText("Body"));
    expect(box).toHaveFocus();
    box.querySelector("p")?.append("!");
    await waitFor(() => expect(form?.getFieldValue("body")).toBe("<p>Stored <em>text</em>!</p>"));
    expect(form?.isFieldTouched("body")).toBe(true);
  });

  it("follows the form's disabled state", async () => {
    render(<FormProbe onForm={() => {}} disabled />);
    const box = await screen.findByRole("textbox", { name: "Body" });
    expect(box).toHaveAttribute("contenteditable", "false");
    expect(box).toHaveAttribute("aria-disabled", "true");
    expect(control(document, "Bold")).toBeDisabled();
    expect(control(document, "Text style")).toHaveAttribute("tabindex", "-1");
  });
});
