// The rules of a design placed on a template (issue 21), shared by the reference design editor (which
// keeps fields inside the safe area as they are dragged), the template page (which draws the areas)
// and the server (which refuses a design that breaks them). Lengths are inches; boxes are measured
// from the trim's top-left corner. Each field belongs to a side of the page (front or back, as the
// template declares it; without one, the front), and a design places it on that side: both sides
// share the trim, so each has the same safe area, and each side's fields start on lines of their own.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DESIGN_SIDES = ["front", "back"] as const;
export type DesignSide = (typeof DESIGN_SIDES)[number];

/** A field as the template declares it (Template.editable_fields). */
export interface TemplateField {
  name: string;
  label: string;
  locked: boolean;
  side: DesignSide;
}

/** A field as a design places it (a design saved before sides existed has none: the front). */
export interface DesignField extends Box {
  name: string;
  value: string;
  side?: DesignSide;
}

/** The side a field or placement is on: the back only when it says so. */
export const sideOf = (f: { side?: unknown }): DesignSide => (f.side === "back" ? "back" : "front");

export interface TemplateGeometry {
  trim_width: number;
  trim_height: number;
  bleed: number;
  safe_margin: number;
}

/** Text longer than this is refused (a design field is a line or two, not a document). */
export const FIELD_VALUE_MAX = 500;
/** Inches a box may stray past a line through rounding. */
const EPSILON = 0.001;

/** The safe area: the trim shrunk by the safe margin on every side (never negative). */
export function safeArea(g: TemplateGeometry): Box {
  const m = Math.min(g.safe_margin, g.trim_width / 2, g.trim_height / 2);
  return { x: m, y: m, width: g.trim_width - 2 * m, height: g.trim_height - 2 * m };
}

/** The box moved (and if larger, shrunk) so it lies wholly inside `area`. */
export function clampBox(box: Box, area: Box): Box {
  const width = Math.min(Math.max(box.width, 0), area.width);
  const height = Math.min(Math.max(box.height, 0), area.height);
  const x = Math.min(Math.max(box.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(box.y, area.y), area.y + area.height - height);
  return { x, y, width, height };
}

export function insideBox(box: Box, area: Box): boolean {
  return (
    box.width >= 0 &&
    box.height >= 0 &&
    box.x >= area.x - EPSILON &&
    box.y >= area.y - EPSILON &&
    box.x + box.width <= area.x + area.width + EPSILON &&
    box.y + box.height <= area.y + area.height + EPSILON
  );
}

/** The template's fields read from its editable_fields JSON (anything malformed is left out). */
export function templateFields(raw: unknown): TemplateField[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const fields: TemplateField[] = [];
  for (const f of raw) {
    if (!f || typeof f !== "object") continue;
    const { name, label, locked, side } = f as Record<string, unknown>;
    if (typeof name !== "string" || !name || seen.has(name)) continue;
    seen.add(name);
    fields.push({
      name,
      label: typeof label === "string" && label ? label : name,
      locked: locked === true,
      side: sideOf({ side }),
    });
  }
  return fields;
}

/**
 * Where each field starts: on its side, one line each, top to bottom across the safe area's width,
 * its label as its text (each side's fields counted on their own). A locked field stays here with
 * this text.
 */
export function defaultLayout(g: TemplateGeometry, fields: TemplateField[]): DesignField[] {
  const area = safeArea(g);
  const count = (side: DesignSide) => fields.filter((f) => f.side === side).length;
  const lines = { front: count("front"), back: count("back") };
  const used = { front: 0, back: 0 };
  return fields.map((f) => {
    const line = Math.min(0.4, area.height / lines[f.side]);
    const i = used[f.side]++;
    return {
      name: f.name,
      value: f.label,
      side: f.side,
      x: round(area.x),
      y: round(area.y + i * line),
      width: round(area.width),
      height: round(line),
    };
  });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

const sameBox = (a: Box, b: Box) =>
  Math.abs(a.x - b.x) <= EPSILON &&
  Math.abs(a.y - b.y) <= EPSILON &&
  Math.abs(a.width - b.width) <= EPSILON &&
  Math.abs(a.height - b.height) <= EPSILON;

/** Whether the editor lets this field be moved or edited. */
export function isMovable(field: TemplateField | undefined): boolean {
  return field !== undefined && !field.locked;
}

/**
 * The problems of a design on this template, one per field at fault (empty: the design is sound):
 * unknown or repeated fields, a field on the other side than the template puts it, text too long, a
 * box outside its side's safe area, a locked field changed.
 */
export function designProblems(
  g: TemplateGeometry,
  declared: TemplateField[],
  design: DesignField[],
): { field: string; message: string }[] {
  const area = safeArea(g);
  const byName = new Map(declared.map((f) => [f.name, f]));
  const defaults = new Map(defaultLayout(g, declared).map((f) => [f.name, f]));
  const seen = new Set<string>();
  const problems: { field: string; message: string }[] = [];
  design.forEach((f, i) => {
    const at = `fields.${i}`;
    const declaredField = byName.get(f.name);
    if (!declaredField) {
      problems.push({ field: `${at}.name`, message: `This template has no field "${f.name}"` });
      return;
    }
    if (seen.has(f.name)) {
      problems.push({ field: `${at}.name`, message: `${declaredField.label} is placed twice` });
      return;
    }
    seen.add(f.name);
    const start = defaults.get(f.name) as DesignField;
    if (sideOf(f) !== declaredField.side) {
      problems.push({
        field: `${at}.side`,
        message: `${declaredField.label} belongs on the ${declaredField.side} of this template, not the ${sideOf(f)}`,
      });
    } else if (declaredField.locked && (f.value !== start.value || !sameBox(f, start))) {
      problems.push({
        field: at,
        message: `${declaredField.label} is locked: it cannot be moved or changed`,
      });
    } else if (f.value.length > FIELD_VALUE_MAX) {
      problems.push({
        field: `${at}.value`,
        message: `${declaredField.label} may hold at most ${FIELD_VALUE_MAX} characters`,
      });
    } else if (!insideBox(f, area)) {
      problems.push({
        field: at,
        message: `${declaredField.label} is outside the ${declaredField.side}'s safe area: keep it at least ${g.safe_margin} in inside the trim`,
      });
    }
  });
  return problems;
}

/**
 * Why a file chosen as a template's side is not sent, or null: the server takes a PDF, PNG or JPEG of
 * at most 10 MB, and checks the bytes themselves (server/templates/images.ts).
 */
export function sideFileProblem(file: { type: string; size: number }): string | null {
  if (!["application/pdf", "image/png", "image/jpeg"].includes(file.type)) {
    return "Choose a PDF, a PNG or a JPEG image";
  }
  if (file.size > 10 * 1024 * 1024) return "Choose a file of at most 10 MB";
  return null;
}

/**
 * The sides a template's field may be put on from the template page: the back only when the template
 * has one (a back file or image, or a field there already), so a field is never sent to a missing page.
 */
export function fieldSideChoices(hasBack: boolean): { value: DesignSide; label: string }[] {
  return hasBack
    ? [
        { value: "front", label: "Front" },
        { value: "back", label: "Back" },
      ]
    : [{ value: "front", label: "Front" }];
}

/**
 * The template's editable_fields with the named field moved to `side`, every other entry and key kept
 * as stored (the template page saves it with the record's version).
 */
export function withFieldSide(raw: unknown, name: string, side: DesignSide): unknown[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((f) =>
    f && typeof f === "object" && (f as { name?: unknown }).name === name ? { ...f, side } : f,
  );
}
