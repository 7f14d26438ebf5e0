import { describe, expect, it } from "vitest";
import type { Kind } from "../../../src/access/kinds";
import type { MergedPermissions } from "../../../src/access/permissions";
import {
  isAllowed,
  matchRoute,
  ROUTE_REQUIREMENTS,
  type RouteRequirement,
  requirementFor,
} from "../../../src/access/route-requirements";

const need = (kind: Kind, action: string): RouteRequirement => ({ type: "permission", kind, action });

// Every route spec §6 gives a requirement or exempts, as [pattern, a concrete path, requirement].
const SPEC_ROUTES: Array<[string, string, RouteRequirement | null]> = [
  ["/orders", "/orders", need("Order", "ReadAny")],
  ["/orders/:order_id", "/orders/123", need("Order", "ReadAny")],
  ["/order-files", "/order-files", need("Order", "ReadAny")],
  ["/prepress/digital-cutting", "/prepress/digital-cutting", need("Order", "ReadAny")],
  ["/prepress/digital-juggler", "/prepress/digital-juggler", need("Order", "ReadAny")],
  ["/prepress/digital-production", "/prepress/digital-production", need("Order", "ReadAny")],
  ["/prepress/digital-shipping", "/prepress/digital-shipping", need("Order", "ReadAny")],
  ["/prepress/digital-staging", "/prepress/digital-staging", need("Order", "ReadAny")],
  ["/prepress/outsource-staging", "/prepress/outsource-staging", need("Order", "ReadAny")],
  ["/prepress/prepress-juggler", "/prepress/prepress-juggler", need("Order", "ReadAny")],
  ["/mail-orders/:id", "/mail-orders/5", need("Order", "UpdateAny")],
  ["/graphic-service-manager", "/graphic-service-manager", need("Order", "UpdateAny")],
  ["/orders/manage-mail-drops/:order_id", "/orders/manage-mail-drops/88", need("Order", "UpdateAny")],
  ["/orders/:order_id/edit-planning-sections", "/orders/9/edit-planning-sections", need("Order", "Read")],
  ["/orders/:order_id/job-ticket", "/orders/9/job-ticket", need("Order", "Read")],
  ["/transactions", "/transactions", need("UserPayment", "Read")],
  ["/refund-approvals", "/refund-approvals", need("RefundApproval", "Update")],
  ["/packing-slips", "/packing-slips", need("PackingSlip", "Read")],
  ["/packing-slips/:id/print-ticket", "/packing-slips/4/print-ticket", need("PackingSlip", "Read")],
  ["/packing-slips/:id", "/packing-slips/4", need("PackingSlip", "Update")],
  ["/mail-orders/:id/packing-slip", "/mail-orders/5/packing-slip", need("PackingSlip", "Update")],
  ["/runs", "/runs", need("Run", "Read")],
  ["/runs/:id", "/runs/3", need("Run", "Read")],
  ["/runs/:id/job-jacket", "/runs/3/job-jacket", need("Run", "Read")],
  ["/runs/:id/run-spread", "/runs/3/run-spread", need("Run", "Read")],
  ["/runs/create", "/runs/create", need("Run", "Create")],
  ["/roles", "/roles", need("Role", "Read")],
  ["/roles/:id", "/roles/2", need("Role", "Update")],
  ["/roles/create", "/roles/create", need("Role", "Create")],
  ["/roles/:id/duplicate", "/roles/2/duplicate", need("Role", "Create")],
  ["/users", "/users", need("User", "Read")],
  ["/users/:id", "/users/11", need("User", "Update")],
  ["/user-groups", "/user-groups", need("Group", "Read")],
  ["/production/press-dashboard", "/production/press-dashboard", need("ProductionStation", "ReadPress")],
  [
    "/production/specialty-press-dashboard",
    "/production/specialty-press-dashboard",
    need("ProductionStation", "ReadSpecialtyPress"),
  ],
  [
    "/production/letter-press-dashboard",
    "/production/letter-press-dashboard",
    need("ProductionStation", "ReadLetterPress"),
  ],
  [
    "/production/cutting-dashboard",
    "/production/cutting-dashboard",
    need("ProductionStation", "ReadCutting"),
  ],
  [
    "/production/coating-dashboard",
    "/production/coating-dashboard",
    need("ProductionStation", "ReadCoating"),
  ],
  [
    "/production/large-format-dashboard",
    "/production/large-format-dashboard",
    need("ProductionStation", "ReadLargeFormat"),
  ],
  [
    "/production/bindery-dashboard",
    "/production/bindery-dashboard",
    need("ProductionStation", "ReadBindery"),
  ],
  [
    "/production/production-manager",
    "/production/production-manager",
    need("ProductionStation", "RunExecutive"),
  ],
  ["/mail-orders", "/mail-orders", need("MailOrder", "Read")],
  ["/inkjet-queue", "/inkjet-queue", need("MailOrder", "Read")],
  ["/products/:site_id/create", "/products/1/create", need("Product", "Create")],
  ["/products/:site_id/import", "/products/1/import", need("Product", "Import")],
  ["/settings", "/settings", { type: "admin" }],
  ["/", "/", null],
  ["/profile", "/profile", null],
  ["/login", "/login", null],
  ["/register", "/register", null],
  ["/forgot-password", "/forgot-password", null],
  ["/reset-password", "/reset-password", null],
  ["/unauthorized", "/unauthorized", null],
  ["/sites", "/sites", null],
  ["/sites/:id", "/sites/1", null],
  // A site's order settings and steps: its approval configuration, Site Read (not the open list).
  ["/sites/:id/:order_settings_id", "/sites/1/2", null],
  ["/sites/:id/:order_settings_id/:step_id", "/sites/1/2/3", null],
  ["/4-over-tool", "/4-over-tool", null],
  ["/4-over-tool/:id", "/4-over-tool/6", null],
  ["/postcard-tool", "/postcard-tool", null],
  ["/postcard-tool/:id", "/postcard-tool/6", null],
  ["/letter-tool", "/letter-tool", null],
  ["/letter-tool/:id", "/letter-tool/6", null],
  ["/automated-drop-postcard-tool", "/automated-drop-postcard-tool", null],
  ["/automated-drop-postcard-tool/:id", "/automated-drop-postcard-tool/6", null],
  ["/filemaker/dental-offices", "/filemaker/dental-offices", null],
  ["/filemaker/heartland-dashboard", "/filemaker/heartland-dashboard", null],
  ["/filemaker/post-offices", "/filemaker/post-offices", null],
];

