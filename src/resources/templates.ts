import { defineResource } from "../resource-engine/define";
import {
  boolean,
  choice,
  decimal,
  integer,
  json,
  reference,
  richText,
  text,
  url,
} from "../resource-engine/fields";

const inches = (o: Parameters<typeof decimal>[0] = {}) =>
  decimal({ min: 0, max: 200, scale: 3, unit: "in", ...o });

// A design customers personalise, per site (/templates/{site_id}/...); the design itself is
// edited in the external design editor. Products name their templates (Product.template_ids).
export default defineResource({
  kind: "Template",
  icon: "layout",
  group: "Catalogue",
  pages: "routes",
  scopedBy: "site_id",
  ownerField: "owner_id",
  fields: {
    name: text({ required: true, max: 160, searchable: true, sortable: true }),
    site_id: reference("Site", { required: true, filter: true }),
    template_type_id: reference("TemplateType", { required: true, filter: true }),
    // The template's category is its own site's (issue 16): the server refuses another site's
    // (400 on the field) and the select offers only the site's.
    template_category_id: reference("TemplateCategory", {
      filter: true,
      onDelete: "setNull",
      dependsOn: { field: "site_id", targetField: "site_id" },
    }),
    trim_width: inches(),
    trim_height: inches(),
    bleed: inches({ max: 2, default: 0.125 }),
    safe_margin: inches({ max: 2, default: 0.125, help: "Keep text this far inside the trim" }),
    front_file: url(),
    back_file: url(),
    preview_image: url(),
    editable_fields: json({ help: "[{ name, label, locked, side (front or back) }]" }),
    design_id: text({
      label: "Design editor ID",
      max: 120,
      help: "The design in the external design editor",
    }),
    // The design's own revision (the record's `version` counts every save): empty until the design
    // editor saves one (server/templates/routes.ts sets it then: 1, 2, ...), so the server's alone.
    design_version: integer({ min: 1, max: 10_000, readOnly: true }),
    requires_approval: boolean({ default: true, filter: true }),
    status: choice([{ value: "draft" }, { value: "published", color: "green" }, { value: "archived" }], {
      required: true,
      default: "draft",
      filter: true,
    }),
    // Set to the creator when empty; ReadOwn/UpdateOwn/DeleteOwn callers see only their own.
    owner_id: reference("User", { filter: true }),
    // Production and design notes, formatted (sanitised by the server when written).
    notes: richText({ max: 20_000 }),
  },
  list: ["name", "template_type_id", "template_category_id", "site_id", "status", "updated_at"],
  sort: "name",
  form: [
    ["name", "site_id"],
    ["template_type_id", "template_category_id", "status"],
    ["trim_width", "trim_height", "bleed", "safe_margin"],
    ["front_file", "back_file", "preview_image"],
    ["editable_fields"],
    ["design_id", "requires_approval"],
    ["owner_id"],
    ["notes"],
  ],
});
