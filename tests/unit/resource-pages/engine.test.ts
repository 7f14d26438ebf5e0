// What the app generates from a declaration: Refine's resources[], menu entries, route
// strings and guards, form rules and the value conversions of the generic form.
import { describe, expect, it } from "vitest";
import { rulesFor } from "../../../src/components/fields/field-rules";
import { navigationItems } from "../../../src/layouts/navigation-items";
import { resourceNavigationItems } from "../../../src/layouts/navigation-resource-items";
import { defineResource } from "../../../src/resource-engine/define";
import { boolean, choice, integer, json, reference, text } from "../../../src/resource-engine/fields";
import { parseSort } from "../../../src/resource-engine/list-query";
import {
  changedValues,
  defaultValues,
  rebase,
  toFormValues,
  toPayload,
} from "../../../src/resource-engine/record-values";
import { REFINE_RESOURCES, toRefineResource } from "../../../src/resource-engine/refine-resources";
import { RESOURCES } from "../../../src/resource-engine/registry";
import { recordPath, routesOf } from "../../../src/resource-engine/resource-routes";
import { isRouteAllowed, tableRequirement } from "../../../src/routing/require-permission";

const vendor = defineResource({
  kind: "Vendor",
  icon: "shop",
  group: "Purchasing",
  fields: {
    name: text({ required: true, max: 120 }),
    vendor_category_id: reference("VendorCategory"),
    terms: choice(["cod", "net30"], { default: "net30" }),
    preferred: boolean(),
    settings: json(),
  },
});

describe("Refine resources", () => {
  it("one entry per kind: name = kind, route strings, serializable meta", () => {
    expect(toRefineResource(vendor)).toEqual({
      name: "Vendor",
      list: "/vendors",
      create: "/vendors/create",
      show: "/vendors/:id",
      edit: "/vendors/:id/edit",
      meta: { label: "Vendors", parent: "Purchasing", canDelete: true },
    });
    const hidden = toRefineResource(defineResource({ kind: "Map", fields: { name: text() }, hidden: true }));
    expect(hidden.meta).toEqual({ label: "Maps", canDelete: true, hide: true });
  });

  it("covers every declaration, and meta survives JSON (no elements, no functions)", () => {
    expect(REFINE_RESOURCES.map((r) => r.name).sort()).toEqual(RESOURCES.map((r) => r.kind).sort());
    for (const resource of REFINE_RESOURCES) {
      expect(JSON.parse(JSON.stringify(resource.meta))).toEqual(resource.meta);
    }
  });
});

describe("navigation", () => {
  it("an entry per visible kind, by group order then label, listing guarded by the kind", () => {
    const items = resourceNavigationItems([
      defineResource({ kind: "User", group: "Administration", fields: { name: text() } }),
      vendor,
      defineResource({
        kind: "VendorCategory",
        label: "Vendor categories",
        group: "Purchasing",
        fields: { name: text() },
      }),
      defineResource({ kind: "Map", fields: { name: text() }, hidden: true }),
      defineResource({ kind: "Order", icon: "orders", group: "Orders", fields: { name: text() } }),
    ]);
    expect(items).toEqual([
      {
        route: "/orders",
        label: "Orders",
        icon: "orders",
        group: "Orders",
        access: { resource: "Order", action: "list" },
      },
      {
        route: "/vendor-categories",
        label: "Vendor categories",
        group: "Purchasing",
        access: { resource: "VendorCategory", action: "list" },
      },
      {
        route: "/vendors",
        label: "Vendors",
        icon: "shop",
        group: "Purchasing",
        access: { resource: "Vendor", action: "list" },
      },
      {
        route: "/users",
        label: "Users",
        group: "Administration",
        access: { resource: "User", action: "list" },
      },
    ]);
  });

  it("the drawer's menu: Home first, then every visible declared kind", () => {
    expect(navigationItems[0]).toEqual({ route: "/", label: "Home", icon: "home" });
    const routes = navigationItems.map((item) => item.route);
    for (const resource of RESOURCES.filter((r) => !r.hidden)) expect(routes).toContain(resource.route);
    expect(navigationItems.find((item) => item.route === "/vendors")).toMatchObject({
      label: "Vendors",
      group: "Purchasing",
      access: { resource: "Vendor", action: "list" },
    });
  });
});

