// The reference design editor (issue 21; README "Design editor contract"), on Konva: the template's
// front, and its back when it has fields there (a switch between the two), with the trim and safe
// area, each field as text placed where the design has it on its side, movable only inside the safe
// area and only when not locked, saved back with a PNG preview of each side to
// POST {api}/templates/{id}/designs, then announced to the app that opened it. The server checks
// every rule again (src/custom/catalogue/design-rules.ts); this page keeps a person inside them.
// A field is selected by clicking it or its text box; the arrow keys on the page then move it a
// hundredth of an inch (a tenth with Shift), inside the safe area too (nudge.js).
/* global Konva */
import { nudge } from "./nudge.js";

const params = new URLSearchParams(window.location.search);
const api = (params.get("api") ?? "").replace(/\/+$/, "");
const token = params.get("token") ?? "";
const templateId = Number(params.get("template_id"));
const appOrigin = params.get("origin");
const PAGE_PX = 720;

const status = document.getElementById("status");
const saveButton = document.getElementById("save");
const say = (text, tone) => {
  status.textContent = text;
  status.className = tone ?? "";
};

async function call(path, init = {}) {
  const response = await fetch(`${api}/${path}`, {
    ...init,
    headers: { Accept: "application/json", "X-Design-Token": token, ...(init.headers ?? {}) },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const details = (body.errors ?? []).map((e) => e.message).join("; ");
    throw new Error(
      [body.message ?? `The server answered ${response.status}`, details].filter(Boolean).join(": "),
    );
  }
  return body.data;
}

const loadImage = (src) =>
  new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(undefined);
    image.src = src;
  });

const round = (n) => Math.round(n * 1000) / 1000;
/** An arrow key's step, in inches (ten times with Shift). */
const STEP_IN = 0.01;

