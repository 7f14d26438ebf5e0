// Rich-text values are sanitised before they are stored, with the allow-list the app renders by
// (src/resource-engine/rich-text-policy.ts), so no API client can store markup that runs.
//
// sanitize-html rather than DOMPurify: DOMPurify needs a DOM, and on the server that means jsdom
// (megabytes of dependencies, slow to start) or a lighter DOM DOMPurify does not support.
// sanitize-html works on htmlparser2's token stream and writes its own output: only allowed tags,
// attributes re-quoted and escaped, text escaped, so nothing in the output can be parsed back as
// markup (the basis of mutation XSS). Pinned at 2.17.x: 2.18 needs Node 22, the project runs on 20.
import sanitizeHtml from "sanitize-html";
import {
  cleanAttributes,
  isBlankRichText,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_TAGS,
} from "../../src/resource-engine/rich-text-policy";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  // The policy checks URLs first (cleanAttributes); these are sanitize-html's own second check.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  // The policy filters style values itself (colour declarations only); no CSS parser needed.
  parseStyleAttributes: false,
  disallowedTagsMode: "discard",
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  selfClosing: ["br", "img"],
  // An image whose address was refused shows nothing; drop the empty tag.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  transformTags: {
    "*": (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }),
  },
  // Write a no-break space as the browser's serialiser does, so the app and the server agree.
  textFilter: (text) => text.replace(/\u00a0/g, "&nbsp;"),
};

/**
 * The HTML to store for a rich-text value: only what the policy allows, and "" when nothing is
 * left to show (an empty editor's "<p><br></p>", whitespace, or markup that was all removed).
 */
export function sanitizeRichText(html: string): string {
  // sanitize-html closes void elements XML-style; written as HTML, like the app's editor does.
  // " />" can only be a tag's end here: the output escapes every ">" in text and attributes.
  const clean = sanitizeHtml(html, OPTIONS).replace(/ \/>/g, ">");
  return isBlankRichText(clean) ? "" : clean;
}
