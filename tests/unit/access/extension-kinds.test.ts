// Extension kinds (kinds.ts, EXTENSION_KINDS): declared by the engine beyond the contract's list,
// each governed by a contract kind's permissions. A site's order settings answer to Site: roles
// never name OrderSetting, checks on it read Site's actions, and it is not open to every user
// as the sites pages are.
import { afterEach, describe, expect, it } from "vitest";
import { actionsOf, CATALOGUE, hasAnyOwn, validatePermissions } from "../../../src/access/catalogue";
import {
  EXTENSION_KINDS,
  isExtensionKind,
  isKind,
  isResourceKind,
  KIND_PATHS,
  KINDS,
  kindForPath,
  pathOf,
  permissionKindOf,
  resourceKindForPath,
} from "../../../src/access/kinds";
import { can, type MergedPermissions, scopeFor } from "../../../src/access/permissions";
import { accessControlProvider, check, setMergedPermissions } from "../../../src/providers/access-control";

const set = (permissions: Record<string, string[]>): MergedPermissions => ({ isAdmin: false, permissions });

afterEach(() => setMergedPermissions(null));

describe("extension kinds", () => {
  it("are resource kinds with a path of their own, not contract kinds", () => {
    expect(isResourceKind("OrderSetting")).toBe(true);
    expect(isExtensionKind("OrderSetting")).toBe(true);
    expect(isKind("OrderSetting")).toBe(false);
    expect(KINDS).not.toContain("OrderSetting");
    expect(pathOf("OrderSetting")).toBe("order-settings");
    expect(resourceKindForPath("order-settings")).toBe("OrderSetting");
    expect(kindForPath("order-settings")).toBeUndefined();
    expect(resourceKindForPath("vendors")).toBe("Vendor");
  });

  it("never share a contract kind's name or path", () => {
    const paths = new Set<string>(Object.values(KIND_PATHS));
    for (const [kind, { path, permissionsOf }] of Object.entries(EXTENSION_KINDS)) {
      expect(isKind(kind), kind).toBe(false);
      expect(paths.has(path), path).toBe(false);
      expect(isKind(permissionsOf), permissionsOf).toBe(true);
    }
  });

  it("add nothing to the permission catalogue, and a role cannot name them", () => {
    expect(Object.keys(CATALOGUE)).not.toContain("OrderSetting");
    expect(validatePermissions({ OrderSetting: ["Read"] })).toEqual([
      { field: "permissions.OrderSetting", message: 'unknown resource kind "OrderSetting"' },
    ]);
    expect(permissionKindOf("OrderSetting")).toBe("Site");
    expect(permissionKindOf("Vendor")).toBe("Vendor");
    expect(actionsOf(permissionKindOf("OrderSetting"))).toEqual(actionsOf("Site"));
    expect(hasAnyOwn("OrderSetting")).toBe(false);
  });

  it("answer to their contract kind's actions in can and scopeFor", () => {
    const reader = set({ Site: ["Read"] });
    expect(can(reader, "OrderSetting", "Read")).toBe(true);
    expect(can(reader, "OrderSetting", "Update")).toBe(false);
    expect(can(set({ Site: ["*"] }), "OrderSetting", ["Create", "Delete"])).toBe(true);
    // A role naming the extension itself (an old or forged one) grants nothing.
    expect(can(set({ OrderSetting: ["*"] }), "OrderSetting", "Read")).toBe(false);
    expect(scopeFor(reader, "OrderSetting", "Read")).toBe("all");
    expect(scopeFor(reader, "OrderSetting", "Update")).toBe("none");
    expect(scopeFor(set({ OrderSetting: ["*"] }), "OrderSetting", "Read")).toBe("none");
  });

  it("read like the sites pages, open to every user (spec §6); changed with Site's actions", async () => {
    expect(check(set({}), "Site", "show")).toBe(true);
    expect(check(set({}), "OrderSetting", "show")).toBe(true);
    expect(check(set({}), "OrderSetting", "list")).toBe(true);
    expect(check(set({ Site: ["Read"] }), "OrderSetting", "edit")).toBe(false);
    expect(check(set({ Site: ["Update"] }), "OrderSetting", "edit")).toBe(true);
    expect(check(set({ Vendor: ["*"] }), "OrderSetting", "delete")).toBe(false);

    setMergedPermissions(set({ Vendor: ["*"] }));
    // Named by its path too (Refine may pass either), never waved through as an unknown resource.
    expect(await accessControlProvider.can({ resource: "order-settings", action: "create" })).toMatchObject({
      can: false,
    });
    setMergedPermissions(set({ Site: ["Read", "Create"] }));
    expect(await accessControlProvider.can({ resource: "OrderSetting", action: "create" })).toEqual({
      can: true,
    });
  });
});
