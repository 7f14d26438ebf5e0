import { defineResource } from "../resource-engine/define";
import { boolean, choice, integer, json, reference, text } from "../resource-engine/fields";

// What a product offers its buyers on the storefront, in order: design online, upload artwork...
export default defineResource({
  kind: "ProductAction",
  icon: "thunderbolt",
  group: "Catalogue",
  titleField: "label",
  fields: {
    product_id: reference("Product", { required: true, filter: true, sortable: true }),
    action_type: choice(
      [
        "design_online",
        "upload_artwork",
        "choose_template",
        "reorder",
        "request_quote",
        "add_mailing",
        { value: "send_to_four_over", label: "Send to 4over" },
      ],
      { required: true, filter: true },
    ),
    label: text({ required: true, max: 80, searchable: true, help: "The button's text" }),
    sort_order: integer({ min: 0, max: 1000, default: 0, sortable: true }),
    enabled: boolean({ default: true, filter: true }),
    config: json({ help: "Settings of this action, e.g. { allowed_file_types }" }),
  },
  list: ["product_id", "action_type", "label", "sort_order", "enabled"],
  sort: "product_id,sort_order",
  form: [["product_id", "action_type"], ["label", "sort_order", "enabled"], ["config"]],
});
