import { defineResource } from "../resource-engine/define";
import { decimal, longText, text } from "../resource-engine/fields";

const basicSide = () => decimal({ required: true, min: 1, max: 100, scale: 2, unit: "in" });

// Bond (basic size 17×22), text/book (25×38), cover (20×26), bristol, index, tag, label, synthetic.
// The basic size turns a basis weight (lb) into gsm: gsm ≈ lb × 1406.5 ÷ (width × height).
export default defineResource({
  kind: "InventoryPaperGrade",
  label: "Paper grades",
  icon: "profile",
  group: "Inventory",
  fields: {
    name: text({ required: true, max: 60, unique: true, searchable: true, sortable: true }),
    basic_width: basicSide(),
    basic_height: basicSide(),
    description: longText({ max: 1000 }),
  },
  list: ["name", "basic_width", "basic_height", "updated_at"],
  sort: "name",
  form: [["name"], ["basic_width", "basic_height"], ["description"]],
});
