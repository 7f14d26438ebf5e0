// The validation pass over `related` (a show page's related-records sections): the related kind
// is declared and `field` is its reference back to the declaring kind.
import { describe, expect, it } from "vitest";
import { defineResource, type ResourceInput } from "../../../src/resource-engine/define";
import { reference, text } from "../../../src/resource-engine/fields";
import { validateResources } from "../../../src/resource-engine/validate";

const customer = (over: Partial<ResourceInput> = {}) =>
  defineResource({
    kind: "Customer",
    fields: { name: text({ required: true, sortable: true }) },
    sort: "name",
    related: [{ kind: "CustomerAddress", field: "customer_id", label: "Addresses" }],
    ...over,
  });
const address = defineResource({
  kind: "CustomerAddress",
  fields: {
    customer_id: reference("Customer", { required: true, filter: true }),
    site_id: reference("Site"),
    street1: text({ required: true }),
  },
  sort: "-id",
});
const site = defineResource({ kind: "Site", fields: { name: text() } });

describe("validateResources: related records", () => {
  it("accepts a declared kind's reference back to this kind, and fills no section by default", () => {
    expect(validateResources([customer(), address, site])).toEqual([]);
    expect(defineResource({ kind: "Site", fields: { name: text() } }).related).toEqual([]);
  });

  it("reports an undeclared related kind", () => {
    expect(validateResources([customer()])).toEqual([
      "Customer: related CustomerAddress.customer_id: CustomerAddress is not declared",
    ]);
  });

  it("reports a field that is missing, not a reference, or points at another kind", () => {
    const errors = (field: string) =>
      validateResources([customer({ related: [{ kind: "CustomerAddress", field }] }), address, site]);
    expect(errors("customer")).toEqual([
      "Customer: related CustomerAddress.customer: not a reference field of CustomerAddress to Customer",
    ]);
    expect(errors("street1")).toEqual([
      "Customer: related CustomerAddress.street1: not a reference field of CustomerAddress to Customer",
    ]);
    expect(errors("site_id")).toEqual([
      "Customer: related CustomerAddress.site_id: not a reference field of CustomerAddress to Customer",
    ]);
  });
});
