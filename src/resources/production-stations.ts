import { defineResource } from "../resource-engine/define";
import { boolean, choice, integer, reference, text } from "../resource-engine/fields";

// A work centre and its queue: work waits at it in the input status and leaves in the output
// status. Its station type picks the dashboard or prepress queue that shows it.
export default defineResource({
  kind: "ProductionStation",
  icon: "dashboard",
  group: "Production setup",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    code: text({ required: true, max: 20, unique: true, searchable: true, sortable: true }),
    station_type: choice(
      [
        "press",
        "specialty_press",
        "letter_press",
        "cutting",
        "coating",
        "large_format",
        "bindery",
        "inkjet",
        "digital_production",
        "digital_cutting",
        "digital_staging",
        "digital_shipping",
        "outsource_staging",
        "prepress_juggler",
        "digital_juggler",
      ],
      { required: true, filter: true, sortable: true },
    ),
    facility_id: reference("Location", { filter: true }),
    equipment_id: reference("Equipment", { filter: true, onDelete: "setNull" }),
    input_status_id: reference("Status", { label: "Input status", onDelete: "setNull" }),
    output_status_id: reference("Status", { label: "Output status", onDelete: "setNull" }),
    capacity_per_shift: integer({ min: 0, max: 10_000_000 }),
    capacity_unit: choice(["sheets", "impressions", "items", "pieces", "sq_ft", "hours"], {
      default: "sheets",
    }),
    active: boolean({ default: true, filter: true }),
  },
  list: ["name", "code", "station_type", "facility_id", "equipment_id", "active"],
  sort: "name",
  form: [
    ["name", "code", "station_type"],
    ["facility_id", "equipment_id"],
    ["input_status_id", "output_status_id"],
    ["capacity_per_shift", "capacity_unit"],
    ["active"],
  ],
});
