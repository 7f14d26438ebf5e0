// Stored rich text → HTML safe to render, through DOMPurify with the shared allow-list
// (src/resource-engine/rich-text-policy.ts). The server sanitises on write too; this is the second
// line, for values written before that or by another implementation of the API.
import DOMPurify, { type Config } from "dompurify";
import {
  cleanAttribute,
  LINK_REL,
  LINK_TARGET,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_TAGS,
} from "../../resource-engine/rich-text-policy";

// An instance of its own: the hooks below must not change DOMPurify for any other caller.
const purify = DOMPurify(window);

purify.addHook("uponSanitizeAttribute", (node, event) => {
  const value = cleanAttribute(node.nodeName.toLowerCase(), event.attrName, event.attrValue);
  if (value === null) event.keepAttr = false;
  else event.attrValue = value;
});
purify.addHook("afterSanitizeAttributes", (node) => {
  if (node.nodeName === "A") {
    node.setAttribute("rel", LINK_REL);
    node.setAttribute("target", LINK_TARGET);
  } else if (node.nodeName === "IMG" && !node.hasAttribute("src")) {
    // An image whose address was refused shows nothing; drop the empty tag (as the server does).
    node.remove();
  }
});

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  FORBID_CONTENTS: [...RICH_TEXT_DROPPED_WITH_CONTENT],
};

export function sanitizeRichTextHtml(html: string): string {
  return purify.sanitize(html, { ...CONFIG, RETURN_DOM: false, RETURN_DOM_FRAGMENT: false });
}
