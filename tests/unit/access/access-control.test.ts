import axios from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MergedPermissions } from "../../../src/access/permissions";
import {
  ACCESS_QUERY_KEY,
  accessControlProvider,
  getMergedPermissions,
  onPermissionsChange,
  setMergedPermissions,
  setPermissionsFromProfile,
} from "../../../src/providers/access-control";
import { membership } from "./fixtures";

const merged: MergedPermissions = {
  isAdmin: false,
  permissions: {
    Vendor: ["Read", "Update"],
    Order: ["ReadOwn", "UpdateAny"],
    Template: ["Create"],
    Product: ["Import"],
    ProductionStation: ["ReadPress"],
    Run: ["*"],
  },
};

const ask = (resource: string | undefined, action: string, meta?: Record<string, unknown>) =>
  accessControlProvider.can({
    resource,
    action,
    params: meta ? { resource: { name: resource ?? "x", meta } } : undefined,
  });

beforeEach(() => setMergedPermissions(merged));
afterEach(() => {
  setMergedPermissions(null);
  vi.restoreAllMocks();
});

describe("accessControlProvider", () => {
  it("turns on button access control and hides what is denied", () => {
    expect(accessControlProvider.options?.buttons).toEqual({
      enableAccessControl: true,
      hideIfUnauthorized: true,
    });
    expect(ACCESS_QUERY_KEY).toEqual(["access"]);
  });

  it.each([
    // plain kinds: Refine verbs → ours
    ["Vendor", "list", true],
    ["Vendor", "show", true],
    ["Vendor", "edit", true],
    ["Vendor", "create", false],
    ["Vendor", "clone", false],
    ["Vendor", "delete", false],
    // by path as well as by kind
    ["vendors", "list", true],
    ["vendors", "delete", false],
    // Any/Own kinds: Any, Own or plain all open the page
    ["Order", "list", true], // ReadOwn
    ["Order", "show", true],
    ["Order", "edit", true], // UpdateAny
    ["Order", "create", false],
    ["Order", "delete", false],
    ["Template", "create", true], // plain Create
    ["Template", "list", false],
    // wildcard
    ["Run", "delete", true],
    ["Run", "Tasks", true],
    // other actions are literal
    ["Product", "Import", true],
    ["Product", "UpdatePrice", false],
    ["ProductionStation", "ReadPress", true],
    ["ProductionStation", "ReadBindery", false],
    ["Order", "ReadOwn", true],
    ["Order", "Read", false],
    // absent kind
    ["Customer", "list", false],
  ])("%s %s → %s", async (resource, action, expected) => {
    const answer = await ask(resource, action);
    expect(answer.can).toBe(expected);
  });

  it("gives the denial reason in our words", async () => {
    expect(await ask("Vendor", "delete")).toEqual({
      can: false,
      reason: "You do not have permission to delete Vendor",
    });
    expect(await ask("customers", "list")).toEqual({
      can: false,
      reason: "You do not have permission to list Customer",
    });
    expect(await ask("Vendor", "list")).toEqual({ can: true });
  });

  it.each([
    [
      "a full {kind, action} is checked literally",
      { permission: { kind: "Product", action: "Import" } },
      "list",
      true,
    ],
    [
      "a full {kind, action} is checked literally (denied)",
      { permission: { kind: "ProductionStation", action: "ReadBindery" } },
      "list",
      false,
    ],
    ["{kind} alone maps Refine's action", { permission: { kind: "Vendor" } }, "edit", true],
    ["{kind} alone maps Refine's action (denied)", { permission: { kind: "Vendor" } }, "delete", false],
    ["false opts out", { permission: false }, "delete", true],
    ["an unknown kind in meta is ignored", { permission: { kind: "Nope", action: "Read" } }, "list", true],
  ])("meta.permission: %s", async (_label, meta, action, expected) => {
    const answer = await accessControlProvider.can({
      resource: "press-dashboard",
      action,
      params: { resource: { name: "press-dashboard", meta } },
    });
    expect(answer.can).toBe(expected);
  });

  it("meta.permission wins over the resource name", async () => {
    const answer = await ask("Vendor", "list", { permission: { kind: "Customer", action: "Read" } });
    expect(answer).toEqual({ can: false, reason: "You do not have permission to Read Customer" });
  });

  it.each([["menu-group"], ["postcard-tool"], [undefined]])(
    "does not govern %s, which is not a kind",
    async (resource) => {
      expect(await ask(resource, "list")).toEqual({ can: true });
    },
  );

  it("denies every kind before the profile is loaded", async () => {
    setMergedPermissions(null);
    expect(getMergedPermissions()).toBeNull();
    expect((await ask("Vendor", "list")).can).toBe(false);
  });

  it("the admin flag does not bypass", async () => {
    setMergedPermissions({ isAdmin: true, permissions: {} });
    expect((await ask("Vendor", "list")).can).toBe(false);
  });

  it("merges from the profile for the tenant and notifies listeners", async () => {
    const listener = vi.fn();
    const stop = onPermissionsChange(listener);
    setPermissionsFromProfile(
      [
        membership({ tenants: ["3"], roles: [{ Customer: ["Read"] }] }),
        membership({ tenants: [4], roles: [{ Customer: ["Delete"] }] }),
      ],
      3,
    );
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getMergedPermissions()).toEqual({ isAdmin: false, permissions: { Customer: ["Read"] } });
    expect((await ask("Customer", "list")).can).toBe(true);
    expect((await ask("Customer", "delete")).can).toBe(false);

    setPermissionsFromProfile(null, 3);
    expect(getMergedPermissions()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);

    stop();
    setMergedPermissions(merged);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("never touches the network", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    const xhrOpen = vi.spyOn(XMLHttpRequest.prototype, "open");
    const axiosCalls = (["request", "get", "post", "put", "patch", "delete"] as const).map((method) =>
      vi.spyOn(axios, method),
    );
    try {
      for (const resource of ["Vendor", "Order", "orders", "Customer", "menu-group"]) {
        for (const action of ["list", "show", "create", "edit", "delete", "clone", "Import"]) {
          await ask(resource, action);
          await ask(resource, action, { permission: { kind: "Run" } });
        }
      }
      setMergedPermissions(null);
      await ask("Vendor", "list");
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrOpen).not.toHaveBeenCalled();
    for (const spy of axiosCalls) expect(spy).not.toHaveBeenCalled();
  });
});
