import { describe, expect, it } from "vitest";
import {
  ANY_OWN_KINDS,
  actionsOf,
  CATALOGUE,
  hasAnyOwn,
  isKnownAction,
  validatePermissions,
} from "../../../src/access/catalogue";
import { KINDS, type Kind } from "../../../src/access/kinds";

const CRUD = ["Create", "Read", "Update", "Delete", "*"];
const ANY_OWN = [
  "CreateAny",
  "CreateOwn",
  "ReadAny",
  "ReadOwn",
  "UpdateAny",
  "UpdateOwn",
  "DeleteAny",
  "DeleteOwn",
];

const EXPECTED_EXTRAS: Partial<Record<Kind, string[]>> = {
  Order: ANY_OWN,
  Template: [...ANY_OWN, "Create Design"],
  Run: ["Tasks", "UpdateEndStatus"],
  Product: ["UpdatePrice", "Import"],
  Service: ["UpdatePrice"],
  ProductionStation: [
    "ReadPress",
    "ReadSpecialtyPress",
    "ReadLetterPress",
    "ReadCutting",
    "ReadCoating",
    "ReadLargeFormat",
    "ReadBindery",
    "RunExecutive",
  ],
  SmsTemplate: ["Preview", "Send"],
};

describe("catalogue", () => {
  it.each(KINDS.map((kind) => [kind]))("%s has CRUD, '*' and exactly its extras", (kind) => {
    expect([...actionsOf(kind)].sort()).toEqual([...CRUD, ...(EXPECTED_EXTRAS[kind] ?? [])].sort());
    expect(new Set(actionsOf(kind)).size).toBe(actionsOf(kind).length);
  });

  it("declares every kind", () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual([...KINDS].sort());
  });

  it("Any/Own kinds are Order and Template only", () => {
    expect([...ANY_OWN_KINDS].sort()).toEqual(["Order", "Template"]);
    for (const kind of KINDS) expect(hasAnyOwn(kind)).toBe(kind === "Order" || kind === "Template");
  });

  it.each([
    ["Order", "ReadAny", true],
    ["Order", "Read", true],
    ["Template", "Create Design", true],
    ["Order", "Create Design", false],
    ["Vendor", "ReadAny", false],
    ["Vendor", "*", true],
    ["Run", "Tasks", true],
    ["Product", "Import", true],
    ["Service", "Import", false],
    ["Service", "UpdatePrice", true],
    ["ProductionStation", "ReadPress", true],
    ["SmsTemplate", "Send", true],
    ["Vendor", "read", false],
    ["Vendors", "Read", false],
    ["toString", "Read", false],
  ])("isKnownAction(%s, %s) is %s", (kind, action, expected) => {
    expect(isKnownAction(kind, action)).toBe(expected);
  });

  it("action lists are frozen", () => {
    expect(Object.isFrozen(actionsOf("Order"))).toBe(true);
  });
});

describe("validatePermissions", () => {
  it.each([
    [{}],
    [{ Order: ["ReadAny", "ReadOwn"], Vendor: ["*"] }],
    [{ Template: ["Create Design"], Run: [] }],
    [Object.fromEntries(KINDS.map((kind) => [kind, [...actionsOf(kind)]]))],
  ])("accepts %j", (value) => {
    expect(validatePermissions(value)).toEqual([]);
  });

  it.each([[null], [undefined], [[]], ["Order.Read"], [42]])("rejects a non-object %j", (value) => {
    expect(validatePermissions(value)).toEqual([
      { field: "permissions", message: "must be an object mapping resource kinds to lists of actions" },
    ]);
  });

  it.each([
    [{ Vendors: ["Read"] }, [{ field: "permissions.Vendors", message: 'unknown resource kind "Vendors"' }]],
    [{ Vendor: "Read" }, [{ field: "permissions.Vendor", message: "must be an array of actions" }]],
    [{ Vendor: null }, [{ field: "permissions.Vendor", message: "must be an array of actions" }]],
    [{ Vendor: { 0: "Read" } }, [{ field: "permissions.Vendor", message: "must be an array of actions" }]],
    [
      { Vendor: ["Read", "ReadAny"] },
      [{ field: "permissions.Vendor[1]", message: 'unknown action "ReadAny" for Vendor' }],
    ],
    [{ Vendor: ["Read", 3] }, [{ field: "permissions.Vendor[1]", message: "must be a string" }]],
    [{ Order: ["read"] }, [{ field: "permissions.Order[0]", message: 'unknown action "read" for Order' }]],
  ])("reports %j", (value, errors) => {
    expect(validatePermissions(value)).toEqual(errors);
  });

  it("reports every problem at once, under the given field name", () => {
    const errors = validatePermissions({ Foo: [], Order: ["Nope", "ReadAny", null], Run: "Tasks" }, "role");
    expect(errors).toEqual([
      { field: "role.Foo", message: 'unknown resource kind "Foo"' },
      { field: "role.Order[0]", message: 'unknown action "Nope" for Order' },
      { field: "role.Order[2]", message: "must be a string" },
      { field: "role.Run", message: "must be an array of actions" },
    ]);
  });
});
