import { defineResource } from "../resource-engine/define";
import { boolean, choice, integer, json, reference, text } from "../resource-engine/fields";

// The steps a template offers, in order: personalise, proof, approve, order, schedule a mailing.
export default defineResource({
  kind: "TemplateAction",
  icon: "interaction",
  group: "Catalogue",
  titleField: "label",
  fields: {
    template_id: reference("Template", { required: true, filter: true, sortable: true }),
    action_type: choice(
      [
        "personalize",
        "proof",
        "approve",
        "order",
        "schedule_mailing",
        { value: "render_pdf", label: "Render PDF" },
      ],
      { required: true, filter: true },
    ),
    label: text({ required: true, max: 80, searchable: true, help: "The button's text" }),
    sort_order: integer({ min: 0, max: 1000, default: 0, sortable: true }),
    enabled: boolean({ default: true, filter: true }),
    config: json({ help: "Settings of this action, e.g. { proof_watermark }" }),
  },
  list: ["template_id", "action_type", "label", "sort_order", "enabled"],
  sort: "template_id,sort_order",
  form: [["template_id", "action_type"], ["label", "sort_order", "enabled"], ["config"]],
});
