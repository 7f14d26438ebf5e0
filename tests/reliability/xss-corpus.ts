// Markup that runs script if a page ever renders user text as HTML (or rich text unsanitised).
// Each payload that could run sets window.__xss (or opens a dialog); the web phase checks that
// neither happens and that none of this markup reaches the DOM as markup.

export const XSS_FLAG = "__xss";

export const XSS_PAYLOADS = [
  "<script>window.__xss=1</script>",
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"></svg>',
  '"><img src=x onerror=window.__xss=1>',
  "'><script>window.__xss=1</script>",
  '<a href="javascript:window.__xss=1">click me</a>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<details open ontoggle="window.__xss=1"><summary>x</summary></details>',
  "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>",
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<input autofocus onfocus="window.__xss=1">',
  '<object data="javascript:window.__xss=1"></object>',
  '<form><button formaction="javascript:window.__xss=1">go</button></form>',
  '<img src="x" onerror="alert(document.cookie)">',
  "{{constructor.constructor('window.__xss=1')()}}",
  '<template><img src=x onerror=window.__xss=1></template><!--<img src="--><img src=x onerror=window.__xss=1//">',
  '<a href="&#106;avascript:window.__xss=1">encoded</a>',
  "<svg><script>window.__xss=1</script></svg>",
  "<img src=x:x onerror=eval(atob('d2luZG93Ll9feHNzPTE='))>",
  '<p style="background:url(javascript:window.__xss=1)">styled</p>',
];

/** Elements and attributes that must never come from user text (checked in the rendered DOM). */
export const DANGEROUS_SELECTOR = [
  "script:not([src])",
  "iframe",
  "object",
  "embed",
  '[href^="javascript:" i]',
  '[src^="javascript:" i]',
  '[formaction^="javascript:" i]',
  "[onerror]",
  "[onload]",
  "[onfocus]",
  "[ontoggle]",
  "[onclick]",
  "[onmouseover]",
].join(", ");
