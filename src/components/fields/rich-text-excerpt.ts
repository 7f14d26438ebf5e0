// The plain text of stored rich text, for list cells: read through an inert parse (DOMParser runs
// no scripts and loads no images), with a space between blocks so "<p>a</p><p>b</p>" reads "a b".
export const EXCERPT_LENGTH = 120;

const BLOCKS = new Set(["P", "H1", "H2", "LI", "PRE", "BR", "DIV", "UL", "OL"]);

function textOf(node: Node, parts: string[]): void {
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) parts.push(child.nodeValue ?? "");
    else if (child.nodeType === Node.ELEMENT_NODE) {
      const block = BLOCKS.has(child.nodeName);
      if (block) parts.push(" ");
      textOf(child, parts);
      if (block) parts.push(" ");
    }
  }
}

export function richTextPlain(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const parts: string[] = [];
  textOf(doc.body, parts);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** The first `length` characters of the plain text, with "…" when there is more. */
export function richTextExcerpt(html: string, length = EXCERPT_LENGTH): string {
  // By code point, so an emoji is never cut in half.
  const chars = [...richTextPlain(html)];
  return chars.length > length ? `${chars.slice(0, length).join("").trimEnd()}…` : chars.join("");
}
