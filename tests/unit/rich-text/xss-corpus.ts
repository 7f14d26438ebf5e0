// Shared by the app's and the server's rich-text sanitiser tests: hostile input that must come out
// harmless, the editor's own output that must come out unchanged, and a checker that reads a
// sanitiser's output the way a browser does (a parsed Document) and lists what should not be there.
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from "../../../src/resource-engine/rich-text-policy";

export interface Payload {
  name: string;
  html: string;
  /** Text that must survive: sanitising removes the danger, not the words around it. */
  keeps?: string;
}

export const XSS_PAYLOADS: Payload[] = [
  { name: "script element", html: "<p>before</p><script>alert(1)</script><p>after</p>", keeps: "after" },
  { name: "external script", html: "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>ok", keeps: "ok" },
  { name: "img onerror", html: '<img src=x onerror="alert(1)">' },
  { name: "img onload on an allowed image", html: '<img src="https://ok.example/a.png" onload="alert(1)">' },
  { name: "svg onload", html: "<svg onload=alert(1)><circle r=5></circle></svg>" },
  { name: "script inside svg", html: "<svg><script>alert(1)</script></svg>" },
  { name: "svg xlink:href", html: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>' },
  { name: "javascript: link", html: '<a href="javascript:alert(1)">click</a>', keeps: "click" },
  {
    name: "javascript: link after spaces",
    html: '<a href="  javascript:alert(1)">click</a>',
    keeps: "click",
  },
  { name: "mixed-case scheme", html: '<a href="JaVaScRiPt:alert(1)">click</a>', keeps: "click" },
  { name: "tab entity inside the scheme", html: '<a href="java&#x09;script:alert(1)">click</a>' },
  { name: "newline inside the scheme", html: '<a href="java\nscript:alert(1)">click</a>' },
  {
    name: "entity-encoded scheme",
    html: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  },
  { name: "hex entities without semicolons", html: '<a href="&#x6A&#x61&#x76&#x61script:alert(1)">x</a>' },
  { name: "vbscript: link", html: '<a href="vbscript:msgbox(1)">x</a>' },
  {
    name: "data:text/html link",
    html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  },
  { name: "protocol-relative link", html: '<a href="//evil.example/">x</a>' },
  { name: "svg data URL image", html: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">' },
  { name: "srcset", html: '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">' },
  { name: "style url()", html: '<p style="background:url(javascript:alert(1))">x</p>', keeps: "x" },
  { name: "style expression()", html: '<span style="color: expression(alert(1))">x</span>', keeps: "x" },
  {
    name: "style beside an allowed colour",
    html: '<span style="color:red;background-image:url(https://evil.example/t.png);position:fixed">x</span>',
  },
  { name: "escaped style", html: '<span style="color: r\\65 d; behavior: url(x.htc)">x</span>' },
  { name: "iframe", html: '<iframe src="https://evil.example"></iframe>' },
  { name: "iframe srcdoc", html: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  {
    name: "form",
    html: '<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(1)">Go</button></form>',
  },
  {
    name: "object and embed",
    html: '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  },
  { name: "base href", html: '<base href="javascript:alert(1)//"><a href="x">x</a>' },
  { name: "meta refresh", html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  {
    name: "style element and stylesheet link",
    html: '<link rel="stylesheet" href="https://evil.example/x.css"><style>*{}</style>',
  },
  { name: "template", html: "<template><script>alert(1)</script></template>" },
  {
    name: "event handlers on allowed tags",
    html: '<p onclick="alert(1)"><strong onmouseover="alert(2)">x</strong></p>',
  },
  {
    name: "handlers on an allowed span",
    html: '<span style="color:red" onmouseover="alert(1)">x</span>',
    keeps: "x",
  },
  {
    name: "div with handler around a paragraph",
    html: '<div onclick="alert(1)"><p>text</p></div>',
    keeps: "text",
  },
  { name: "autofocus input", html: "<input autofocus onfocus=alert(1)>" },
  { name: "details ontoggle", html: "<details open ontoggle=alert(1)><summary>s</summary></details>" },
  { name: "video source onerror", html: "<video><source onerror=alert(1)></video>" },
  { name: "unclosed img", html: "<img src=x onerror=alert(1)" },
  { name: "unclosed nesting", html: "<p><b><i><u>unclosed <script>alert(1)", keeps: "unclosed" },
  { name: "nested script tags", html: "<<script>script>alert(1)<</script>/script>" },
  { name: "escaped markup stays text", html: "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>" },
  { name: "comment", html: "<!--<img src=x onerror=alert(1)>--><p>c</p>" },
  { name: "xmp raw text", html: "<xmp><img src=x onerror=alert(1)></xmp>" },
  {
    name: "mXSS: noscript title",
    html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  },
  { name: "mXSS: math style", html: "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>" },
  {
    name: "mXSS: form in math",
    html: "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  },
  { name: "mXSS: svg p style", html: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">' },
  { name: "mXSS: attribute closes a tag", html: '<p title="</p><img src=x onerror=alert(1)>">x</p>' },
  {
    name: "link that tries to keep its opener",
    html: '<a href="https://ok.example/" target="_self" rel="opener">ok</a>',
    keeps: "ok",
  },
  {
    name: "foreign classes and ids",
    html: '<p class="ql-align-center evil" id="x" data-x="1">x</p>',
    keeps: "x",
  },
];

/** Payloads a parser already renders harmless on its own (the checker cannot flag them raw). */
export const INERT_WHEN_PARSED = new Set(["unclosed img", "escaped markup stays text", "comment"]);

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** What the editor writes for each toolbar format (the editor test checks it writes exactly this). */
export const EDITOR_OUTPUT: Record<string, string> = {
  heading: "<h1>Title</h1>",
  subheading: "<h2>Section</h2>",
  normal: "<p>Plain text &amp; more</p>",
  serif: '<p><span class="ql-font-serif">Serif</span></p>',
  monospace: '<p><span class="ql-font-monospace">Mono</span></p>',
  bold: "<p><strong>Bold</strong></p>",
  italic: "<p><em>Italic</em></p>",
  underline: "<p><u>Underline</u></p>",
  colour: '<p><span style="color: #e60000;">Red</span></p>',
  background: '<p><span style="background-color: #ffff00;">Marked</span></p>',
  ordered: "<ol><li>One</li><li>Two</li></ol>",
  bullet: "<ul><li>One</li><li>Two</li></ul>",
  indents:
    "<ul><li>L1</li>" +
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<li class="ql-indent-${n}">L${n + 1}</li>`).join("") +
    "</ul>",
  alignCenter: '<p class="ql-align-center">Centre</p>',
  alignRight: '<p class="ql-align-right">Right</p>',
  alignJustify: '<p class="ql-align-justify">Justified</p>',
  link: '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">Link</a></p>',
  mailto: '<p><a href="mailto:ops@example.com" rel="noopener noreferrer" target="_blank">Mail</a></p>',
  image: '<p><img src="https://example.com/logo.png"></p>',
  dataImage: `<p><img src="${PNG}"></p>`,
  codeBlock: "<pre>if (a &lt; b) {\n  return a;\n}</pre>",
  empty: "<p>First</p><p><br></p><p>Third</p>",
  spaces: "<p>Two&nbsp; spaces</p>",
  combined:
    '<h2 class="ql-align-center ql-indent-2"><a href="https://example.com/" rel="noopener noreferrer" target="_blank">' +
    '<span class="ql-font-serif" style="color: #e60000; background-color: #ffff00;"><u><em><strong>All</strong></em></u></span></a></h2>',
};

const TAGS = new Set<string>(RICH_TEXT_TAGS);
const HREF = /^(?:https?:\/\/|mailto:)/i;
const SRC = /^(?:https?:\/\/|data:image\/(?:png|jpe?g|gif|webp|bmp|avif|x-icon);base64,)/i;

/** Everything in a parsed document that the allow-list forbids, described; [] when it is clean. */
export function dangersIn(doc: Document): string[] {
  const found: string[] = [];
  for (const element of doc.documentElement.querySelectorAll("*")) {
    const tag = element.localName;
    if (element === doc.head || element === doc.body) continue;
    if (!TAGS.has(tag) || element.namespaceURI !== "http://www.w3.org/1999/xhtml") {
      found.push(`element <${tag}>`);
    }
    for (const { name, value } of element.attributes) {
      if (!RICH_TEXT_ATTRIBUTES[tag]?.includes(name)) found.push(`attribute ${name} on <${tag}>`);
      if (name.startsWith("on")) found.push(`handler ${name}`);
      if (name === "href" && !HREF.test(value)) found.push(`href ${value}`);
      if (name === "src" && !SRC.test(value)) found.push(`src ${value}`);
      if (name === "style") {
        for (const declaration of value.split(";").filter((d) => d.trim())) {
          const property = declaration.split(":")[0].trim().toLowerCase();
          if (property !== "color" && property !== "background-color") found.push(`style ${declaration}`);
          if (/url\(|expression|\\|javascript/i.test(declaration)) found.push(`style value ${declaration}`);
        }
      }
      if (/javascript:|vbscript:|data:text/i.test(value)) found.push(`${name}=${value}`);
    }
    if (
      tag === "a" &&
      (element.getAttribute("rel") !== "noopener noreferrer" || element.getAttribute("target") !== "_blank")
    ) {
      found.push("link without rel/target");
    }
  }
  return found;
}
