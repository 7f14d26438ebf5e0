import { defineResource } from "../resource-engine/define";
import { choice, reference, text } from "../resource-engine/fields";

export default defineResource({
  kind: "Site",
  icon: "global",
  group: "Administration",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    domain: text({
      required: true,
      max: 253,
      unique: true,
      searchable: true,
      sortable: true,
      pattern: "^[a-z0-9-]+(\\.[a-z0-9-]+)+$",
      patternMessage: "A host name such as shop.example.com",
    }),
    kind: choice(["retail", "corporate", "reseller"], { required: true, default: "retail", filter: true }),
    customer_id: reference("Customer", { filter: true, help: "The company a corporate portal serves" }),
    status: choice([{ value: "active", color: "green" }, { value: "inactive" }], {
      default: "active",
      filter: true,
    }),
  },
  list: ["name", "domain", "kind", "customer_id", "status", "updated_at"],
  sort: "name",
  form: [
    ["name", "domain"],
    ["kind", "customer_id", "status"],
  ],
});