describe("routes and guards", () => {
  it("route strings and concrete links", () => {
    expect(routesOf(vendor)).toEqual({
      list: "/vendors",
      create: "/vendors/create",
      show: "/vendors/:id",
      edit: "/vendors/:id/edit",
      changeLogs: "/vendors/:id/change-logs",
    });
    expect(recordPath(vendor, "edit", 12)).toBe("/vendors/12/edit");
  });

  it("the spec's route table decides where it lists the route", () => {
    expect(tableRequirement("/users/:id")).toEqual({ type: "permission", kind: "User", action: "Update" });
    expect(tableRequirement("/orders/:id")).toEqual({ type: "permission", kind: "Order", action: "ReadAny" });
    expect(tableRequirement("/roles/create")).toEqual({ type: "permission", kind: "Role", action: "Create" });
    expect(tableRequirement("/sites")).toBeNull();
    expect(tableRequirement("/vendors")).toBeUndefined();
  });

  it("otherwise the kind and Refine's verb", () => {
    const merged = { isAdmin: false, permissions: { Vendor: ["Read"], User: ["Read"], Order: ["ReadOwn"] } };
    expect(isRouteAllowed(merged, { kind: "Vendor", action: "list", route: "/vendors" })).toBe(true);
    expect(isRouteAllowed(merged, { kind: "Vendor", action: "edit", route: "/vendors/:id/edit" })).toBe(
      false,
    );
    expect(isRouteAllowed(merged, { kind: "User", action: "show", route: "/users/:id" })).toBe(false);
    expect(isRouteAllowed(merged, { kind: "Order", action: "list", route: "/orders" })).toBe(false);
    expect(isRouteAllowed(merged, { kind: "Site", action: "list", route: "/sites" })).toBe(true);
  });
});

describe("form values", () => {
  it("defaults, record → form (JSON as text) → payload (cleared → null, JSON parsed)", () => {
    expect(defaultValues(vendor)).toEqual({ terms: "net30", preferred: false });
    const record = { id: 5, name: "Acme", terms: "cod", preferred: true, settings: { a: 1 }, version: 2 };
    const values = toFormValues(vendor, record);
    expect(values).toEqual({
      name: "Acme",
      vendor_category_id: undefined,
      terms: "cod",
      preferred: true,
      settings: '{\n  "a": 1\n}',
    });
    expect(toPayload(vendor, { ...values, name: "", settings: '{"a":2}' })).toEqual({
      name: null,
      vendor_category_id: null,
      terms: "cod",
      preferred: true,
      settings: { a: 2 },
    });
  });

  it('an update sends only what changed (12.5 equals "12.50")', () => {
    const base = { id: 1, name: "Acme", terms: "cod", price: "12.50", version: 3 };
    expect(changedValues(base, { name: "Acme", terms: "net30", price: 12.5 })).toEqual({ terms: "net30" });
  });

  it("rebase after a 409 keeps the user's edits and takes the server's other changes", () => {
    const base = { id: 1, name: "Acme", terms: "cod", preferred: false, version: 3 };
    const latest = { id: 1, name: "Acme Inc", terms: "net30", preferred: false, version: 4 };
    const { values, changes } = rebase(vendor, base, latest, {
      name: "Acme Ltd",
      terms: "cod",
      preferred: false,
    });
    expect(values).toMatchObject({ name: "Acme Ltd", terms: "net30", preferred: false });
    expect(changes).toEqual([
      { field: "name", value: "Acme Inc", mine: true },
      { field: "terms", value: "net30", mine: false },
    ]);
  });

  it("parses the declared sort", () => {
    expect(parseSort("name,-created_at")).toEqual([
      { field: "name", order: "asc" },
      { field: "created_at", order: "desc" },
    ]);
  });
});

describe("form rules", () => {
  const validate = async (rules: ReturnType<typeof rulesFor>, value: unknown) => {
    for (const rule of rules) {
      if (typeof rule === "function" || !("validator" in rule) || !rule.validator) continue;
      await rule.validator(rule as never, value, () => {});
    }
  };

  it("required, lengths, pattern and formats from the declaration", async () => {
    const rules = rulesFor({
      type: "text",
      label: "Code",
      required: true,
      min: 2,
      max: 5,
      pattern: "[A-Z]+",
    });
    expect(rules).toEqual([
      { required: true, whitespace: true, message: "Code is required" },
      // Invisible-only text is empty; controls and bidi overrides are refused, as on the server.
      { validator: expect.any(Function) },
      { min: 2, message: "Code needs at least 2 characters" },
      { max: 5, message: "Code can have at most 5 characters" },
      { pattern: /^(?:[A-Z]+)$/, message: "Code has an invalid format" },
      { validator: expect.any(Function) },
    ]);
    await expect(validate(rules, "AB\u202EC")).rejects.toThrow(/bidirectional/i);
    await expect(validate(rules, "ABC")).resolves.toBeUndefined();
    expect(rulesFor({ type: "email", label: "Email" })).toContainEqual({
      type: "email",
      message: "Email must be an email address",
    });
    expect(rulesFor({ type: "boolean", label: "Active", required: true })).toEqual([]);
  });

  it("number bounds accept numeric strings; JSON must parse", async () => {
    const days = rulesFor(integer({ label: "Days", min: 0, max: 365 }));
    await expect(validate(days, "12")).resolves.toBeUndefined();
    await expect(validate(days, 400)).rejects.toThrow("Days must be at most 365");
    await expect(validate(days, -1)).rejects.toThrow("Days must be at least 0");
    const settings = rulesFor(json({ label: "Settings" }));
    await expect(validate(settings, '{"a":1}')).resolves.toBeUndefined();
    await expect(validate(settings, "{a:1}")).rejects.toThrow("Settings must be valid JSON");
  });
});
