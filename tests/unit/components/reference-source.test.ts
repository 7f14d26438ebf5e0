import { describe, expect, it } from "vitest";
import {
  dependencyPath,
  lookupPath,
  lookupTitle,
  sourceField,
} from "../../../src/components/fields/reference-source";
import { resourceOf } from "../../../src/resource-engine/registry";

// Where a reference's titles and options are asked, and which form value a dependent one waits for.

const orders = resourceOf("Order");
const slips = resourceOf("PackingSlip");
if (!orders || !slips) throw new Error("orders and packing slips are declared");

describe("reference sources", () => {
  it("ask the referencing kind's look-up of the field, a child field by its collection", () => {
    expect(lookupPath({ resource: orders, field: "bill_to_id" })).toBe("orders/lookups/bill_to_id");
    expect(lookupPath({ resource: orders, field: "items.product_id" })).toBe(
      "orders/lookups/items.product_id",
    );
    expect(sourceField({ resource: orders, field: "items.product_id" })?.target).toBe("Product");
    expect(sourceField({ resource: orders, field: "order_number" })).toBeUndefined();
  });

  it("wait for the record's field, also from a child row, and for none without a rule", () => {
    expect(dependencyPath({ resource: orders, field: "bill_to_id" })).toEqual(["customer_id"]);
    // An item's product depends on the order's site: the parent's field, not the row's.
    expect(dependencyPath({ resource: orders, field: "items.product_id", row: ["items", 2] })).toEqual([
      "site_id",
    ]);
    expect(dependencyPath({ resource: slips, field: "ship_to_id" })).toEqual(["order_id"]);
    expect(dependencyPath({ resource: orders, field: "status_id" })).toBeUndefined();
  });

  it("title a look-up record by its title, else leave it to the declaration", () => {
    expect(lookupTitle({ id: 4, title: "12 Main St, Springfield · Acme" })).toBe(
      "12 Main St, Springfield · Acme",
    );
    expect(lookupTitle({ id: 4, name: "Acme" })).toBeUndefined();
  });
});
