import { describe, expect, it } from "vitest";
import { KINDS, type Kind } from "../../../src/access/kinds";
import {
  can,
  canShorthand,
  type MergedPermissions,
  mergePermissions,
  NO_PERMISSIONS,
  parseShorthand,
  type Scope,
  scopeFor,
  type UserGroups,
  type Verb,
} from "../../../src/access/permissions";
import { membership } from "./fixtures";

const TENANT = 7;

describe("mergePermissions: which memberships count", () => {
  it("ignores a membership of another tenant, its roles and its admin flag", () => {
    const merged = mergePermissions(
      [
        membership({ tenants: [7], roles: [{ Vendor: ["Read"] }] }),
        membership({ tenants: [8], isAdmin: true, roles: [{ Vendor: ["Delete"], Order: ["*"] }] }),
      ],
      TENANT,
    );
    expect(merged).toEqual({ isAdmin: false, permissions: { Vendor: ["Read"] } });
  });

  it.each([
    ["number tenant, string site ids", 7, ["7"]],
    ["string tenant, number site ids", "7", [7]],
    ["string tenant, string site ids", "7", ["7"]],
    ["padded string tenant", " 7 ", [7]],
  ])("normalises ids: %s", (_label, tenant, sites) => {
    const merged = mergePermissions([membership({ tenants: sites, roles: [{ Run: ["Read"] }] })], tenant);
    expect(merged.permissions).toEqual({ Run: ["Read"] });
  });

  it.each([
    ["a prefix of the id", [70, 17, "07x"]],
    ["a non-numeric id", ["seven", null, ""]],
    ["no sites", []],
  ])("does not count %s", (_label, sites) => {
    const merged = mergePermissions(
      [membership({ tenants: sites as Array<number | string>, isAdmin: true, roles: [{ Run: ["*"] }] })],
      TENANT,
    );
    expect(merged).toEqual({ isAdmin: false, permissions: {} });
  });

  it("counts a group with several sites when any one of them is the tenant's", () => {
    const merged = mergePermissions([membership({ tenants: [3, 7, 9], roles: [{ Map: ["Read"] }] })], TENANT);
    expect(merged.permissions).toEqual({ Map: ["Read"] });
  });

  it.each([[Number.NaN], ["abc"], [""], [1.5]])("counts nothing for an unusable tenant id %j", (tenant) => {
    const merged = mergePermissions([membership({ tenants: [7], roles: [{ Map: ["Read"] }] })], tenant);
    expect(merged).toEqual({ isAdmin: false, permissions: {} });
  });

  it.each([[null], [undefined], [[]]])("gives nothing for %j", (groups) => {
    expect(mergePermissions(groups as UserGroups | null, TENANT)).toEqual({
      isAdmin: false,
      permissions: {},
    });
  });
});

describe("mergePermissions: admin flag", () => {
  it.each([
    ["one counted admin membership", [{ t: 7, a: true }], true],
    [
      "admin among several counted",
      [
        { t: 7, a: false },
        { t: 7, a: true },
      ],
      true,
    ],
    [
      "admin only in another tenant",
      [
        { t: 7, a: false },
        { t: 8, a: true },
      ],
      false,
    ],
    ["no admin anywhere", [{ t: 7, a: false }], false],
  ])("%s → %s", (_label, groups, expected) => {
    const userGroups = groups.map(({ t, a }) => membership({ tenants: [t], isAdmin: a }));
    expect(mergePermissions(userGroups, TENANT).isAdmin).toBe(expected);
  });

  it("takes only a real boolean true", () => {
    const group = membership({ tenants: [7] });
    (group.Groups as { is_admin: unknown }).is_admin = "true";
    expect(mergePermissions([group], TENANT).isAdmin).toBe(false);
  });
});

