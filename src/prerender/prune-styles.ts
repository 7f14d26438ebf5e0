// The antd styles a pre-rendered page carries, less the rules of variants the sign-in pages never use. antd writes
// a component's styles whole: every preset colour of Button, Grid's 24 numbered columns at each breakpoint (Form.Item
// lays its label and control out with Col), each Input variant. On /login that was ~150 of the ~210 KB of styles
// in the page, all parsed, and matched at each style recalculation, before the first paint. In the browser, antd
// takes each component's styles from the page by their key (the cache path extractStyle writes) and never
// writes the full ones on these pages; a full app started over them drops that key first (main.tsx).

const PRESET_COLORS = "blue|purple|cyan|green|magenta|pink|red|orange|yellow|volcano|geekblue|lime|gold";

/**
 * Classes antd styles but the guest pages never carry, in any state (tests/unit/prerender/prune-styles.test.ts
 * checks the rendered pages): a selector requiring one of them matches nothing there.
 */
export const UNUSED_CLASS = new RegExp(
  [
    // The sign-in pages' buttons are primary (solid) or default (outlined): no danger, link, text, dashed,
    // filled or ghost button, nor a preset colour (<Button color="cyan">), nor Button.Group.
    `ant-btn-color-(dangerous|link|${PRESET_COLORS})`,
    "ant-btn-variant-(dashed|filled|text|link)",
    "ant-btn-(dangerous|background-ghost)",
    "ant-btn-group[\\w-]*",
    // <Col span={8} md={{ offset: 2 }}>: a vertical form's label and control columns have no span.
    "ant-col-((xs|sm|md|lg|xl|xxl)-)?((push|pull|offset|order)-)?\\d+",
    "ant-form-inline",
    // Input.Group, Input.Search, addons, Space.Compact, and the variants other than the default outlined.
    "ant-input-(group|search|compact|filled|underlined|borderless)[\\w-]*",
    // <Spin> around content (the pages only have the fullscreen loader), a vertical or dashed <Divider>.
    "ant-spin-(nested-loading|container|blur)",
    "ant-divider-(vertical|dashed|dotted)",
  ]
    .map((family) => `\\.(${family})(?![\\w-])`)
    .join("|"),
);

interface Block {
  /** The text before `{`, trimmed; for a statement without a block (`@import …;`), the whole statement. */
  prelude: string;
  /** The text between the braces; undefined for a statement. */
  body?: string;
}

/** Where the quoted string opening at `start` ends (the index after its closing quote). */
function skipString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** The top-level blocks of a style sheet. */
function blocks(css: string): Block[] {
  const found: Block[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      i = skipString(css, i) - 1;
    } else if (char === "{") {
      if (depth++ === 0) open = i;
    } else if (char === "}") {
      if (--depth === 0) {
        found.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (char === ";" && depth === 0) {
      found.push({ prelude: css.slice(start, i + 1).trim() });
      start = i + 1;
    }
  }
  return found;
}

/** Splits `list` at the commas outside parentheses, brackets and strings. */
function splitList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (char === '"' || char === "'") i = skipString(list, i) - 1;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The selector without the arguments of its functional pseudo-classes (:not(.x) does not require .x). */
function requiredPart(selector: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (depth === 0) out += char;
  }
  return out;
}

function requiresUnusedClass(selector: string): boolean {
  return UNUSED_CLASS.test(requiredPart(selector));
}

const GROUPING_RULE = /^@(media|supports|layer|container)\b/;

/** A style sheet without the selectors that require an unused class, and without the rules left empty. */
export function pruneStyleSheet(css: string): string {
  let out = "";
  for (const { prelude, body } of blocks(css)) {
    if (body === undefined) out += prelude;
    else if (GROUPING_RULE.test(prelude)) {
      const inner = pruneStyleSheet(body);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith("@")) out += `${prelude}{${body}}`;
    else {
      const kept = splitList(prelude).filter((selector) => !requiresUnusedClass(selector));
      if (kept.length > 0) out += `${kept.join(",")}{${body}}`;
    }
  }
  return out;
}

const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;

/** The <style> elements of antd's extracted styles (extractStyle), each pruned. */
export function pruneUnusedStyles(styleElements: string): string {
  return styleElements.replace(
    STYLE_ELEMENT,
    (_, open: string, css: string, close: string) => `${open}${pruneStyleSheet(css)}${close}`,
  );
}
