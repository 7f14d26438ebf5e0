import { defineResource } from "../resource-engine/define";
import { boolean, choice, decimal, integer, money, reference, text } from "../resource-engine/fields";

const sheetSide = () => decimal({ min: 0, max: 200, scale: 3, unit: "in" });
const minutes = () => integer({ min: 0, max: 1440, unit: "min" });

export default defineResource({
  kind: "Equipment",
  label: "Equipment",
  icon: "printer",
  group: "Production setup",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    equipment_type_id: reference("EquipmentType", { required: true, filter: true }),
    facility_id: reference("Location", { filter: true }),
    make: text({ max: 60, searchable: true, sortable: true }),
    model: text({ max: 60, searchable: true }),
    serial: text({ max: 60, unique: true, searchable: true }),
    min_sheet_width: sheetSide(),
    min_sheet_height: sheetSide(),
    max_sheet_width: sheetSide(),
    max_sheet_height: sheetSide(),
    colors: integer({ min: 0, max: 12, filter: true }),
    perfector: boolean({ filter: true, help: "Prints both sides in one pass" }),
    feed: choice(["sheet", "roll"], { default: "sheet", filter: true }),
    speed: integer({ min: 0, max: 1_000_000, unit: "imp/h", sortable: true }),
    setup_minutes: minutes(),
    washup_minutes: integer({ label: "Wash-up minutes", min: 0, max: 1440, unit: "min" }),
    hourly_rate: money({ unit: "/h", sortable: true }),
    click_cost: decimal({ min: 0, max: 100, scale: 4, unit: "/click" }),
    cost_center_id: reference("CostCenter", { filter: true, onDelete: "setNull" }),
    status: choice(
      [
        { value: "running", color: "green" },
        { value: "idle" },
        { value: "down", color: "red" },
        { value: "maintenance", color: "orange" },
      ],
      { required: true, default: "idle", filter: true },
    ),
  },
  list: ["name", "equipment_type_id", "facility_id", "speed", "status", "updated_at"],
  sort: "name",
  form: [
    ["name", "equipment_type_id", "facility_id"],
    ["make", "model", "serial"],
    ["min_sheet_width", "min_sheet_height"],
    ["max_sheet_width", "max_sheet_height"],
    ["colors", "perfector", "feed"],
    ["speed", "setup_minutes", "washup_minutes"],
    ["hourly_rate", "click_cost", "cost_center_id"],
    ["status"],
  ],
});
