// The editor's document (a Quill delta) → the HTML that is stored. Written from the delta rather
// than taken from Quill's DOM or getSemanticHTML(): those carry editor furniture (data-list,
// ql-ui spans, a nested-list shape the allow-list does not use, every space as &nbsp;), while
// this writes exactly the shapes of the rich-text policy, so the sanitisers keep it unchanged:
//   lines → <p>, <h1>, <h2>; list runs → <ol>/<ul> of <li class="ql-indent-N">; code-block runs →
//   one <pre>; inline → <a>, <span class="ql-font-…" style="color…">, <u>, <s>, <em>, <strong>,
//   <code>, <img>. Addresses and colours go through the same policy as on the server.
import {
  cleanStyle,
  cleanUrl,
  LINK_REL,
  LINK_TARGET,
  MAX_INDENT,
} from "../../resource-engine/rich-text-policy";

type Attributes = Record<string, unknown>;

/** One operation of a Quill delta (only inserts occur in a document). */
export interface DeltaOp {
  insert?: string | Record<string, unknown>;
  attributes?: Attributes;
}

interface Line {
  ops: DeltaOp[];
  attributes: Attributes;
}

const ALIGNS = new Set(["center", "right", "justify"]);
const FONTS = new Set(["serif", "monospace"]);

export function escapeText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\u00a0/g, "&nbsp;");
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\u00a0/g, "&nbsp;");
}

/** A document's lines: the inline operations before each "\n", with that newline's (block) attributes. */
function linesOf(ops: DeltaOp[]): Line[] {
  const lines: Line[] = [];
  let current: DeltaOp[] = [];
  for (const op of ops) {
    if (typeof op.insert !== "string") {
      if (op.insert) current.push(op);
      continue;
    }
    op.insert.split("\n").forEach((part, index) => {
      if (index > 0) {
        lines.push({ ops: current, attributes: op.attributes ?? {} });
        current = [];
      }
      if (part) current.push({ insert: part, attributes: op.attributes });
    });
  }
  if (current.length > 0) lines.push({ ops: current, attributes: {} });
  return lines;
}

function wrap(html: string, tag: string, on: unknown): string {
  return on ? `<${tag}>${html}</${tag}>` : html;
}

function inlineHtml(op: DeltaOp): string {
  const a = op.attributes ?? {};
  let html: string;
  if (typeof op.insert === "string") {
    html = escapeText(op.insert);
  } else {
    const image = op.insert?.image;
    const src = typeof image === "string" ? cleanUrl(image, "src") : null;
    if (!src) return "";
    const alt = typeof a.alt === "string" ? ` alt="${escapeAttribute(a.alt)}"` : "";
    html = `<img src="${escapeAttribute(src)}"${alt}>`;
  }
  html = wrap(html, "code", a.code);
  html = wrap(html, "strong", a.bold);
  html = wrap(html, "em", a.italic);
  html = wrap(html, "s", a.strike);
  html = wrap(html, "u", a.underline);
  const font = typeof a.font === "string" && FONTS.has(a.font) ? ` class="ql-font-${a.font}"` : "";
  const declarations = [
    typeof a.color === "string" ? `color: ${a.color}` : "",
    typeof a.background === "string" ? `background-color: ${a.background}` : "",
  ].join(";");
  const style = cleanStyle(declarations);
  if (font || style) html = `<span${font}${style ? ` style="${escapeAttribute(style)}"` : ""}>${html}</span>`;
  // Inside the link, so a coloured link keeps its colour.
  const href = typeof a.link === "string" ? cleanUrl(a.link, "href") : null;
  if (href) html = `<a href="${escapeAttribute(href)}" rel="${LINK_REL}" target="${LINK_TARGET}">${html}</a>`;
  return html;
}

function blockClass(a: Attributes): string {
  const names: string[] = [];
  if (typeof a.align === "string" && ALIGNS.has(a.align)) names.push(`ql-align-${a.align}`);
  const indent = Number(a.indent);
  if (Number.isInteger(indent) && indent >= 1 && indent <= MAX_INDENT) names.push(`ql-indent-${indent}`);
  return names.length > 0 ? ` class="${names.join(" ")}"` : "";
}

function block(tag: string, line: Line): string {
  const inner = line.ops.map(inlineHtml).join("");
  return `<${tag}${blockClass(line.attributes)}>${inner || "<br>"}</${tag}>`;
}

const listTag = (a: Attributes) => (!a.list ? null : a.list === "ordered" ? "ol" : "ul");

/** The stored HTML of a document; "" when it holds no text but whitespace and no image. */
export function deltaToHtml(ops: DeltaOp[]): string {
  const blank = ops.every((op) => typeof op.insert === "string" && op.insert.trim() === "");
  if (blank) return "";
  const lines = linesOf(ops);
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const { attributes } = lines[i];
    if (attributes["code-block"]) {
      const code: string[] = [];
      for (; i < lines.length && lines[i].attributes["code-block"]; i++) {
        code.push(lines[i].ops.map((op) => (typeof op.insert === "string" ? op.insert : "")).join(""));
      }
      out.push(`<pre>${escapeText(code.join("\n"))}</pre>`);
      continue;
    }
    const list = listTag(attributes);
    if (list) {
      const items: string[] = [];
      for (; i < lines.length && listTag(lines[i].attributes) === list; i++)
        items.push(block("li", lines[i]));
      out.push(`<${list}>${items.join("")}</${list}>`);
      continue;
    }
    const header = attributes.header;
    out.push(block(header === 1 ? "h1" : header ? "h2" : "p", lines[i]));
    i++;
  }
  return out.join("");
}
