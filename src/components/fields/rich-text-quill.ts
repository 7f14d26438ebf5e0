// Quill 2 with only what spec §5's toolbar needs: quill/core plus these formats, the toolbar and
// the snow theme. The full "quill" build also registers the bubble theme, tables, formulas, video
// and syntax highlighting, which this app never offers.
import Quill from "quill/core";
import { AlignClass } from "quill/formats/align";
import { BackgroundStyle } from "quill/formats/background";
import Bold from "quill/formats/bold";
import CodeBlock, { Code } from "quill/formats/code";
import { ColorStyle } from "quill/formats/color";
import { FontClass } from "quill/formats/font";
import Header from "quill/formats/header";
import Image from "quill/formats/image";
import Indent from "quill/formats/indent";
import Italic from "quill/formats/italic";
import Link from "quill/formats/link";
import List from "quill/formats/list";
import Strike from "quill/formats/strike";
import Underline from "quill/formats/underline";
import Toolbar from "quill/modules/toolbar";
import SnowTheme from "quill/themes/snow";

Quill.register(
  {
    "formats/align": AlignClass,
    "formats/background": BackgroundStyle,
    "formats/bold": Bold,
    "formats/code": Code,
    "formats/code-block": CodeBlock,
    "formats/color": ColorStyle,
    "formats/font": FontClass,
    "formats/header": Header,
    "formats/image": Image,
    "formats/indent": Indent,
    "formats/italic": Italic,
    "formats/link": Link,
    "formats/list": List,
    "formats/strike": Strike,
    "formats/underline": Underline,
    "modules/toolbar": Toolbar,
    "themes/snow": SnowTheme,
  },
  true,
);

/** Spec §5: headers, fonts, bold/italic/underline, colours, lists with indent, alignment, link, image, code block, clear. */
export const TOOLBAR = [
  [{ header: [1, 2, false] }],
  [{ font: [] }],
  ["bold", "italic", "underline"],
  [{ color: [] }, { background: [] }],
  [{ list: "ordered" }, { list: "bullet" }, { indent: "-1" }, { indent: "+1" }],
  [{ align: [] }],
  ["link", "image", "code-block"],
  ["clean"],
];

/** The formats the editor keeps (also from pasted content): what the toolbar makes, plus strike and inline code. */
const FORMATS = [
  "header",
  "font",
  "bold",
  "italic",
  "underline",
  "strike",
  "code",
  "color",
  "background",
  "list",
  "indent",
  "align",
  "link",
  "image",
  "code-block",
];

export function createQuill(container: HTMLElement, placeholder: string | undefined): Quill {
  return new Quill(container, {
    theme: "snow",
    placeholder,
    formats: FORMATS,
    modules: {
      toolbar: TOOLBAR,
      // Tab moves the focus on, as in every other form field; at the start of a list item it
      // still indents, and in a code block it still inserts a tab.
      keyboard: { bindings: { tab: false } },
    },
  });
}

export type { Quill };
