import { defineResource } from "../resource-engine/define";
import { boolean, choice, integer, reference, text } from "../resource-engine/fields";

const count = (label: string) => integer({ label, min: 0, max: 100_000, default: 0 });

// A USPS carrier route picked for Every Door Direct Mail. `carrier_route` is domain.md's route_id,
// renamed so that a text field does not read as a reference.
export default defineResource({
  kind: "Route",
  label: "EDDM routes",
  singular: "EDDM route",
  icon: "node-index",
  group: "Direct mail",
  titleField: "carrier_route",
  fields: {
    zip5: text({
      label: "ZIP",
      required: true,
      searchable: true,
      sortable: true,
      filter: true,
      pattern: "^\\d{5}$",
      patternMessage: "Five digits",
    }),
    carrier_route: text({
      required: true,
      searchable: true,
      sortable: true,
      pattern: "^[BCHR]\\d{3}$",
      patternMessage: "A letter (C city, R rural, H highway contract, B PO box) and 3 digits, e.g. C001",
    }),
    type: choice(["city", "rural", "highway_contract", "po_box"], {
      required: true,
      default: "city",
      filter: true,
    }),
    residential_count: count("Residential"),
    business_count: count("Business"),
    total_count: count("Total"),
    post_office_id: reference("Location", { label: "Post office", filter: true }),
    selected: boolean({ filter: true }),
  },
  list: ["zip5", "carrier_route", "type", "residential_count", "total_count", "selected"],
  sort: "zip5,carrier_route",
  form: [
    ["zip5", "carrier_route", "type"],
    ["residential_count", "business_count", "total_count"],
    ["post_office_id", "selected"],
  ],
});
