import { describe, expect, it } from "vitest";
import {
  designEditorOrigin,
  designEditorUrl,
  savedDesign,
} from "../../../src/custom/catalogue/design-editor-link";
import {
  clampBox,
  defaultLayout,
  designProblems,
  fieldSideChoices,
  isMovable,
  safeArea,
  sideFileProblem,
  templateFields,
  withFieldSide,
} from "../../../src/custom/catalogue/design-rules";

// The design rules the editor, the template page and the server share (issue 21).

const card = { trim_width: 3.5, trim_height: 2, bleed: 0.125, safe_margin: 0.25 };
const fields = [
  { name: "name", label: "Name", locked: false, side: "front" as const },
  { name: "company", label: "Company", locked: true, side: "front" as const },
];
/** A two-sided card: the back carries a map line (movable) and the opening hours (locked). */
const twoSided = [
  ...fields,
  { name: "map", label: "Map", locked: false, side: "back" as const },
  { name: "hours", label: "Hours", locked: true, side: "back" as const },
];

describe("safe area", () => {
  it("is the trim less the margin on every side", () => {
    expect(safeArea(card)).toEqual({ x: 0.25, y: 0.25, width: 3, height: 1.5 });
  });
  it("never turns inside out when the margin is wider than half the trim", () => {
    expect(safeArea({ ...card, trim_height: 0.4 })).toEqual({ x: 0.2, y: 0.2, width: 3.1, height: 0 });
  });
});

describe("clampBox", () => {
  const area = { x: 0.25, y: 0.25, width: 3, height: 1.5 };
  it.each([
    ["left of the area", { x: 0, y: 1, width: 1, height: 0.5 }, { x: 0.25, y: 1, width: 1, height: 0.5 }],
    [
      "past the right and bottom",
      { x: 3, y: 1.5, width: 1, height: 0.5 },
      { x: 2.25, y: 1.25, width: 1, height: 0.5 },
    ],
    [
      "wider than the area",
      { x: 1, y: 0.5, width: 5, height: 0.5 },
      { x: 0.25, y: 0.5, width: 3, height: 0.5 },
    ],
    ["inside already", { x: 1, y: 1, width: 1, height: 0.5 }, { x: 1, y: 1, width: 1, height: 0.5 }],
  ])("moves a box %s inside", (_what, box, want) => {
    expect(clampBox(box, area)).toEqual(want);
  });
});

describe("fields and locks", () => {
  it("reads the declared fields, leaving out malformed and repeated ones", () => {
    expect(
      templateFields([
        { name: "a", locked: true },
        { name: "a" },
        "x",
        { label: "no name" },
        { name: "b", label: "B" },
        { name: "c", side: "back" },
        { name: "d", side: "sideways" },
      ]),
    ).toEqual([
      { name: "a", label: "a", locked: true, side: "front" },
      { name: "b", label: "B", locked: false, side: "front" },
      { name: "c", label: "c", locked: false, side: "back" },
      { name: "d", label: "d", locked: false, side: "front" },
    ]);
    expect(templateFields(null)).toEqual([]);
  });
  it("lets only a declared, unlocked field move", () => {
    expect(isMovable(fields[0])).toBe(true);
    expect(isMovable(fields[1])).toBe(false);
    expect(isMovable(undefined)).toBe(false);
  });
  it("starts each field on its own line across the safe area", () => {
    expect(defaultLayout(card, fields)).toEqual([
      { name: "name", value: "Name", side: "front", x: 0.25, y: 0.25, width: 3, height: 0.4 },
      { name: "company", value: "Company", side: "front", x: 0.25, y: 0.65, width: 3, height: 0.4 },
    ]);
  });
  it("starts each side's fields from the top of that side", () => {
    expect(defaultLayout(card, twoSided).slice(2)).toEqual([
      { name: "map", value: "Map", side: "back", x: 0.25, y: 0.25, width: 3, height: 0.4 },
      { name: "hours", value: "Hours", side: "back", x: 0.25, y: 0.65, width: 3, height: 0.4 },
    ]);
  });
});

