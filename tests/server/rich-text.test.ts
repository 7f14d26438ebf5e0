// @vitest-environment jsdom
// (A browser's parser, to read the output as a browser would; the sanitiser itself is plain Node.)
// The server's rich-text sanitiser (sanitize-html + the shared allow-list), a pure function: the
// XSS corpus comes out harmless when a browser parses it (jsdom), the editor's output comes out
// unchanged, and empty documents are stored as no value.
import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "../../server/resources/rich-text";
import { checkValue } from "../../server/resources/validators";
import { richText } from "../../src/resource-engine/fields";
import { dangersIn, EDITOR_OUTPUT, XSS_PAYLOADS } from "../unit/rich-text/xss-corpus";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("sanitizeRichText", () => {
  it.each(XSS_PAYLOADS)("leaves nothing dangerous of: $name", ({ html, keeps }) => {
    const clean = sanitizeRichText(html);
    const doc = parse(clean);
    expect(dangersIn(doc), clean).toEqual([]);
    // What a browser would serialise and parse again is still clean: no mutation XSS.
    expect(dangersIn(parse(doc.body.innerHTML)), doc.body.innerHTML).toEqual([]);
    expect(sanitizeRichText(clean)).toBe(clean);
    if (keeps) expect(doc.body.textContent).toContain(keeps);
  });

  it.each(Object.entries(EDITOR_OUTPUT))("keeps the editor's %s output unchanged", (_, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("writes links with rel and target, URLs trimmed, classes and styles filtered", () => {
    expect(
      sanitizeRichText('<a href=" https://ok.example/x " target="_self" rel="opener" title="t">x</a>'),
    ).toBe('<a href="https://ok.example/x" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<p class="ql-align-right ql-indent-9 evil">x</p>')).toBe(
      '<p class="ql-align-right">x</p>',
    );
    expect(
      sanitizeRichText('<span style="font-size: 40px; background-color: rgb(255, 255, 0)">x</span>'),
    ).toBe('<span style="background-color: rgb(255, 255, 0);">x</span>');
    expect(sanitizeRichText("<p>Hello <b>there</b></p><div>block</div>")).toBe("<p>Hello there</p>block");
  });

  it.each([
    ["", ""],
    ["<p><br></p>", ""],
    ["   \n\t ", ""],
    ["<p> &nbsp; </p><p><br></p><h1> </h1>", ""],
    ["<script>alert(1)</script><iframe src=x></iframe>", ""],
    ['<img src="javascript:alert(1)">', ""],
  ])("stores %j as empty", (input, stored) => {
    expect(sanitizeRichText(input)).toBe(stored);
  });

  it("keeps an image-only document", () => {
    expect(sanitizeRichText('<p><img src="https://example.com/a.png"></p>')).toBe(
      '<p><img src="https://example.com/a.png"></p>',
    );
  });
});

describe("richText field validation", () => {
  const optional = richText({ label: "Notes" });
  const required = richText({ label: "Body", required: true });

  it("stores the sanitised HTML", () => {
    expect(checkValue(optional, '<p onclick="x()">Hi<script>alert(1)</script></p>', "create")).toEqual({
      value: "<p>Hi</p>",
    });
  });

  it("treats an empty editor as an emptied input: no value, or required", () => {
    expect(checkValue(optional, "<p><br></p>", "update")).toEqual({ value: null });
    expect(checkValue(optional, "<p>  </p>", "create")).toEqual({ value: null });
    expect(checkValue(required, "<p><br></p>", "create")).toEqual({ error: "This field is required" });
    expect(checkValue(required, "<script>x</script>", "update")).toEqual({ error: "This field is required" });
  });

  it("checks the length of what is stored", () => {
    const short = richText({ max: 20 });
    expect(checkValue(short, `<p>ok</p>${'<img src="x">'.repeat(50)}`, "create")).toEqual({
      value: "<p>ok</p>",
    });
    expect(checkValue(short, "<p>this text is far too long</p>", "create")).toEqual({
      error: "Use at most 20 characters",
    });
  });
});
