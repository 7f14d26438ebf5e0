// What a rich-text value may hold: the HTML the app's editor writes (spec §5's toolbar) and nothing
// else. One allow-list for both sanitisers (DOMPurify where the app renders stored rich text,
// sanitize-html where the server stores it) and for the editor's own serialiser. Pure string
// functions, no DOM, so the server and the app share them.

export const RICH_TEXT_TAGS = [
  "p",
  "h1",
  "h2",
  "strong",
  "em",
  "u",
  "s",
  "ol",
  "ul",
  "li",
  "a",
  "img",
  "pre",
  "code",
  "span",
  "br",
] as const;

/** The attributes each tag may carry; every other attribute is dropped. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  p: ["class"],
  h1: ["class"],
  h2: ["class"],
  li: ["class"],
  a: ["href", "rel", "target"],
  img: ["src", "alt"],
  span: ["class", "style"],
};

/**
 * Elements removed together with their content. Any other element outside the allow-list is
 * unwrapped (its text stays), so pasted markup loses its tags, not its words.
 */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "template",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noscript",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "textarea",
  "select",
  "option",
  "title",
  "head",
  "svg",
  "math",
  "audio",
  "video",
  "canvas",
] as const;

/** Every link opens apart from the app and gives the target no handle on it. */
export const LINK_REL = "noopener noreferrer";
export const LINK_TARGET = "_blank";

/** Quill's indent attributor stops at 8: with the unindented level, list levels 1 to 9. */
export const MAX_INDENT = 8;

const BLOCK_CLASS = /^ql-(?:align-(?:center|right|justify)|indent-[1-8])$/;
const SPAN_CLASS = /^ql-font-(?:serif|monospace)$/;

const HREF = /^(?:https?:\/\/|mailto:)/i;
// Only raster images inline: an SVG data URL is a document of its own.
const IMAGE_SRC =
  /^(?:https?:\/\/|data:image\/(?:png|jpe?g|gif|webp|bmp|avif|x-icon);base64,[a-z0-9+/]+=*$)/i;
// Control characters inside a URL are how "java\tscript:" style tricks split a scheme.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const COLOUR =
  /^(?:#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}(?:\.\d+)?%?\s*(?:,\s*\d{1,3}(?:\.\d+)?%?\s*){2,3}\)|[a-z]{3,30})$/i;
const STYLE_PROPERTIES = new Set(["color", "background-color"]);

function cleanClass(tag: string, value: string): string | null {
  const allowed = tag === "span" ? SPAN_CLASS : BLOCK_CLASS;
  const kept = [...new Set(value.split(/\s+/).filter((name) => allowed.test(name)))];
  return kept.length > 0 ? kept.join(" ") : null;
}

/** A URL the pattern allows, trimmed; `<`, `>` and `"` percent-encoded so every serialiser writes it alike. */
export function cleanUrl(value: string, kind: "href" | "src"): string | null {
  const url = value.trim();
  if (CONTROL.test(url) || !(kind === "href" ? HREF : IMAGE_SRC).test(url)) return null;
  return url.replace(/[<>"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Only `color` and `background-color` with a plain colour value (no url(), no expression()). */
export function cleanStyle(value: string): string | null {
  const kept = new Map<string, string>();
  for (const declaration of value.split(";")) {
    const match = /^\s*([a-z-]+)\s*:\s*(.*?)\s*$/i.exec(declaration);
    if (!match) continue;
    const property = match[1].toLowerCase();
    if (STYLE_PROPERTIES.has(property) && COLOUR.test(match[2]) && !kept.has(property)) {
      kept.set(property, match[2]);
    }
  }
  if (kept.size === 0) return null;
  return `${[...kept].map(([property, colour]) => `${property}: ${colour}`).join("; ")};`;
}

/** The value an attribute keeps on a tag, or null when it goes. */
export function cleanAttribute(tag: string, name: string, value: string): string | null {
  if (!RICH_TEXT_ATTRIBUTES[tag]?.includes(name)) return null;
  switch (name) {
    case "class":
      return cleanClass(tag, value);
    case "style":
      return cleanStyle(value);
    case "href":
      return cleanUrl(value, "href");
    case "src":
      return cleanUrl(value, "src");
    case "rel":
      return LINK_REL;
    case "target":
      return LINK_TARGET;
    default:
      return value;
  }
}

/** A tag's attributes after the policy, in their order; links always get rel and target. */
export function cleanAttributes(tag: string, attributes: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const clean = cleanAttribute(tag, name.toLowerCase(), value);
    if (clean !== null) kept[name.toLowerCase()] = clean;
  }
  if (tag === "a") {
    kept.rel = LINK_REL;
    kept.target = LINK_TARGET;
  }
  return kept;
}

/**
 * Sanitised HTML with nothing to show: no image and no text but whitespace, such as Quill's
 * empty document "<p><br></p>". Only for sanitised HTML, where tags and text are well formed.
 */
export function isBlankRichText(sanitised: string): boolean {
  if (/<img[\s>]/i.test(sanitised)) return false;
  const text = sanitised.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|&#xa0;/gi, " ");
  return text.trim() === "";
}