describe("designProblems", () => {
  const name = (x: number, value = "Jane") => ({ name: "name", value, x, y: 1, width: 2, height: 0.4 });
  it("accepts a field moved within the safe area and the locked one where it starts", () => {
    const company = { name: "company", value: "Company", x: 0.25, y: 0.65, width: 3, height: 0.4 };
    expect(designProblems(card, fields, [name(1.25), company])).toEqual([]);
  });
  it.each([
    [
      [name(0.2)],
      "fields.0",
      "Name is outside the front's safe area: keep it at least 0.25 in inside the trim",
    ],
    [
      [name(1.3)],
      "fields.0",
      "Name is outside the front's safe area: keep it at least 0.25 in inside the trim",
    ],
    [
      [{ name: "company", value: "Company", x: 0.25, y: 0.7, width: 3, height: 0.4 }],
      "fields.0",
      "Company is locked: it cannot be moved or changed",
    ],
    [[name(1), name(1)], "fields.1.name", "Name is placed twice"],
    [[{ ...name(1), name: "fax" }], "fields.0.name", 'This template has no field "fax"'],
    [[name(1, "x".repeat(501))], "fields.0.value", "Name may hold at most 500 characters"],
  ])("refuses %j", (design, field, message) => {
    expect(designProblems(card, fields, design)).toEqual([{ field, message }]);
  });
  const back = (name: string, x: number, y: number, value = "Here") => ({
    name,
    value,
    side: "back" as const,
    x,
    y,
    width: 1,
    height: 0.4,
  });
  it("accepts back fields inside the back's safe area, and a saved design without sides as the front", () => {
    const hours = { ...back("hours", 0.25, 0.65, "Hours"), width: 3 };
    expect(designProblems(card, twoSided, [name(1.25), back("map", 2.25, 1.35), hours])).toEqual([]);
  });
  it.each([
    [
      [back("map", 2.3, 1)],
      "fields.0",
      "Map is outside the back's safe area: keep it at least 0.25 in inside the trim",
    ],
    [
      [back("map", 1, 1.4)],
      "fields.0",
      "Map is outside the back's safe area: keep it at least 0.25 in inside the trim",
    ],
    [[back("hours", 0.25, 0.65, "Open late")], "fields.0", "Hours is locked: it cannot be moved or changed"],
    [
      [{ ...back("map", 1, 1), side: undefined }],
      "fields.0.side",
      "Map belongs on the back of this template, not the front",
    ],
    [[back("name", 1, 1)], "fields.0.side", "Name belongs on the front of this template, not the back"],
  ])("on a two-sided template refuses %j", (design, field, message) => {
    expect(designProblems(card, twoSided, design)).toEqual([{ field, message }]);
  });
});

describe("designEditorUrl", () => {
  const target = {
    baseUrl: "https://designer.example.com/",
    subfolder: "/acme-print/",
    origin: "https://shop.example.com",
    apiBaseUrl: "/api/v1",
    tenantId: 1,
    templateId: 42,
    siteId: 3,
    token: "1.2.42.99.sig",
  };
  it("joins the base URL and subfolder and names the template, site, tenant, token and API", () => {
    expect(designEditorUrl(target)).toBe(
      "https://designer.example.com/acme-print/?template_id=42&site_id=3&tenant=1&token=1.2.42.99.sig" +
        "&api=https%3A%2F%2Fshop.example.com%2Fapi%2Fv1&origin=https%3A%2F%2Fshop.example.com",
    );
  });
  it("resolves a base URL on the app's own server", () => {
    expect(designEditorUrl({ ...target, baseUrl: "/design-editor", subfolder: "demo" })).toMatch(
      /^https:\/\/shop\.example\.com\/design-editor\/demo\/\?template_id=42&/,
    );
  });
  it("expects the editor's messages from the configured editor's origin", () => {
    expect(designEditorOrigin("https://designer.example.com/x/", "https://shop.example.com")).toBe(
      "https://designer.example.com",
    );
    expect(designEditorOrigin("/design-editor", "https://shop.example.com")).toBe("https://shop.example.com");
  });
  it("reads only this template's saved message", () => {
    const message = { type: "pressroom:design-saved", template_id: 42, design_version: 3 };
    expect(savedDesign(message, 42)).toEqual({ design_version: 3 });
    expect(savedDesign(message, 7)).toBeUndefined();
    expect(savedDesign({ ...message, type: "other" }, 42)).toBeUndefined();
    expect(savedDesign("pressroom:design-saved", 42)).toBeUndefined();
  });
});

describe("sideFileProblem", () => {
  it.each([
    [{ type: "application/pdf", size: 2_000_000 }, null],
    [{ type: "image/png", size: 10 * 1024 * 1024 }, null],
    [{ type: "image/jpeg", size: 1000 }, null],
    [{ type: "image/svg+xml", size: 1000 }, "Choose a PDF, a PNG or a JPEG image"],
    [{ type: "image/gif", size: 1000 }, "Choose a PDF, a PNG or a JPEG image"],
    [{ type: "image/png", size: 10 * 1024 * 1024 + 1 }, "Choose a file of at most 10 MB"],
  ])("%j → %s", (file, problem) => {
    expect(sideFileProblem(file)).toBe(problem);
  });
});

describe("a field's side chosen on the template page", () => {
  it("offers the back only to a template that has one", () => {
    expect(fieldSideChoices(false)).toEqual([{ value: "front", label: "Front" }]);
    expect(fieldSideChoices(true)).toEqual([
      { value: "front", label: "Front" },
      { value: "back", label: "Back" },
    ]);
  });

  it("moves the named field only, keeping every other entry and key as stored", () => {
    const stored = [
      { name: "name", label: "Name", locked: true },
      { name: "map", label: "Map", side: "front", note: "kept" },
      "not a field",
    ];
    expect(withFieldSide(stored, "map", "back")).toEqual([
      { name: "name", label: "Name", locked: true },
      { name: "map", label: "Map", side: "back", note: "kept" },
      "not a field",
    ]);
    expect(withFieldSide(stored, "name", "back")[0]).toEqual({
      name: "name",
      label: "Name",
      locked: true,
      side: "back",
    });
    expect((stored[1] as { side: string }).side).toBe("front");
    expect(withFieldSide(null, "map", "back")).toEqual([]);
  });
});
