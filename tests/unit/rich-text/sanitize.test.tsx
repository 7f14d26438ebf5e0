// The app's rich-text sanitiser (DOMPurify + the shared allow-list) and how stored rich text is
// shown: full views render the sanitised HTML, lists a plain-text excerpt.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FieldValue } from "../../../src/components/fields/field-value";
import { richTextExcerpt } from "../../../src/components/fields/rich-text-excerpt";
import { sanitizeRichTextHtml } from "../../../src/components/fields/rich-text-sanitize";
import { richText } from "../../../src/resource-engine/fields";
import { dangersIn, EDITOR_OUTPUT, INERT_WHEN_PARSED, XSS_PAYLOADS } from "./xss-corpus";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("sanitizeRichTextHtml", () => {
  it("has a corpus of at least 25 payloads", () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(25);
  });

  it("has a checker that sees the danger in the payloads before sanitising", () => {
    const missed = XSS_PAYLOADS.filter(
      ({ name, html }) => !INERT_WHEN_PARSED.has(name) && dangersIn(parse(html)).length === 0,
    );
    expect(missed.map((p) => p.name)).toEqual([]);
  });

  it.each(XSS_PAYLOADS)("leaves nothing dangerous of: $name", ({ html, keeps }) => {
    const clean = sanitizeRichTextHtml(html);
    const doc = parse(clean);
    expect(dangersIn(doc), clean).toEqual([]);
    // Serialised and parsed again (what a later innerHTML would do) it is still clean: no mutation XSS.
    expect(dangersIn(parse(doc.body.innerHTML)), doc.body.innerHTML).toEqual([]);
    expect(sanitizeRichTextHtml(clean)).toBe(clean);
    if (keeps) expect(doc.body.textContent).toContain(keeps);
  });

  it("forces rel and target on links and drops refused images entirely", () => {
    expect(sanitizeRichTextHtml('<a href="https://ok.example/" target="_self" rel="opener">ok</a>')).toBe(
      '<a href="https://ok.example/" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(sanitizeRichTextHtml('<p>a<img src="javascript:alert(1)">b</p>')).toBe("<p>ab</p>");
    expect(sanitizeRichTextHtml('<a href=" https://ok.example/x ">x</a>')).toBe(
      '<a href="https://ok.example/x" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it("keeps only the allowed classes and colour declarations", () => {
    expect(sanitizeRichTextHtml('<p class="ql-align-center evil ql-indent-9 ql-indent-3">x</p>')).toBe(
      '<p class="ql-align-center ql-indent-3">x</p>',
    );
    expect(
      sanitizeRichTextHtml(
        '<span class="ql-font-serif ql-font-comic" style="font-size:40px; color: rgb(0, 102, 204)">x</span>',
      ),
    ).toBe('<span class="ql-font-serif" style="color: rgb(0, 102, 204);">x</span>');
    // Block classes do not belong on inline text, nor font classes on blocks.
    expect(sanitizeRichTextHtml('<p class="ql-font-serif"><span class="ql-align-center">x</span></p>')).toBe(
      "<p><span>x</span></p>",
    );
  });

  it.each(Object.entries(EDITOR_OUTPUT))("keeps the editor's %s output unchanged", (_, html) => {
    expect(sanitizeRichTextHtml(html)).toBe(html);
  });
});

describe("showing rich text", () => {
  const field = richText({ label: "Body" });
  const hostile =
    '<h1>Title</h1><p>Hello <strong>there</strong><img src=x onerror="window.__xss = 1"></p>' +
    '<script>window.__xss = 2</script><a href="javascript:alert(1)">link</a>';

  it("renders sanitised HTML in a full view", async () => {
    const { container } = render(<FieldValue field={field} value={hostile} />);
    expect(await screen.findByRole("heading", { name: "Title" })).toBeInTheDocument();
    expect(container.querySelector("strong")).toHaveTextContent("there");
    expect(container.querySelector("script, img, [onerror]")).toBeNull();
    expect(container.querySelector("a")).not.toHaveAttribute("href");
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it("shows lists a plain-text excerpt of the first 120 characters, never markup", () => {
    const long = `<p>${"word ".repeat(40)}</p><p>tail</p>`;
    const { container } = render(
      <FieldValue field={field} value={`<h1>Title</h1>${long}${hostile}`} compact />,
    );
    expect(container.querySelector("h1, p, strong, img, script, a")).toBeNull();
    const text = container.textContent ?? "";
    expect(text.startsWith("Title word word")).toBe(true);
    expect(text.endsWith("…")).toBe(true);
    expect([...text].length).toBeLessThanOrEqual(121);
  });

  it("puts a space between blocks and keeps short text whole", () => {
    expect(richTextExcerpt("<h1>Title</h1><p>One</p><ul><li>a</li><li>b</li></ul>")).toBe("Title One a b");
    expect(richTextExcerpt(`<p>${"x".repeat(120)}</p>`)).toBe("x".repeat(120));
    expect(richTextExcerpt(`<p>${"x".repeat(121)}</p>`)).toBe(`${"x".repeat(120)}…`);
    expect(richTextExcerpt("<p>&lt;b&gt; &amp;</p>")).toBe("<b> &");
  });
});