describe("route requirement table", () => {
  it("lists exactly the spec's routes", () => {
    expect(Object.keys(ROUTE_REQUIREMENTS).sort()).toEqual(SPEC_ROUTES.map(([pattern]) => pattern).sort());
  });

  it.each(SPEC_ROUTES)("%s (%s) requires %j", (pattern, path, requirement) => {
    expect(ROUTE_REQUIREMENTS[pattern]).toEqual(requirement);
    expect(matchRoute(path)?.pattern).toBe(pattern);
    expect(requirementFor(path)).toEqual(requirement);
  });
});

describe("matchRoute", () => {
  it.each([
    ["/orders/12ab"],
    ["/orders/abc"],
    ["/orders/-1"],
    ["/orders/1.5"],
    ["/orders/12ab/job-ticket"],
    ["/orders/x/edit-planning-sections"],
    ["/orders/manage-mail-drops/12ab"],
    ["/orders/manage-mail-drops"],
    ["/sites/1/edit"], // a site's own edit page, not an order setting
    ["/sites/1/create"],
    ["/sites/1/2/edit"],
    ["/sites/x/2/3"],
  ])("%s matches no route (record ids are digits only)", (path) => {
    expect(matchRoute(path)).toBeUndefined();
    expect(requirementFor(path)).toBeNull();
  });

  it("captures params", () => {
    expect(matchRoute("/orders/manage-mail-drops/42")).toEqual({
      pattern: "/orders/manage-mail-drops/:order_id",
      params: { order_id: "42" },
      requirement: need("Order", "UpdateAny"),
    });
    expect(matchRoute("/sites/1/2/3")?.params).toEqual({ id: "1", order_settings_id: "2", step_id: "3" });
  });

  it.each([
    ["/roles/create", "/roles/create"],
    ["/runs/create", "/runs/create"],
    ["/products/9/create", "/products/:site_id/create"],
    ["/orders/007", "/orders/:order_id"],
  ])("prefers static segments: %s → %s", (path, pattern) => {
    expect(matchRoute(path)?.pattern).toBe(pattern);
  });

  it.each([
    ["/orders/", "/orders"],
    ["/orders/123/", "/orders/:order_id"],
    ["/orders?status=open", "/orders"],
    ["/orders/123#files", "/orders/:order_id"],
    ["/Orders", "/orders"], // react-router matches case-insensitively; so must the guard
    ["/PREPRESS/Digital-Cutting", "/prepress/digital-cutting"],
    ["/%6Frders", "/orders"],
    ["", "/"],
  ])("normalises %j → %s", (path, pattern) => {
    expect(matchRoute(path)?.pattern).toBe(pattern);
  });

  it.each([
    ["/vendors"],
    ["/customers/3"],
    ["/orders/1/unknown"],
    ["/production"],
    ["/settings/x"],
    ["/%E0%A4%A"],
  ])("%s is not in the table → no requirement", (path) => {
    expect(matchRoute(path)).toBeUndefined();
    expect(requirementFor(path)).toBeNull();
  });
});

describe("isAllowed", () => {
  const clerk: MergedPermissions = { isAdmin: false, permissions: { Order: ["ReadAny"], Run: ["*"] } };
  const admin: MergedPermissions = { isAdmin: true, permissions: {} };

  it.each<[string, MergedPermissions | null, boolean]>([
    ["/orders/1", clerk, true],
    ["/orders/1/job-ticket", clerk, false], // Order Read is literal
    ["/mail-orders/1", clerk, false],
    ["/runs/create", clerk, true],
    ["/settings", clerk, false],
    ["/settings", admin, true],
    ["/orders", admin, false], // the admin flag does not bypass
    ["/", null, true],
    ["/profile", null, true],
    ["/vendors", null, true], // not governed by the route table
    ["/orders", null, false],
    ["/settings", null, false],
    ["/sites/1", null, true],
    ["/sites/1/2", clerk, true],
    ["/sites/1/2/3", clerk, true],
    ["/sites/1/2", { isAdmin: false, permissions: { Site: ["Read"] } }, true],
    ["/sites/1/2/3", { isAdmin: false, permissions: { Site: ["*"] } }, true],
  ])("%s for %j → %s", (path, merged, expected) => {
    expect(isAllowed(merged, requirementFor(path))).toBe(expected);
  });

  it("passes with no requirement", () => {
    expect(isAllowed(null, null)).toBe(true);
    expect(isAllowed(null, undefined)).toBe(true);
  });
});
