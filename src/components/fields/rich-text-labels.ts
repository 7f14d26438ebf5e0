// Accessible names for the toolbar Quill builds: its buttons are named by format ("code-block",
// "list: ordered") and its pickers not at all. The header picker's visible names (Heading,
// Subheading, Normal) come from rich-text-editor.css.
const NAMES: [selector: string, name: string][] = [
  [".ql-header .ql-picker-label", "Text style"],
  ['.ql-header .ql-picker-item[data-value="1"]', "Heading"],
  ['.ql-header .ql-picker-item[data-value="2"]', "Subheading"],
  [".ql-header .ql-picker-item:not([data-value])", "Normal"],
  [".ql-font .ql-picker-label", "Font"],
  [".ql-font .ql-picker-item:not([data-value])", "Sans serif"],
  ['.ql-font .ql-picker-item[data-value="serif"]', "Serif"],
  ['.ql-font .ql-picker-item[data-value="monospace"]', "Monospace"],
  ["button.ql-bold", "Bold"],
  ["button.ql-italic", "Italic"],
  ["button.ql-underline", "Underline"],
  [".ql-color .ql-picker-label", "Text colour"],
  [".ql-background .ql-picker-label", "Background colour"],
  ['button.ql-list[value="ordered"]', "Ordered list"],
  ['button.ql-list[value="bullet"]', "Bullet list"],
  ['button.ql-indent[value="-1"]', "Decrease indent"],
  ['button.ql-indent[value="+1"]', "Increase indent"],
  [".ql-align .ql-picker-label", "Alignment"],
  [".ql-align .ql-picker-item:not([data-value])", "Align left"],
  ['.ql-align .ql-picker-item[data-value="center"]', "Align center"],
  ['.ql-align .ql-picker-item[data-value="right"]', "Align right"],
  ['.ql-align .ql-picker-item[data-value="justify"]', "Justify"],
  ["button.ql-link", "Link"],
  ["button.ql-image", "Image"],
  ["button.ql-code-block", "Code block"],
  ["button.ql-clean", "Clear formatting"],
];

export function labelToolbar(host: HTMLElement): void {
  const toolbar = host.querySelector(".ql-toolbar");
  if (!toolbar) return;
  toolbar.setAttribute("aria-label", "Formatting");
  for (const [selector, name] of NAMES) {
    for (const element of toolbar.querySelectorAll(selector)) element.setAttribute("aria-label", name);
  }
  // Colour swatches: named by their value, the way a sighted user tells them apart.
  for (const item of toolbar.querySelectorAll(".ql-color-picker .ql-picker-item")) {
    item.setAttribute("aria-label", item.getAttribute("data-value") ?? "Default");
  }
}