describe("mergePermissions: merge", () => {
  it("merges all roles of all counted memberships per kind, without duplicates, in first-seen order", () => {
    const merged = mergePermissions(
      [
        membership({
          tenants: [7],
          roles: [{ Order: ["ReadOwn", "Read"] }, { Order: ["Read", "UpdateOwn"], Vendor: ["Read"] }],
        }),
        membership({ tenants: [7], roles: [{ Order: ["ReadAny", "ReadOwn"], Vendor: ["Read", "Update"] }] }),
      ],
      TENANT,
    );
    expect(merged.permissions).toEqual({
      Order: ["ReadOwn", "Read", "UpdateOwn", "ReadAny"],
      Vendor: ["Read", "Update"],
    });
  });

  it("keeps a kind that a role lists with no actions, and kinds it does not know", () => {
    const merged = mergePermissions(
      [membership({ tenants: [7], roles: [{ Run: [], Gadget: ["Read"] }] })],
      7,
    );
    expect(merged.permissions).toEqual({ Run: [], Gadget: ["Read"] });
  });

  it("skips malformed parts of the profile instead of throwing", () => {
    const broken = [
      { Groups: null },
      {},
      { Groups: { id: 1, name: "x", is_admin: true, Sites: null, GroupRoles: [] } },
      {
        Groups: {
          id: 2,
          name: "y",
          is_admin: false,
          Sites: [null, { id: 1, name: "s", tenant_id: 7 }],
          GroupRoles: [
            null,
            { Roles: null },
            { Roles: { id: 1, name: "r", permissions: null } },
            { Roles: { id: 2, name: "r", permissions: { Vendor: "Read", Run: ["Read", 5, null, "Tasks"] } } },
          ],
        },
      },
    ] as unknown as UserGroups;
    expect(mergePermissions(broken, TENANT)).toEqual({
      isAdmin: false,
      permissions: { Run: ["Read", "Tasks"] },
    });
  });
});

const set = (permissions: Record<string, string[]>, isAdmin = false): MergedPermissions => ({
  isAdmin,
  permissions,
});

describe("can", () => {
  const merged = set({ Order: ["ReadAny", "UpdateOwn"], Vendor: ["*"], Run: ["Read", "Tasks"], Map: [] });

  it.each<[Kind, string | string[], boolean]>([
    ["Order", "ReadAny", true],
    ["Order", ["ReadAny", "UpdateOwn"], true],
    ["Order", ["ReadAny", "UpdateAny"], false],
    ["Order", "Read", false], // literal: ReadAny does not imply Read
    ["Order", "ReadOwn", false], // nor ReadOwn
    ["Vendor", "Delete", true], // wildcard
    ["Vendor", ["Create", "Read", "Update", "Delete"], true],
    ["Vendor", "*", true],
    ["Run", "*", false], // asking for '*' needs '*'
    ["Run", ["Read", "Tasks"], true],
    ["Run", ["Read", "UpdateEndStatus"], false],
    ["Map", "Read", false],
    ["Customer", "Read", false], // kind absent
    ["Vendor", [], false], // empty request even with '*'
    ["Run", [], false],
  ])("%s %j → %s", (kind, actions, expected) => {
    expect(can(merged, kind, actions)).toBe(expected);
  });

  it("the admin flag does not bypass checks", () => {
    expect(can(set({}, true), "Order", "ReadAny")).toBe(false);
    expect(can(set({ Order: ["Read"] }, true), "Order", ["Read", "Delete"])).toBe(false);
  });

  it("seeded administrators pass through '*' on every kind", () => {
    const admin = set(Object.fromEntries(KINDS.map((kind) => [kind, ["*"]])), true);
    for (const kind of KINDS) expect(can(admin, kind, ["Create", "Read", "Update", "Delete"])).toBe(true);
  });

  it.each([[null], [undefined], [NO_PERMISSIONS]])("denies with no permission set (%j)", (value) => {
    expect(can(value, "Vendor", "Read")).toBe(false);
  });

  it("works end to end from a profile", () => {
    const merged = mergePermissions(
      [
        membership({ tenants: ["7"], roles: [{ Vendor: ["Read"] }] }),
        membership({ tenants: [7, 9], roles: [{ Vendor: ["Update"] }] }),
        membership({ tenants: [9], roles: [{ Vendor: ["Delete"] }] }),
      ],
      "7",
    );
    expect(can(merged, "Vendor", ["Read", "Update"])).toBe(true);
    expect(can(merged, "Vendor", "Delete")).toBe(false);
  });
});

