import { describe, expect, it } from "vitest";
import { actionsOf } from "../../../src/access/catalogue";
import { KINDS } from "../../../src/access/kinds";
import {
  CRUD_ACTIONS,
  copyName,
  describePermissions,
  grantedCount,
  humanizeKind,
  isGranted,
  MATRIX_ROWS,
  matrixSections,
  toggle,
} from "../../../src/custom/admin/permission-matrix-model";
import { MENU_GROUPS } from "../../../src/resource-engine/menu-groups";

const kindsOf = (search: string) => matrixSections(search).flatMap((s) => s.rows.map((r) => r.kind));

describe("the permission matrix's rows", () => {
  it("has one row per kind, each with exactly the kind's own actions", () => {
    expect(MATRIX_ROWS.map((r) => r.kind).sort()).toEqual([...KINDS].sort());
    for (const row of MATRIX_ROWS) {
      expect(new Set([...CRUD_ACTIONS, "*", ...row.extras])).toEqual(new Set(actionsOf(row.kind)));
    }
    expect(MATRIX_ROWS.find((r) => r.kind === "Order")?.extras).toContain("ReadAny");
    expect(MATRIX_ROWS.find((r) => r.kind === "Vendor")?.extras).toEqual([]);
  });

  it("groups the kinds like the menu, in the menu's order", () => {
    const groups = matrixSections().map((s) => s.group);
    const ranked = groups.map((g) => (MENU_GROUPS as readonly string[]).indexOf(g));
    expect(ranked.every((rank) => rank >= 0)).toBe(true);
    expect(ranked).toEqual([...ranked].sort((a, b) => a - b));
    const admin = matrixSections().find((s) => s.group === "Administration");
    expect(admin?.rows.map((r) => r.kind)).toEqual(expect.arrayContaining(["Role", "Group", "User", "Site"]));
    expect(
      matrixSections()
        .find((s) => s.group === "Purchasing")
        ?.rows.map((r) => r.kind),
    ).toEqual(expect.arrayContaining(["Vendor", "VendorCategory", "PurchaseOrder"]));
  });

  it("search narrows the rows by label, kind, menu area or action, ignoring case", () => {
    expect(kindsOf("VENDOR").sort()).toEqual(["Vendor", "VendorCategory"]);
    expect(kindsOf("readpress")).toEqual(["ProductionStation"]);
    expect(kindsOf("purchasing").sort()).toEqual(["PurchaseOrder", "Vendor", "VendorCategory"]);
    expect(kindsOf("  ")).toHaveLength(KINDS.length);
    expect(matrixSections("no such thing")).toEqual([]);
    // Sections keep only their matching rows.
    expect(matrixSections("paper").map((s) => s.group)).toEqual(["Inventory"]);
  });

  it("labels undeclared kinds in words", () => {
    expect(humanizeKind("InventoryPaperBrand")).toBe("Inventory paper brand");
    expect(MATRIX_ROWS.find((r) => r.kind === "Group")?.label).toBe("User groups");
  });
});

describe("the matrix's toggles", () => {
  it("'*' grants the whole kind as ['*'] and clears it when unticked", () => {
    const on = toggle({ Order: ["ReadAny"] }, "Vendor", "*", true);
    expect(on).toEqual({ Order: ["ReadAny"], Vendor: ["*"] });
    expect(toggle({ Vendor: ["Read", "Update"] }, "Vendor", "*", true)).toEqual({ Vendor: ["*"] });
    expect(toggle(on, "Vendor", "*", false)).toEqual({ Order: ["ReadAny"] });
    expect(isGranted(on, "Vendor", "Delete")).toBe(true);
  });

  it("actions add and remove themselves, in the catalogue's order, dropping an empty kind", () => {
    let p = toggle({}, "Order", "UpdateAny", true);
    p = toggle(p, "Order", "ReadAny", true);
    p = toggle(p, "Order", "Read", true);
    expect(p).toEqual({ Order: ["Read", "ReadAny", "UpdateAny"] });
    p = toggle(p, "Order", "Read", false);
    p = toggle(p, "Order", "ReadAny", false);
    p = toggle(p, "Order", "UpdateAny", false);
    expect(p).toEqual({});
  });

  it("unticking one action of a '*' kind keeps all its other actions", () => {
    expect(toggle({ Run: ["*"] }, "Run", "Delete", false)).toEqual({
      Run: ["Create", "Read", "Update", "Tasks", "UpdateEndStatus"],
    });
  });

  it("never mutates the object it was given", () => {
    const before = { Vendor: ["Read"] };
    toggle(before, "Vendor", "Update", true);
    toggle(before, "Vendor", "*", true);
    expect(before).toEqual({ Vendor: ["Read"] });
  });

  it("counts and describes what a role grants", () => {
    const p = { Vendor: ["*"], VendorCategory: ["Read"] };
    const purchasing = matrixSections().find((s) => s.group === "Purchasing");
    expect(grantedCount(p, purchasing?.rows ?? [])).toBe(2);
    expect(describePermissions(p)).toEqual([
      { kind: "VendorCategory", label: "Vendor categories", actions: "Read" },
      { kind: "Vendor", label: "Vendors", actions: "All actions" },
    ]);
  });
});

describe("copyName", () => {
  it("names a copy “Copy of …”, numbering it while the name is taken", () => {
    expect(copyName("Press room")).toBe("Copy of Press room");
    expect(copyName("Press room", ["copy of press room"])).toBe("Copy of Press room (2)");
    expect(copyName("Press room", ["Copy of Press room", "Copy of Press room (2)"])).toBe(
      "Copy of Press room (3)",
    );
  });
});