async function start() {
  if (!api || !token || !templateId) {
    say("Open the editor from a template's page: this address lacks the template or its pass.", "error");
    return;
  }
  const context = await call(`templates/${templateId}/design-context`);
  const t = context.template;
  document.getElementById("title").textContent = `Design: ${t.name}`;
  const sheetW = t.trim_width + 2 * t.bleed;
  const sheetH = t.trim_height + 2 * t.bleed;
  const ppi = PAGE_PX / Math.max(sheetW, sheetH, 0.001);
  const inch = (n) => n * ppi;
  const margin = Math.min(t.safe_margin, t.trim_width / 2, t.trim_height / 2);
  // The safe area in stage pixels (the stage's origin is the bleed's corner).
  const safe = {
    x: inch(t.bleed + margin),
    y: inch(t.bleed + margin),
    width: inch(t.trim_width - 2 * margin),
    height: inch(t.trim_height - 2 * margin),
  };

  const stage = new Konva.Stage({ container: "stage", width: inch(sheetW), height: inch(sheetH) });
  // One page layer per side, the shown one visible; a field lives on its side's layer.
  const sideOf = (f) => (f.side === "back" ? "back" : "front");
  const sides = context.fields.some((f) => sideOf(f) === "back") ? ["front", "back"] : ["front"];
  const pages = {};
  for (const side of sides) {
    const layer = new Konva.Layer({ visible: side === "front" });
    layer.add(new Konva.Rect({ x: 0, y: 0, width: stage.width(), height: stage.height(), fill: "#ffffff" }));
    if (context.images[side]) {
      const image = await loadImage(
        `${api}/templates/${templateId}/images/${side}?token=${encodeURIComponent(token)}`,
      );
      if (image)
        layer.add(new Konva.Image({ image, x: 0, y: 0, width: stage.width(), height: stage.height() }));
    }
    pages[side] = layer;
    stage.add(layer);
  }
  const guides = new Konva.Layer({ listening: false });
  stage.add(guides);
  guides.add(
    new Konva.Rect({
      x: inch(t.bleed),
      y: inch(t.bleed),
      width: inch(t.trim_width),
      height: inch(t.trim_height),
      stroke: "#141414",
      strokeWidth: 1,
    }),
    new Konva.Rect({ ...safe, stroke: "#1677ff", strokeWidth: 1, dash: [6, 4] }),
  );

  const declared = new Map(context.fields.map((f) => [f.name, f]));
  const inputs = document.getElementById("inputs");
  // A two-sided template's fields in a section per side, each under its side's heading.
  const sections = {};
  for (const side of sides) {
    if (sides.length === 1) {
      sections[side] = inputs;
      continue;
    }
    const section = document.createElement("section");
    const heading = document.createElement("h2");
    heading.textContent = side === "front" ? "Front" : "Back";
    heading.id = `side-${side}`;
    section.setAttribute("aria-labelledby", heading.id);
    section.append(heading);
    inputs.append(section);
    sections[side] = section;
  }
  const nodes = context.layout.map((f) => {
    const field = declared.get(f.name);
    const locked = field?.locked === true;
    const side = sideOf(field ?? f);
    const width = Math.min(inch(f.width), safe.width);
    const height = Math.min(inch(f.height), safe.height);
    const node = new Konva.Text({
      x: inch(t.bleed + f.x),
      y: inch(t.bleed + f.y),
      width,
      height,
      text: f.value,
      fontSize: Math.max(8, height * 0.7),
      fontStyle: "bold",
      fill: "#141414",
      verticalAlign: "middle",
      wrap: "none",
      ellipsis: true,
      draggable: !locked,
      // Kept inside the safe area as it is dragged (design-rules.ts clampBox, in stage pixels).
      dragBoundFunc: (pos) => ({
        x: Math.min(Math.max(pos.x, safe.x), safe.x + safe.width - width),
        y: Math.min(Math.max(pos.y, safe.y), safe.y + safe.height - height),
      }),
    });
    node.on("mousedown touchstart", () => select(entry));
    node.on("mouseenter", () => (stage.container().style.cursor = locked ? "not-allowed" : "move"));
    node.on("mouseleave", () => (stage.container().style.cursor = ""));
    pages[side].add(node);

    const id = `field-${f.name}`;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = `${field?.label ?? f.name}${locked ? " (locked)" : ""}`;
    const input = document.createElement("input");
    input.type = "text";
    input.id = id;
    input.name = f.name;
    input.value = f.value;
    input.maxLength = 500;
    input.disabled = locked;
    input.addEventListener("input", () => node.text(input.value));
    input.addEventListener("focus", () => select(entry));
    sections[side].append(label, input);
    const entry = {
      name: f.name,
      node,
      width,
      height,
      original: f,
      locked,
      side,
      label: field?.label ?? f.name,
    };
    return entry;
  });

  // The side shown: its page layer visible, the switch pressed, the stage named for it.
  let shown = "front";
  const container = stage.container();
  const switches = document.getElementById("sides");
  function show(side) {
    shown = side;
    for (const s of sides) pages[s].visible(s === side);
    for (const button of switches.querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(button.dataset.side === side));
    }
    container.setAttribute(
      "aria-label",
      `The template's ${side} with its fields. Select a field, then the arrow keys move it (Shift: ten times as far).`,
    );
    if (selected && selected.side !== side) select(undefined);
  }
  if (sides.length > 1) {
    for (const side of sides) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.side = side;
      button.textContent = side === "front" ? "Front" : "Back";
      button.addEventListener("click", () => show(side));
      switches.append(button);
    }
    switches.hidden = false;
  }

  // The selected field: outlined on the page, moved by the arrow keys while the page has the focus.
  const outline = new Konva.Rect({ stroke: "#fa8c16", strokeWidth: 2, dash: [4, 3], visible: false });
  guides.add(outline);
  let selected;
  const showOutline = () => {
    if (!selected) return outline.visible(false);
    const { node } = selected;
    outline.setAttrs({ x: node.x(), y: node.y(), width: node.width(), height: node.height(), visible: true });
  };
  function select(entry) {
    selected = entry;
    // A field chosen from the form on the other side turns the page over to it.
    if (entry && entry.side !== shown) show(entry.side);
    showOutline();
  }
  for (const entry of nodes) entry.node.on("dragmove", () => selected === entry && showOutline());
  container.tabIndex = 0;
  show("front");
  container.addEventListener("keydown", (event) => {
    if (!selected || selected.side !== shown) return;
    const { node, locked, label } = selected;
    const step = STEP_IN * ppi;
    const to = nudge(
      { x: node.x(), y: node.y(), width: node.width(), height: node.height() },
      event.key,
      event.shiftKey,
      step,
      safe,
    );
    if (!to) return;
    event.preventDefault();
    if (locked) return say(`${label} is locked: it cannot be moved.`, "error");
    node.position(to);
    showOutline();
    say(`${label} at ${round(to.x / ppi - t.bleed)} in, ${round(to.y / ppi - t.bleed)} in.`);
  });

  let baseVersion = context.design_version;
  saveButton.disabled = !context.can_design;
  say(context.can_design ? "Ready." : "You may look at this template but not save a design of it.");

  saveButton.addEventListener("click", async () => {
    saveButton.disabled = true;
    say("Saving…");
    try {
      // Each side's page alone, without the guides, is its preview.
      guides.hide();
      const previews = {};
      for (const side of sides) {
        for (const s of sides) pages[s].visible(s === side);
        previews[side] = stage.toDataURL({ mimeType: "image/png", pixelRatio: 1 }).split(",")[1];
      }
      show(shown);
      guides.show();
      const fields = nodes.map(({ name, node, original, side }) => {
        const locked = declared.get(name)?.locked === true;
        // A locked field goes back exactly as it came (no rounding of the pixels it was drawn at).
        if (locked) return original;
        return {
          name,
          side,
          value: node.text(),
          x: round(node.x() / ppi - t.bleed),
          y: round(node.y() / ppi - t.bleed),
          width: round(node.width() / ppi),
          height: round(node.height() / ppi),
        };
      });
      const saved = await call(`templates/${templateId}/designs`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          base_version: baseVersion,
          fields,
          preview_png: previews.front,
          ...(previews.back ? { preview_back_png: previews.back } : {}),
        }),
      });
      baseVersion = saved.design_version;
      const told = Boolean(window.opener && appOrigin);
      if (told) {
        window.opener.postMessage(
          { type: "pressroom:design-saved", template_id: templateId, design_version: saved.design_version },
          appOrigin,
        );
      }
      say(
        told
          ? `Saved as design version ${saved.design_version}.`
          : `Saved as design version ${saved.design_version}. Reload the template's page to see it.`,
        "ok",
      );
    } catch (error) {
      show(shown);
      guides.show();
      say(error.message, "error");
    } finally {
      saveButton.disabled = false;
    }
  });
}

start().catch((error) => say(error.message, "error"));