describe("parseShorthand / canShorthand", () => {
  it.each([
    ["Order.ReadAny", { kind: "Order", action: "ReadAny" }],
    ["Vendor.*", { kind: "Vendor", action: "*" }],
    ["Template.Create Design", { kind: "Template", action: "Create Design" }],
    ["ProductionStation.ReadPress", { kind: "ProductionStation", action: "ReadPress" }],
  ])("parses %s", (text, expected) => {
    expect(parseShorthand(text)).toEqual(expected);
  });

  it.each([
    ["", /Malformed permission shorthand "": expected "Resource.Action"/],
    ["Order", /Malformed permission shorthand "Order"/],
    ["Order.", /Malformed/],
    [".Read", /Malformed/],
    ["Order.Read.Any", /Malformed/],
    ["Order..Read", /Malformed/],
    ["Orders.Read", /Unknown resource kind "Orders" in permission shorthand "Orders.Read"/],
    ["order.Read", /Unknown resource kind "order"/],
    ["Order.Delete Design", /Unknown action "Delete Design" for Order in permission shorthand/],
    ["Vendor.ReadAny", /Unknown action "ReadAny" for Vendor/],
  ])("throws a clear error for %j", (text, message) => {
    expect(() => parseShorthand(text)).toThrow(message);
  });

  it("throws for a value that is not a string", () => {
    expect(() => parseShorthand(42 as unknown as string)).toThrow(/Malformed permission shorthand "42"/);
  });

  const merged = set({ Order: ["ReadAny"], Run: ["*"] });

  it.each<[string | string[], boolean]>([
    ["Order.ReadAny", true],
    ["Order.UpdateAny", false],
    ["Run.Tasks", true],
    [["Order.ReadAny", "Run.Create"], true],
    [["Order.ReadAny", "Order.DeleteAny"], false],
    [[], false],
  ])("canShorthand(%j) → %s", (shorthands, expected) => {
    expect(canShorthand(merged, shorthands)).toBe(expected);
  });

  it("throws on a malformed shorthand even when an earlier one is already denied", () => {
    expect(() => canShorthand(merged, ["Order.DeleteAny", "nonsense"])).toThrow(/Malformed/);
  });
});

describe("scopeFor", () => {
  const VERBS: Verb[] = ["Create", "Read", "Update", "Delete"];

  // Any/Own kinds: each verb, each way of holding it.
  const ANY_OWN_CASES = (["Order", "Template"] as Kind[]).flatMap((kind) =>
    VERBS.flatMap(
      (verb): Array<[Kind, Verb, string[], Scope]> => [
        [kind, verb, ["*"], "all"],
        [kind, verb, [`${verb}Any`], "all"],
        [kind, verb, [verb], "all"],
        [kind, verb, [`${verb}Own`], "own"],
        [kind, verb, [`${verb}Own`, `${verb}Any`], "all"],
        [kind, verb, [`${verb}Own`, verb], "all"],
        [kind, verb, [], "none"],
        [kind, verb, VERBS.filter((v) => v !== verb).flatMap((v) => [v, `${v}Any`, `${v}Own`]), "none"],
      ],
    ),
  );

  it.each(ANY_OWN_CASES)("%s %s with %j → %s", (kind, verb, held, expected) => {
    expect(scopeFor(set({ [kind]: held }), kind, verb)).toBe(expected);
  });

  const PLAIN_KINDS = KINDS.filter((kind) => kind !== "Order" && kind !== "Template");
  const PLAIN_CASES = PLAIN_KINDS.flatMap((kind) =>
    VERBS.flatMap(
      (verb): Array<[Kind, Verb, string[], Scope]> => [
        [kind, verb, ["*"], "all"],
        [kind, verb, [verb], "all"],
        [kind, verb, [`${verb}Any`], "none"],
        [kind, verb, [`${verb}Own`], "none"],
        [kind, verb, VERBS.filter((v) => v !== verb), "none"],
      ],
    ),
  );

  it.each(PLAIN_CASES)("%s %s with %j → %s", (kind, verb, held, expected) => {
    expect(scopeFor(set({ [kind]: held }), kind, verb)).toBe(expected);
  });

  it("is none without a permission set or for an absent kind", () => {
    expect(scopeFor(null, "Order", "Read")).toBe("none");
    expect(scopeFor(set({ Vendor: ["*"] }), "Order", "Read")).toBe("none");
  });
});
