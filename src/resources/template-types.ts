import { defineResource } from "../resource-engine/define";
import { boolean, choice, text } from "../resource-engine/fields";

// Static, fill-in, variable data, upload, mail piece, EDDM.
export default defineResource({
  kind: "TemplateType",
  icon: "file-text",
  group: "Catalogue",
  fields: {
    name: text({ required: true, max: 80, unique: true, searchable: true, sortable: true }),
    editor_kind: choice(
      [
        { value: "none", label: "None (static)" },
        { value: "form", label: "Fill-in form" },
        { value: "designer", label: "Design editor" },
        { value: "upload", label: "Artwork upload" },
      ],
      { required: true, default: "form", filter: true },
    ),
    supports_variable_data: boolean({ filter: true }),
    has_address_block: boolean({ filter: true }),
  },
  list: ["name", "editor_kind", "supports_variable_data", "has_address_block", "updated_at"],
  sort: "name",
  form: [
    ["name", "editor_kind"],
    ["supports_variable_data", "has_address_block"],
  ],
});
